import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DELIVERED_STATUS, type QuoteRequest, type QuoteResponse } from '@registry/contracts/orders';
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

/** A transaction id as the mirror node writes it (and the registry's refund memos name it). */
const mirrorId = (sdkId: string) => {
  const [account, validStart] = sdkId.split('@');
  return `${account}-${validStart!.replace('.', '-')}`;
};

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
  };
}

const engines = [
  { engine: 'the embedded database', backups: embeddedBackups },
  ...(TEST_DATABASE_URL ? [{ engine: 'PostgreSQL', backups: postgresBackups }] : []),
];

/**
 * An operator restores last night's backup: the compiled server with every worker, in the real-network
 * mode against `npx local-ledger` over gRPC; a backup at T0 (`pg_dump`, or a copy of the embedded
 * database's folder), purchases and a short payment after it, the database restored to T0 and the
 * server started again. The ledger keeps what happened after T0, and the registry must not undo or
 * repeat it: no name minted twice, no payment refunded twice, no name the ledger holds quoted as free.
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
      folder = mkdtempSync(path.join(tmpdir(), 'registry-restore-'));
      backups = await make(folder);
      env = { ...hederaModeEnv(ledger, operator), ...backups.env, JOB_LEASE_MS: '2000' };
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
      await ledger?.stop();
      await backups?.drop();
      rmSync(folder, { recursive: true, force: true });
    });

    /** Refunds the ledger shows to the account, by the payment each names in its memo. */
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
        .filter((memo) => memo.startsWith('refund '))
        .map((memo) => memo.slice('refund '.length));
    }

    it('mints no name twice, refunds no payment twice and quotes no name the ledger holds', async () => {
      server = await startServerProcess(env);
      const registry = () => new LedgerClient(server!.origin, { ledgerOrigin: ledger.origin });
      const chain = new LedgerClient(ledger.origin);
      const buyer = await chain.openAccount();
      let cookie = await registry().signIn(buyer);
      const run = Date.now().toString(36);
      const delivered = async (name: string) =>
        (await registry().domainsOf(cookie)).some(
          (domain) => domain.itemName === name && domain.status === DELIVERED_STATUS,
        );

      // A first name makes the collection; the buyer associates it, so later names are delivered at once.
      const first = `restore${run}a.hbar`;
      await chain.pay(buyer, await registry().quote(cookie, buy(first)));
      let collection: string | null = null;
      await waitFor(async () => Boolean((collection = await registry().collectionOf(cookie, first))), 60_000);
      await registry().collect(buyer, cookie, first);
      await waitFor(() => delivered(first), 60_000);

      // Quotes the backup will hold: one paid in full after it, one paid short after it.
      const kept = `restore${run}kept.hbar`;
      const short = `restore${run}short.hbar`;
      const keptQuote = await registry().quote(cookie, buy(kept));
      const shortQuote = await registry().quote(cookie, buy(short));
      await backups.backup(
        () => server!.stop(),
        async () => {
          server = await startServerProcess(env);
        },
      );

      // After the backup: paid without the page's confirm (the watcher settles them), and a name quoted
      // and bought that the backup knows nothing of.
      const keptPayment = mirrorId(await chain.pay(buyer, keptQuote));
      const shortPayment = mirrorId(
        await chain.pay(buyer, {
          ...shortQuote,
          amountTinybars: String(BigInt(shortQuote.amountTinybars) - 100n),
        } satisfies QuoteResponse),
      );
      const unknown = `restore${run}unknown.hbar`;
      const unknownPayment = mirrorId(await chain.pay(buyer, await registry().quote(cookie, buy(unknown))));
      await waitFor(async () => (await delivered(kept)) && (await delivered(unknown)), 60_000);
      await waitFor(async () => (await refundsTo(buyer)).includes(shortPayment), 60_000);
      // Every change is on the journal topic before the disk is lost.
      await waitFor(async () => {
        const journal = (await (await fetch(`${server!.origin}/api/journal`)).json()) as { unsent: number };
        return journal.unsent === 0;
      }, 60_000);

      // The disk is lost; last night's dump comes back, and the server starts on it.
      await server.stop();
      backups.restore();
      server = await startServerProcess(env);
      cookie = await registry().signIn(buyer);

      // The server reads the journal from where the backup left it and puts back what came after; the
      // watcher reads the payments again, and the jobs run.
      await waitFor(
        async () =>
          (await delivered(kept)) && (await delivered(unknown)) && ((await backups.openJobs()) ?? 0) === 0,
        90_000,
      );
      // Whatever the watcher would still do wrong has had its rounds.
      await new Promise((resolve) => setTimeout(resolve, 3000));

      const holders = await ledger.nftHolders(collection!);
      for (const name of [first, kept, unknown]) expect(holders.get(name), name).toEqual([buyer.accountId]);
      expect(holders.has(short)).toBe(false);
      const refunds = await refundsTo(buyer);
      expect(refunds.filter((payment) => payment === shortPayment)).toHaveLength(1);
      expect(refunds).not.toContain(keptPayment);
      expect(refunds).not.toContain(unknownPayment);
      const health = (await (await fetch(`${server.origin}/healthz`)).json()) as {
        status: string;
        journal: { phase: string; applied: number };
      };
      expect(health).toMatchObject({ status: 'ok', journal: { phase: 'level' } });
      expect(health.journal.applied).toBeGreaterThanOrEqual(4);

      // Anyone's audit of the registry against the ledger finds nothing to report.
      const audit = await runAudit(server.origin);
      expect(audit.output).toContain('0 differences');
      expect(audit.code).toBe(0);

      // Someone else asking for the name the backup never knew meets the ledger's answer: taken.
      const other = await chain.openAccount();
      const otherCookie = await registry().signIn(other);
      const refused = await fetch(`${server.origin}/api/orders/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: otherCookie },
        body: JSON.stringify(buy(unknown)),
      });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: 'DOMAINS_TAKEN' });
    }, 300_000);
  },
);
