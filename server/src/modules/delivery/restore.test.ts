import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { LedgerClient } from '@registry/ledger-client/ledger-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hederaModeEnv,
  startLocalLedgerProcess,
  type LocalLedgerProcess,
} from '../../testing/local-ledger-process';
import { buy, levelOn, mirrorId, openDrill, resolveOn, runAudit } from '../../testing/registry-drill';
import { buildServer, startServerProcess, type ServerProcess } from '../../testing/server-process';
import { createScratchPostgres, TEST_DATABASE_URL } from '../../testing/test-databases';
import { waitFor } from '../../testing/wait-for';

/** How long buyers keep buying after the backup. */
const TRAFFIC_MS = 60_000;

/** How an operator backs the database up and restores it, on each engine. */
type Backups = {
  env: Record<string, string>;
  /** Takes the backup (T0); on the embedded database the server is stopped for the copy and started again. */
  backup(stopServer: () => Promise<void>, startServer: () => Promise<void>): Promise<void>;
  /** Puts the backup back (the server stopped). */
  restore(): void;
  /** Jobs not done yet, read from the database (the server running, on PostgreSQL only). */
  openJobs(): Promise<number | null>;
  drop(): Promise<void>;
  /** Several servers may run on it at once (PostgreSQL; the embedded database is one process's). */
  shared: boolean;
};

async function postgresBackups(folder: string): Promise<Backups> {
  const scratch = await createScratchPostgres(TEST_DATABASE_URL!);
  const dump = path.join(folder, 't0.dump');
  return {
    env: { DATABASE_URL: scratch.url },
    async backup() {
      execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, scratch.url]);
    },
    restore() {
      execFileSync('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${scratch.url}`, dump]);
    },
    async openJobs() {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ open: number }>(
          `select count(*)::int as open from jobs where status in ('queued', 'running')`,
        );
        return rows[0]!.open;
      } finally {
        await client.end();
      }
    },
    drop: () => scratch.drop(),
    shared: true,
  };
}

/** The embedded database: its folder copied while the server is stopped, and copied back. */
function embeddedBackups(folder: string): Backups {
  const dataDir = path.join(folder, 'data');
  const copy = path.join(folder, 't0');
  return {
    env: { DATA_DIR: dataDir },
    async backup(stopServer, startServer) {
      await stopServer();
      cpSync(dataDir, copy, { recursive: true });
      await startServer();
    },
    restore() {
      rmSync(dataDir, { recursive: true, force: true });
      cpSync(copy, dataDir, { recursive: true });
    },
    openJobs: async () => null,
    drop: async () => undefined,
    shared: false,
  };
}

const engines = [
  { engine: 'the embedded database', backups: embeddedBackups },
  ...(TEST_DATABASE_URL ? [{ engine: 'PostgreSQL', backups: postgresBackups }] : []),
];

/**
 * An operator restores last night's backup: the compiled server with every worker, in the real-network
 * mode against `npx local-ledger` over gRPC; a backup at T0 (`pg_dump`, or a copy of the embedded
 * database's folder); then a minute of buyers (with and without the page's confirm, short payments,
 * names sent on to another wallet), an extension, web protection and a record change; the database
 * restored to T0 and the servers started again (two on PostgreSQL). They read the journal from where the
 * backup left it and put back what came after: every name answers as before, one NFT per name held by
 * its rightful holder, each payment delivered once or refunded once, and the audit finds nothing.
 */
