import {
  AccountBalanceQuery,
  AccountCreateTransaction,
  AccountId,
  Client,
  Hbar,
  PrivateKey,
  type Status,
  type Transaction,
  type TransactionId,
} from '@hashgraph/sdk';
import { afterAll, beforeAll } from 'vitest';
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

/**
 * A gRPC ledger for one suite: started before its tests and closed after them, with the helpers its
 * tests share. Read `client` and `server` inside tests (they exist once the suite started).
 */
export function ledgerForSuite(open: () => Promise<LedgerDatabase>) {
  let grpc: GrpcLedger | undefined;
  beforeAll(async () => {
    grpc = await startGrpcLedger(open);
  });
  const clients: Client[] = [];
  afterAll(async () => {
    for (const client of clients) client.close();
    await grpc?.close();
  });
  const started = () => {
    if (!grpc) throw new Error('the suite ledger has not started');
    return grpc;
  };
  const balanceOf = (id: string) => new AccountBalanceQuery().setAccountId(id).execute(started().client);
  return {
    /** A new account holding `hbar` under a new key, with a client of its own that pays as it. */
    async newAccount(hbar: number, key: PrivateKey = PrivateKey.generateED25519()) {
      const { client } = started();
      const id = (
        await (
          await new AccountCreateTransaction()
            .setKeyWithoutAlias(key.publicKey)
            .setInitialBalance(new Hbar(hbar))
            .execute(client)
        ).getReceipt(client)
      ).accountId!.toString();
      const own = Client.forNetwork(client.network).setOperator(id, key);
      clients.push(own);
      return { id, key, client: own };
    },
    /** An account's HBAR, in tinybars. */
    async hbarOf(id: string) {
      return (await balanceOf(id)).hbars.toTinybars().toNumber();
    },
    /** An account's units of a fungible token (0 when it holds none). */
    async unitsOf(id: string, tokenId: string) {
      return (await balanceOf(id)).tokens?.get(tokenId)?.toNumber() ?? 0;
    },
    get client() {
      return started().client;
    },
    get server() {
      return started().server;
    },
    /** The mirror REST's answer to `path` (under `/api/v1`), as JSON. */
    async mirror<T>(path: string): Promise<T> {
      const answer = await started().server.app.inject({ method: 'GET', url: `/ledger/api/v1${path}` });
      return answer.json() as T;
    },
    /** Executes `transaction` signed by `signers` besides the operator: its response. */
    async execute<T extends Transaction>(transaction: T, signers: PrivateKey[]) {
      const { client } = started();
      let frozen = transaction.freezeWith(client);
      for (const signer of signers) frozen = (await frozen.sign(signer)) as T;
      return frozen.execute(client);
    },
    /** Executes `transaction` signed by `signers` (besides the payer's operator): its receipt's status, or the refusal's. */
    async statusOf<T extends Transaction>(transaction: T, signers: PrivateKey[] = [], payer?: Client) {
      const by = payer ?? started().client;
      let frozen = transaction.freezeWith(by);
      for (const signer of signers) frozen = (await frozen.sign(signer)) as T;
      try {
        return (await (await frozen.execute(by)).getReceipt(by)).status.toString();
      } catch (error) {
        return (error as { status?: Status }).status?.toString() ?? String(error);
      }
    },
  };
}
