import { PrivateKey } from '@hashgraph/sdk';
import { GENESIS_ACCOUNT } from './ledger-accounts';
import type { LedgerDatabase } from './ledger-database';
import { createLedgerServer } from './ledger-server';
import { createConsensusNode, type ConsensusNode } from './grpc/consensus-node';
import { createMirrorGrpc } from './grpc/mirror-node';
import type { NodeEndpoint } from './grpc/system-files';
import { listenMirrorRest } from './mirror-port';
import { localNodeAccounts } from './local-node-accounts';

export type ServeLedgerOptions = {
  host: string;
  port: number;
  grpcPort: number;
  mirrorPort: number;
  mirrorGrpcPort: number;
  nodeCount: number;
  usdPerHbar: number;
  openToNetwork: boolean;
  /** The genesis account's key as DER hex, for a new ledger. */
  genesisKey: string | undefined;
  localNodeAccounts: boolean;
  /** The ledger's database, opening meanwhile. */
  database: Promise<LedgerDatabase>;
};

/** The ledger's HTTP, gRPC and mirror ports on `database`, listed as they open; stopped by a signal. */
export async function serveLedger({
  host,
  port,
  grpcPort,
  mirrorPort,
  mirrorGrpcPort,
  nodeCount,
  usdPerHbar,
  openToNetwork,
  genesisKey: genesisKeyDer,
  localNodeAccounts: withLocalNodeAccounts,
  database: databaseOpening,
}: ServeLedgerOptions): Promise<void> {
  const database = await databaseOpening;
  let genesisKey: PrivateKey | undefined;
  try {
    genesisKey = genesisKeyDer ? PrivateKey.fromStringDer(genesisKeyDer) : undefined;
  } catch {
    console.error('--genesis-key must be a private key, DER hex');
    process.exit(2);
  }
  const server = await createLedgerServer({
    db: database.db,
    usdPerHbar,
    openToNetwork: openToNetwork,
    genesisKey,
    localNodeAccounts: withLocalNodeAccounts,
  });
  const address = await server.app.listen({ port, host: host });
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
    const boundPort = await node.listen(host, grpcPort === 0 ? 0 : grpcPort + index);
    nodes.push(node);
    addressBook.push({ nodeAccountId, host: host, port: boundPort });
    console.log(`  consensus node ${nodeAccountId} (gRPC): ${host}:${boundPort}`);
  }
  const mirror = await listenMirrorRest(server.app, host, mirrorPort);
  console.log(`  mirror REST: http://${host}:${mirror.port}/api/v1 (and ${address}/ledger/api/v1)`);
  const mirrorGrpc = createMirrorGrpc({ db: database.db, addressBook: () => addressBook });
  const mirrorGrpcBound = await mirrorGrpc.listen(host, mirrorGrpcPort);
  console.log(`  mirror gRPC (topic subscriptions, address book): ${host}:${mirrorGrpcBound}`);
  console.log(`  consensus over HTTP: POST ${address}/ledger/transactions`);
  console.log(`  faucet: POST ${address}/ledger/faucet {"publicKey": "<DER hex>"}`);
  if (withLocalNodeAccounts) {
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
}