describe.each(engines)(
  'a database restored to a backup older than the ledger, on $engine',
  ({ backups: make }) => {
    let ledger: LocalLedgerProcess;
    let server: ServerProcess | null = null;
    let backups: Backups;
    let env: Record<string, string>;
    let folder: string;

    beforeAll(async () => {
      buildServer();
      ledger = await startLocalLedgerProcess();
      const operator = await new LedgerClient(ledger.origin).openAccount();
      // HBAR dear enough that a minute of buying fits the faucet's grant to each buyer.
      await new LedgerClient(ledger.origin).setRate(100);
      folder = mkdtempSync(path.join(tmpdir(), 'registry-restore-'));
      backups = await make(folder);
      env = {
        ...hederaModeEnv(ledger, operator),
        ...backups.env,
        JOB_LEASE_MS: '2000',
        RELEASE_SWEEP_MS: '1000',
        // The drill asks the journal's status every 100 ms until it is sent.
        RATE_LIMIT_SEARCH: '100000',
      };
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
      await ledger?.stop();
      await backups?.drop();
      rmSync(folder, { recursive: true, force: true });
    });

    it('after a minute of traffic past the backup: one NFT per name with its rightful holder, each payment delivered or refunded once, and the audit finds nothing', async () => {
      server = await startServerProcess(env);
      const drill = await openDrill(ledger, () => server!, 'restore');
      const { buyer, chain, registry, cookieOf } = drill;

      // Quotes the backup will hold: one paid in full after it, one paid short after it.
      const kept = `${drill.run}kept.hbar`;
      const short = `${drill.run}short.hbar`;
      const keptQuote = await registry().quote(cookieOf(buyer), buy(kept));
      const shortQuote = await registry().quote(cookieOf(buyer), buy(short));
      await backups.backup(
        () => server!.stop(),
        async () => {
          server = await startServerProcess(env);
        },
      );

      // After the backup: the held quotes paid, the first name extended, protected and its records
      // changed, a minute of buyers, a name released and sold again, names sent on to a friend.
      drill.deliveredPayments.push(mirrorId(await chain.pay(buyer, keptQuote)));
      drill.holderOf.set(kept, buyer);
      await drill.payShort(buyer, shortQuote);
      await drill.changeFirst();
      const { resold } = await drill.traffic(TRAFFIC_MS);
      await drill.settled();
      const names = [...drill.holderOf.keys()];
      const before = await resolveOn(server, names);

      // The disk is lost; the backup comes back, and the servers start on it.
      await server.stop();
      backups.restore();
      server = await startServerProcess(env);
      const second = backups.shared ? await startServerProcess(env) : null;
      try {
        await drill.signInAll();
        for (const each of [server, second]) if (each) await levelOn(each);
        // The watchers read the payments again from where the backup left it, and the jobs run.
        await waitFor(async () => ((await backups.openJobs()) ?? 0) === 0, 90_000);
        // Whatever the watchers would still do wrong has had their rounds.
        await new Promise((resolve) => setTimeout(resolve, 3000));

        // Read from the ledger: one live NFT per name, held by its rightful holder (the short quote's
        // name has none); each payment delivered once or refunded once, never both.
        const agreed = await drill.ledgerAgrees();
        expect(agreed).toMatchObject({
          wrongHolders: [],
          liveNfts: names.length,
          shortRefundedOnce: drill.shortPayments.length,
          deliveredRefunded: 0,
          refunds: drill.shortPayments.length,
        });

        // Every name answers as before the restore: holders, expiries (the extension paid after the
        // backup included), records; the name released and sold again is its second buyer's.
        expect(await resolveOn(server, names)).toEqual(before);
        if (second) expect(await resolveOn(second, names)).toEqual(before);
        expect(before[resold]?.accountId).toBe(drill.buyers[2]!.accountId);
        expect(names).not.toContain(short);
        const audit = await runAudit(server.origin);
        expect(audit.output).toContain('0 differences');
        expect(audit.code).toBe(0);

        // Someone else asking for a name the backup never knew meets the ledger's answer: taken.
        const stranger = await chain.openAccount();
        const strangerCookie = await registry().signIn(stranger);
        const refused = await fetch(`${server.origin}/api/orders/quote`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: strangerCookie },
          body: JSON.stringify(buy(`${drill.run}t0.hbar`)),
        });
        expect(refused.status).toBe(409);
        expect(await refused.json()).toMatchObject({ code: 'DOMAINS_TAKEN' });
        console.log(
          `restore drill on ${backups.shared ? 'PostgreSQL, two servers' : 'the embedded database'}: ${agreed.names} names, ${drill.deliveredPayments.length} payments delivered, ${agreed.shortRefundedOnce} short payments refunded once, ${agreed.liveNfts} live NFTs`,
        );
      } finally {
        await second?.stop();
      }
    }, 420_000);
  },
);
