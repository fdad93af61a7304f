import { AccountId, Client, type TransactionId } from '@hashgraph/sdk';
import { createConsensusNode, type ConsensusNode } from '../grpc/consensus-node';
import { GENESIS_ACCOUNT } from '../ledger-accounts';
import type { LedgerDatabase } from '../ledger-database';
import { createLedgerServer, type LedgerServer } from '../ledger-server';

export type GrpcLedger = {
  database: LedgerDatabase;
  server: LedgerServer;
  node: ConsensusNode;
  /** An SDK client of the genesis account, pointed at the node as at a network of one. */
  client: Client;
  close(): Promise<void>;
};

/** A local ledger with one gRPC consensus node in front of it, on a fresh database. */
export async function startGrpcLedger(open: () => Promise<LedgerDatabase>): Promise<GrpcLedger> {
  const database = await open();
  const server = await createLedgerServer({ db: database.db });
  let port = 0;
  const node = createConsensusNode({
    ledger: server.ledger,
    db: database.db,
    rate: server.rate,
    addressBook: () => [{ nodeAccountId: '0.0.3', host: '127.0.0.1', port }],
  });
  port = await node.listen('127.0.0.1', 0);
  const client = Client.forNetwork({ [`127.0.0.1:${port}`]: new AccountId(3) }).setOperator(
    GENESIS_ACCOUNT,
    server.writer.operatorKey,
  );
  return {
    database,
    server,
    node,
    client,
    async close() {
      client.close();
      await node.close();
      await server.app.close();
      await database.close();
    },
  };
}

/** A transaction id as the mirror REST writes it in a path: `0.0.2-1700000000-000000001`. */
export const mirrorIdOf = (id: TransactionId) =>
  id
    .toString()
    .replace('@', '-')
    .replace(/\.(\d+)$/, '-$1');
