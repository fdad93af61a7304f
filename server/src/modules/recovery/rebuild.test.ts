import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DELIVERED_STATUS, type QuoteRequest } from '@registry/contracts/orders';
import type { ResolveResponse } from '@registry/contracts/records';
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

const buy = (name: string): QuoteRequest => ({
  kind: 'domains',
  items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
});

/** The audit command, as anyone runs it against the registry (and the mirror it names). */
function runAudit(origin: string) {
  const bin = fileURLToPath(new URL('../../../../packages/audit/bin/registry-audit.mjs', import.meta.url));
  return new Promise<{ code: number; output: string }>((resolve) =>
    execFile(process.execPath, [bin, '--registry', origin], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }),
    ),
  );
}

/** A database for each run: a fresh PostgreSQL database, or a fresh embedded one (a new DATA_DIR). */
type FreshDatabases = { next(): Promise<Record<string, string>>; drop(): Promise<void> };

function embeddedDatabases(folder: string): FreshDatabases {
  let count = 0;
  return {
    next: async () => ({ DATA_DIR: path.join(folder, `data-${(count += 1)}`) }),
    drop: async () => undefined,
  };
}

function postgresDatabases(): FreshDatabases {
  const made: Array<{ drop(): Promise<void> }> = [];
  return {
    async next() {
      const scratch = await createScratchPostgres(TEST_DATABASE_URL!);
      made.push(scratch);
      return { DATABASE_URL: scratch.url };
    },
    drop: async () => void (await Promise.all(made.map((scratch) => scratch.drop()))),
  };
}

const engines = [
  { engine: 'the embedded database', databases: embeddedDatabases },
  ...(TEST_DATABASE_URL ? [{ engine: 'PostgreSQL', databases: () => postgresDatabases() }] : []),
];

/**
 * The database is lost with no backup: a server started on an empty database with the registry's journal
 * topic (`JOURNAL_TOPIC_ID`) rebuilds names, holders, expiries, records, subdomains and primary names from
 * the journal, the collections and the payments, and pays nobody twice.
 */
