import { parseArgs } from 'node:util';
import { PrivateKey } from '@hashgraph/sdk';
import { GENESIS_ACCOUNT } from './ledger-accounts';
import { openLedgerDatabase } from './ledger-database';
import { createLedgerServer } from './ledger-server';
import { createConsensusNode, type ConsensusNode } from './grpc/consensus-node';
import { createMirrorGrpc } from './grpc/mirror-node';
import type { NodeEndpoint } from './grpc/system-files';
import { listenMirrorRest } from './mirror-port';
import { localNodeAccounts } from './local-node-accounts';

const USAGE = `Usage: local-ledger [--port 5599] [--grpc-port 50211] [--mirror-port 5551] [--mirror-grpc-port 5600]
                    [--nodes 1] [--host 127.0.0.1] [--data-dir DIR | --database-url URL] [--usd-per-hbar 0.05]
                    [--open] [--genesis-key DER] [--local-node-accounts]

A Hedera ledger and mirror node in one process. Hedera's SDKs reach its consensus node 0.0.3 over
gRPC, its mirror REST at :5551/api/v1 and the mirror's gRPC API (topic subscriptions, the address
book) at :5600, as Client.forLocalNode() expects; --nodes runs up to 7
(0.0.3 to 0.0.9, on consecutive ports). Signed transaction bytes may also be posted to
POST /ledger/transactions, and the mirror read at /ledger/api/v1/... on --port too; fund accounts
with POST /ledger/faucet. Without --data-dir or --database-url its state lives in a temporary folder,
removed when it stops. --genesis-key gives a new ledger's genesis account 0.0.2 that key (development only).
--local-node-accounts starts a new ledger as hiero-local-node does: 0.0.2 with its operator key and
its thirty funded accounts (ECDSA 0.0.1002-0.0.1011, ECDSA with an EVM alias 0.0.1012-0.0.1021,
Ed25519 0.0.1022-0.0.1031), so a .env written for it works unchanged.`;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5599' },
    'grpc-port': { type: 'string', default: '50211' },
    'mirror-port': { type: 'string', default: '5551' },
    'mirror-grpc-port': { type: 'string', default: '5600' },
    nodes: { type: 'string', default: '1' },
    host: { type: 'string', default: '127.0.0.1' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    'usd-per-hbar': { type: 'string', default: '0.05' },
    open: { type: 'boolean', default: false },
    'genesis-key': { type: 'string' },
    'local-node-accounts': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const isPort = (value: number) => Number.isInteger(value) && value >= 0 && value <= 65_535;
const port = Number(values.port);
const grpcPort = Number(values['grpc-port']);
const mirrorPort = Number(values['mirror-port']);
const mirrorGrpcPort = Number(values['mirror-grpc-port']);
const nodeCount = Number(values.nodes);
const usdPerHbar = Number(values['usd-per-hbar']);
const validNodes = Number.isInteger(nodeCount) && nodeCount >= 1 && nodeCount <= 7;
const ports = [port, grpcPort, mirrorPort, mirrorGrpcPort];
if (!ports.every(isPort) || !validNodes || !(usdPerHbar > 0)) {
  console.error(USAGE);
  process.exit(2);
}

const database = await openLedgerDatabase(
  values['database-url'] ? { url: values['database-url'] } : { dataDir: values['data-dir'] ?? null },
);
let genesisKey: PrivateKey | undefined;
try {
  genesisKey = values['genesis-key'] ? PrivateKey.fromStringDer(values['genesis-key']) : undefined;
} catch {
  console.error('--genesis-key must be a private key, DER hex');
  process.exit(2);
}
const server = await createLedgerServer({
  db: database.db,
  usdPerHbar,
  openToNetwork: values.open,
  genesisKey,
  localNodeAccounts: values['local-node-accounts'],
});
const address = await server.app.listen({ port, host: values.host });
console.log(`Local ledger on ${address}`);
const nodes: ConsensusNode[] = [];
const addressBook: NodeEndpoint[] = [];
for (let index = 0; index < nodeCount; index += 1) {
  const nodeAccountId = `0.0.${3 + index}`;
  const node = createConsensusNode({
    ledger: server.ledger,
    db: database.db,
    nodeAccountId,
    rate: server.rate,
    addressBook: () => addressBook,
  });
  const boundPort = await node.listen(values.host, grpcPort === 0 ? 0 : grpcPort + index);
  nodes.push(node);
  addressBook.push({ nodeAccountId, host: values.host, port: boundPort });
  console.log(`  consensus node ${nodeAccountId} (gRPC): ${values.host}:${boundPort}`);
}
const mirror = await listenMirrorRest(server.app, values.host, mirrorPort);
console.log(`  mirror REST: http://${values.host}:${mirror.port}/api/v1 (and ${address}/ledger/api/v1)`);
const mirrorGrpc = createMirrorGrpc({ db: database.db, addressBook: () => addressBook });
const mirrorGrpcBound = await mirrorGrpc.listen(values.host, mirrorGrpcPort);
console.log(`  mirror gRPC (topic subscriptions, address book): ${values.host}:${mirrorGrpcBound}`);
console.log(`  consensus over HTTP: POST ${address}/ledger/transactions`);
console.log(`  faucet: POST ${address}/ledger/faucet {"publicKey": "<DER hex>"}`);
if (values['local-node-accounts']) {
  // Listed as hiero-local-node lists them (raw keys with 0x), from what the ledger holds now.
  console.log("  development accounts (hiero-local-node's; development only):");
  for (const account of localNodeAccounts()) {
    const balance = (await server.ledger.balanceTinybars(`0.0.${account.accountNum}`)) ?? 0n;
    const alias = account.evmAddress ? ` - 0x${account.evmAddress}` : '';
    console.log(
      `    0.0.${account.accountNum} - ${account.kind}${alias} - 0x${account.privateKey.toStringRaw()} - ${balance / 100_000_000n} ℏ`,
    );
  }
}
console.log(
  `  genesis account ${GENESIS_ACCOUNT}, key (development only): ${server.writer.operatorKey.toStringDer()}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    mirror.close();
    await Promise.all([server.app.close(), mirrorGrpc.close(), ...nodes.map((node) => node.close())]);
    await database.close();
    process.exit(0);
  });
}
