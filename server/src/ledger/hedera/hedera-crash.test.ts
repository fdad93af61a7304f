import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Hbar, TokenAssociateTransaction, TransferTransaction, type Client } from '@hashgraph/sdk';
import { DELIVERED_STATUS, type QuoteResponse } from '@registry/contracts/orders';
import { LedgerClient, type LedgerAccount } from '@registry/ledger-client/ledger-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hederaModeEnv,
  startLocalLedgerProcess,
  type LocalLedgerProcess,
} from '../../testing/local-ledger-process';
import { buildServer, startServerProcess, type ServerProcess } from '../../testing/server-process';
import { createScratchPostgres, TEST_DATABASE_URL } from '../../testing/test-databases';
import { waitFor } from '../../testing/wait-for';

/** Enough names for several mints of up to ten, so the kill can land among them. */
const NAMES = 40;
/** Rounds of payments tried until a kill lands among the mints (and, on PostgreSQL, before their journal messages). */
const ROUNDS = 5;

/**
 * The registry as it runs on testnet (compiled, every worker on, LEDGER=hedera over gRPC and the mirror
 * REST of `npx local-ledger` in a process of its own), killed with SIGKILL while it mints and journals:
 * after the restart every paid name is delivered with exactly one NFT, and its changes are on the journal
 * topic once each (none lost between a commit and its message, none sent twice).
 */
