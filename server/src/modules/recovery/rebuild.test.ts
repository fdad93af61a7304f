import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LedgerClient } from '@registry/ledger-client/ledger-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hederaModeEnv,
  startLocalLedgerProcess,
  type LocalLedgerProcess,
} from '../../testing/local-ledger-process';
import { journalOn, levelOn, openDrill, resolveOn, runAudit } from '../../testing/registry-drill';
import { buildServer, startServerProcess, type ServerProcess } from '../../testing/server-process';
import { createScratchPostgres, TEST_DATABASE_URL } from '../../testing/test-databases';
import { waitFor } from '../../testing/wait-for';

/** How long buyers keep buying before the database is lost. */
const TRAFFIC_MS = 60_000;

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
    // HBAR dear enough that a minute of buying fits the faucet's grant to each buyer.
    await new LedgerClient(ledger.origin).setRate(100);
    env = {
      ...hederaModeEnv(ledger, operator),
      JOB_LEASE_MS: '2000',
      RELEASE_SWEEP_MS: '1000',
      // The drill asks the journal's status every 100 ms until it is sent.
      RATE_LIMIT_SEARCH: '100000',
    };
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await ledger?.stop();
    await databases?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('after a minute of traffic: answers every name as before, pays nobody twice, and the audit finds nothing', async () => {
    server = await startServerProcess({ ...env, ...(await databases.next()) });
    const drill = await openDrill(ledger, () => server!, 'rebuild');
    const { buyer, registry, cookieOf } = drill;

    // The first name extended, protected, a record changed, made the primary name, a subdomain booked;
    // a minute of buyers, a name released and sold again, names sent on to a friend.
    await drill.changeFirst();
    await registry().setPrimaryName(cookieOf(buyer), drill.first);
    const blog = `blog.${drill.first}`;
    await registry().purchase(buyer, cookieOf(buyer), {
      kind: 'subdomain',
      parent: drill.first,
      label: 'blog',
    });
    drill.holderOf.set(blog, buyer);
    await drill.traffic(TRAFFIC_MS);
    await drill.settled();
    const names = [...drill.holderOf.keys()];
    const before = await resolveOn(server, names);
    expect(before[drill.first]).toMatchObject({ isPrimaryName: true, accountId: buyer.accountId });
    const { topicId } = await journalOn(server);

    // The database is lost, with no backup; a server starts on an empty one, given the journal's topic.
    await server.stop();
    server = await startServerProcess({ ...env, ...(await databases.next()), JOURNAL_TOPIC_ID: topicId });
    await levelOn(server);

    expect(await resolveOn(server, names)).toEqual(before);
    const audit = await runAudit(server.origin);
    expect(audit.output).toContain('0 differences');
    expect(audit.code).toBe(0);

    // The watcher reads every payment again from the first: nobody is refunded twice or wrongly.
    await waitFor(async () => (await journalOn(server!)).unsent === 0, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const agreed = await drill.ledgerAgrees();
    expect(agreed).toMatchObject({
      wrongHolders: [],
      liveNfts: names.length,
      shortRefundedOnce: drill.shortPayments.length,
      deliveredRefunded: 0,
      refunds: drill.shortPayments.length,
    });
    // The buyer signs in again (sessions are not kept on the ledger) and sees their names.
    await drill.signInAll();
    const listed = (await registry().domainsOf(cookieOf(buyer))).map((domain) => domain.itemName);
    const theirs = names.filter((name) => drill.holderOf.get(name) === buyer);
    expect(listed.sort()).toEqual(theirs.sort());
    console.log(
      `rebuild drill: ${agreed.names} names answer as before, ${drill.deliveredPayments.length} payments delivered, ${agreed.shortRefundedOnce} short payments refunded once (none twice after the rebuild)`,
    );
  }, 420_000);
});