describe.each(engines)('a registry rebuilt from the ledger alone, on $engine', ({ databases: make }) => {
  let ledger: LocalLedgerProcess;
  let server: ServerProcess | null = null;
  let databases: FreshDatabases;
  let env: Record<string, string>;
  let folder: string;

  beforeAll(async () => {
    buildServer();
    ledger = await startLocalLedgerProcess();
    const operator = await new LedgerClient(ledger.origin).openAccount();
    folder = mkdtempSync(path.join(tmpdir(), 'registry-rebuild-'));
    databases = make(folder);
    env = { ...hederaModeEnv(ledger, operator), JOB_LEASE_MS: '2000' };
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await ledger?.stop();
    await databases?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  async function refundsTo(account: LedgerAccount): Promise<string[]> {
    const response = await fetch(
      `${ledger.origin}/ledger/api/v1/transactions?account.id=${account.accountId}&order=asc&limit=100`,
    );
    const { transactions } = (await response.json()) as {
      transactions: {
        memo_base64: string;
        result: string;
        transfers: { account: string; amount: number }[];
      }[];
    };
    return transactions
      .filter((record) => record.result === 'SUCCESS')
      .filter((record) => record.transfers.some((t) => t.account === account.accountId && t.amount > 0))
      .map((record) => Buffer.from(record.memo_base64 ?? '', 'base64').toString())
      .filter((memo) => memo.startsWith('refund '));
  }

  const resolveAll = async (names: string[]) => {
    const response = await fetch(`${server!.origin}/api/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ names }),
    });
    return ((await response.json()) as { names: Record<string, ResolveResponse | null> }).names;
  };
  const journalOf = async () =>
    (await (await fetch(`${server!.origin}/api/journal`)).json()) as { topicId: string; unsent: number };

  it('answers every name as before, pays nobody twice, and the audit finds nothing', async () => {
    server = await startServerProcess({ ...env, ...(await databases.next()) });
    const registry = () => new LedgerClient(server!.origin, { ledgerOrigin: ledger.origin });
    const chain = new LedgerClient(ledger.origin);
    const buyer = await chain.openAccount();
    const friend = await chain.openAccount();
    const cookie = await registry().signIn(buyer);
    const run = Date.now().toString(36);
    const delivered = async (name: string) =>
      (await registry().domainsOf(cookie)).some(
        (domain) => domain.itemName === name && domain.status === DELIVERED_STATUS,
      );

    // A name bought with the page's confirm, its collection associated; one paid without it.
    const first = `rebuild${run}a.hbar`;
    await registry().purchase(buyer, cookie, buy(first));
    await waitFor(async () => Boolean(await registry().collectionOf(cookie, first)), 60_000);
    await registry().collect(buyer, cookie, first);
    const second = `rebuild${run}b.hbar`;
    await chain.pay(buyer, await registry().quote(cookie, buy(second)));
    await waitFor(async () => (await delivered(first)) && (await delivered(second)), 60_000);

    // Extended, subscribed, a record set and made active, a primary name, a subdomain.
    await registry().purchase(buyer, cookie, { kind: 'extend', itemName: first, months: 24 });
    await registry().purchase(buyer, cookie, { kind: 'subscription', itemName: first });
    await registry().setRecord(buyer, cookie, first, 'twitter', 'https://twitter.com/rebuilt');
    await registry().setPrimaryName(cookie, first);
    await registry().purchase(buyer, cookie, { kind: 'subdomain', parent: first, label: 'blog' });
    await waitFor(() => delivered(`blog.${first}`), 60_000);

    // The second name's NFT goes to a friend; a short payment is refunded.
    const collection = (await registry().collectionOf(cookie, second))!;
    await chain.associate(friend, collection);
    const secondSerial = (await resolveAll([second]))[second]!.serialNo!;
    await chain.sendNft(buyer, collection, secondSerial, friend.accountId);
    const shortQuote = await registry().quote(cookie, buy(`rebuild${run}short.hbar`));
    await chain.pay(buyer, {
      ...shortQuote,
      amountTinybars: String(BigInt(shortQuote.amountTinybars) - 100n),
    });
    await waitFor(async () => (await refundsTo(buyer)).length === 1, 60_000);

    const names = [first, second, `blog.${first}`];
    await waitFor(async () => (await resolveAll([second]))[second]?.accountId === friend.accountId, 60_000);
    await waitFor(async () => (await journalOf()).unsent === 0, 60_000);
    const before = await resolveAll(names);
    const { topicId } = await journalOf();
    expect((await runAudit(server.origin)).output).toContain('0 differences');

    // The database is lost; a server starts on an empty one, given the journal's topic.
    await server.stop();
    server = await startServerProcess({ ...env, ...(await databases.next()), JOURNAL_TOPIC_ID: topicId });
    await waitFor(async () => {
      const health = (await (await fetch(`${server!.origin}/healthz`)).json()) as {
        journal?: { phase: string };
      };
      return health.journal?.phase === 'level';
    }, 60_000);

    expect(await resolveAll(names)).toEqual(before);
    const audit = await runAudit(server.origin);
    expect(audit.output).toContain('0 differences');
    expect(audit.code).toBe(0);

    // The watcher reads every payment again from the first: nobody is refunded twice or wrongly.
    await waitFor(async () => (await journalOf()).unsent === 0, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(await refundsTo(buyer)).toHaveLength(1);
    const holders = await ledger.nftHolders(collection);
    expect(holders.get(first)).toEqual([buyer.accountId]);
    expect(holders.get(second)).toEqual([friend.accountId]);
    expect(holders.get(`blog.${first}`)).toEqual([buyer.accountId]);
    // The buyer signs in again (sessions are not kept on the ledger) and sees their names.
    const again = await registry().signIn(buyer);
    const listed = (
      await new LedgerClient(server.origin, { ledgerOrigin: ledger.origin }).domainsOf(again)
    ).map((domain) => domain.itemName);
    expect(listed.sort()).toEqual([first, `blog.${first}`].sort());
  }, 300_000);
});