describe('kill -9 while minting on a Hedera network', () => {
  let ledger: LocalLedgerProcess;
  let server: ServerProcess | null = null;
  let database: {
    env: Record<string, string>;
    drop(): Promise<void>;
    /** Journal entries committed and not on the topic (read while the server is down; PostgreSQL only). */
    unsentEntries?: () => Promise<number>;
  };
  let env: Record<string, string>;

  beforeAll(async () => {
    buildServer();
    ledger = await startLocalLedgerProcess();
    const operator = await new LedgerClient(ledger.origin).openAccount();
    if (TEST_DATABASE_URL) {
      const scratch = await createScratchPostgres(TEST_DATABASE_URL);
      database = {
        env: { DATABASE_URL: scratch.url },
        drop: () => scratch.drop(),
        async unsentEntries() {
          const client = new pg.Client({ connectionString: scratch.url });
          await client.connect();
          try {
            const { rows } = await client.query<{ unsent: number }>(
              'select count(*)::int as unsent from journal_entries where sequence_number is null',
            );
            return rows[0]!.unsent;
          } finally {
            await client.end();
          }
        },
      };
    } else {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-hedera-crash-'));
      database = {
        env: { DATA_DIR: dataDir },
        drop: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    }
    env = {
      ...database.env,
      ...hederaModeEnv(ledger, operator),
      JOB_LEASE_MS: '2000',
      JOB_CONCURRENCY: '1',
      RATE_LIMIT_SEARCH: '10000',
    };
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await ledger?.stop();
    await database?.drop();
  });

  /** The journal topic's messages, read whole from the mirror node. */
  async function topicMessages(topicId: string) {
    const messages: Array<{ id: string; uid: string; e: string }> = [];
    let next: string | null = `/api/v1/topics/${topicId}/messages?limit=100`;
    while (next) {
      const page = (await (await fetch(`${ledger.origin}/ledger${next}`)).json()) as {
        messages: { message: string }[];
        links: { next: string | null };
      };
      for (const item of page.messages)
        messages.push(JSON.parse(Buffer.from(item.message, 'base64').toString()));
      next = page.links.next;
    }
    return messages;
  }

  async function pay(buyer: { account: LedgerAccount; client: Client }, quote: QuoteResponse) {
    const response = await new TransferTransaction()
      .addHbarTransfer(buyer.account.accountId, Hbar.fromTinybars(`-${quote.amountTinybars}`))
      .addHbarTransfer(quote.treasuryAccountId, Hbar.fromTinybars(quote.amountTinybars))
      .setTransactionMemo(quote.memo)
      .execute(buyer.client);
    expect((await response.getReceipt(buyer.client)).status.toString()).toBe('SUCCESS');
  }

  it('delivers every paid name exactly once after a restart', async () => {
    server = await startServerProcess(env);
    // The server of the moment: each restart may listen on another port.
    const registry = () => new LedgerClient(server!.origin);
    const account = await new LedgerClient(ledger.origin).openAccount();
    const buyer = { account, client: ledger.clientFor(account.accountId, account.privateKey) };
    // The faucet's 10,000 HBAR pay for one round of names at 200 HBAR each: the buyer gets enough for
    // every round the kill may need (and the first name), from the genesis account.
    const genesis = ledger.clientFor(ledger.genesis.accountId, ledger.genesis.key);
    const funding = await new TransferTransaction()
      .addHbarTransfer(ledger.genesis.accountId, new Hbar(-500 * NAMES * ROUNDS))
      .addHbarTransfer(account.accountId, new Hbar(500 * NAMES * ROUNDS))
      .execute(genesis);
    expect((await funding.getReceipt(genesis)).status.toString()).toBe('SUCCESS');
    genesis.close();
    const cookie = await registry().signIn(account);
    const run = Date.now().toString(36);
    const quoteOf = (name: string) =>
      registry().quote(cookie, {
        kind: 'domains',
        items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
      });
    const deliveredCount = async () =>
      (await registry().domainsOf(cookie)).filter((domain) => domain.status === DELIVERED_STATUS).length;

    try {
      // A first name makes the .hbar collection; the buyer associates it, so each later mint is delivered.
      await pay(buyer, await quoteOf(`crash${run}first.hbar`));
      let collection: string | null = null;
      await waitFor(async () => {
        collection = await registry().collectionOf(cookie, `crash${run}first.hbar`);
        return Boolean(collection);
      }, 60_000);
      const association = await (
        await new TokenAssociateTransaction()
          .setAccountId(account.accountId)
          .setTokenIds([collection!])
          .freezeWith(buyer.client)
          .sign(account.privateKey)
      ).execute(buyer.client);
      expect((await association.getReceipt(buyer.client)).status.toString()).toBe('SUCCESS');
      await fetch(`${server.origin}/api/orders/deliveries`, { method: 'POST', headers: { cookie } });
      await waitFor(async () => (await deliveredCount()) === 1, 60_000);

      // Paid at once, never confirmed by a page: the watcher finds the payments and mints them in batches.
      // A loaded machine may mint a whole round before the kill, or send every journal message of it;
      // then the server is restarted and another round is paid, until a kill lands among the mints and
      // (where the test can see the journal's queue) before some of their messages were sent.
      const paidNames: string[] = [];
      let killedAmongMints = false;
      let killedBeforeMessages = false;
      const landed = () => killedAmongMints && (killedBeforeMessages || !database.unsentEntries);
      for (let round = 0; round < ROUNDS && !landed(); round += 1) {
        const names = Array.from({ length: NAMES }, (_, index) => `crash${run}r${round}n${index}.hbar`);
        const quotes = [];
        for (const name of names) quotes.push(await quoteOf(name));
        const deliveredBefore = await deliveredCount();
        await Promise.all(quotes.map((quote) => pay(buyer, quote)));
        paidNames.push(...names);
        await waitFor(async () => (await deliveredCount()) > deliveredBefore, 60_000);
        process.kill(server.pid, 'SIGKILL');
        await waitFor(async () => server!.exitCode() !== null, 10_000);
        expect(server.exitCode()).toBe('SIGKILL');
        const mintedBeforeRestart = (await ledger.nftHolders(collection!)).size;
        killedAmongMints ||= mintedBeforeRestart < paidNames.length + 1;
        if (database.unsentEntries) killedBeforeMessages ||= (await database.unsentEntries()) > 0;

        server = await startServerProcess(env);
        await waitFor(async () => (await deliveredCount()) === paidNames.length + 1, 120_000);
      }
      expect(killedAmongMints, 'a kill landed among the mints').toBe(true);

      const holders = await ledger.nftHolders(collection!);
      for (const name of paidNames) expect(holders.get(name), name).toEqual([account.accountId]);
      expect(holders.size).toBe(paidNames.length + 1);

      // Every change committed before a kill reached the journal after the restart, each once.
      if (database.unsentEntries)
        expect(killedBeforeMessages, 'a kill landed before messages were sent').toBe(true);
      await waitFor(async () => {
        const journal = (await (await fetch(`${server!.origin}/api/journal`)).json()) as { unsent: number };
        return journal.unsent === 0;
      }, 60_000);
      const { topicId } = (await (await fetch(`${server.origin}/api/journal`)).json()) as { topicId: string };
      const messages = await topicMessages(topicId);
      const ids = messages.map((message) => message.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const name of [`crash${run}first.hbar`, ...paidNames])
        expect(
          messages.filter((message) => message.uid === name).map((message) => message.e),
          name,
        ).toEqual(['registered', 'minted']);
    } finally {
      buyer.client.close();
    }
  }, 300_000);
});
