import { parseArgs } from 'node:util';

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

// The database starts opening (a new folder's cluster copied on a thread of its own) before the rest of
// the ledger's code loads.
const { openLedgerDatabase } = await import('./ledger-database');
const databaseOpening = openLedgerDatabase(
  values['database-url'] ? { url: values['database-url'] } : { dataDir: values['data-dir'] ?? null },
);
// Awaited below; a failure before then is reported there, not as an unhandled rejection.
databaseOpening.catch(() => undefined);
const { serveLedger } = await import('./serve-ledger');
await serveLedger({
  host: values.host,
  port,
  grpcPort,
  mirrorPort,
  mirrorGrpcPort,
  nodeCount,
  usdPerHbar,
  openToNetwork: values.open,
  genesisKey: values['genesis-key'],
  localNodeAccounts: values['local-node-accounts'],
  database: databaseOpening,
});
