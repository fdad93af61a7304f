import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DELIVERED_STATUS, type QuoteRequest, type QuoteResponse } from '@registry/contracts/orders';
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

/** A transaction id as the mirror node writes it (and the registry's refund memos name it). */
const mirrorId = (sdkId: string) => {
  const [account, validStart] = sdkId.split('@');
  return `${account}-${validStart!.replace('.', '-')}`;
};

/** How long buyers keep buying after the backup, one purchase every so often, spread over the buyers. */
const TRAFFIC_MS = 60_000;
const TRAFFIC_PAUSE_MS = 300;
const BUYERS = 4;

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
      env = { ...hederaModeEnv(ledger, operator), ...backups.env, JOB_LEASE_MS: '2000' };
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
      await ledger?.stop();
      await backups?.drop();
      rmSync(folder, { recursive: true, force: true });
    });

    /** Refunds the ledger shows to the accounts, by the payment each names in its memo. */
    async function refundsOf(accounts: LedgerAccount[]): Promise<string[]> {
      return (await Promise.all(accounts.map((account) => refundsTo(account)))).flat();
    }

    const resolveOn = async (on: ServerProcess, names: string[]) => {
      const answers: Record<string, ResolveResponse | null> = {};
      for (let start = 0; start < names.length; start += 100) {
        const response = await fetch(`${on.origin}/api/resolve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ names: names.slice(start, start + 100) }),
        });
        Object.assign(answers, ((await response.json()) as { names: typeof answers }).names);
      }
      return answers;
    };
    const journalOn = async (on: ServerProcess) =>
      (await (await fetch(`${on.origin}/api/journal`)).json()) as { unsent: number };

    /** Refunds the ledger shows to the account, by the payment each names in its memo. */
    async function refundsTo(account: LedgerAccount): Promise<string[]> {
      type Page = {
        transactions: {
          memo_base64: string;
          result: string;
          transfers: { account: string; amount: number }[];
        }[];
        links: { next: string | null };
      };
      const memos: string[] = [];
      let next: string | null = `/api/v1/transactions?account.id=${account.accountId}&order=asc&limit=100`;
      while (next) {
        const page = (await (await fetch(`${ledger.origin}/ledger${next}`)).json()) as Page;
        memos.push(
          ...page.transactions
            .filter((record) => record.result === 'SUCCESS')
            .filter((record) => record.transfers.some((t) => t.account === account.accountId && t.amount > 0))
            .map((record) => Buffer.from(record.memo_base64 ?? '', 'base64').toString()),
        );
        next = page.links.next;
      }
      return memos.filter((memo) => memo.startsWith('refund ')).map((memo) => memo.slice('refund '.length));
    }

    it('after a minute of traffic past the backup: one NFT per name with its rightful holder, each payment delivered or refunded once, and the audit finds nothing', async () => {
      server = await startServerProcess(env);
      const registry = (on: ServerProcess = server!) =>
        new LedgerClient(on.origin, { ledgerOrigin: ledger.origin });
      const chain = new LedgerClient(ledger.origin);
      const buyers: LedgerAccount[] = [];
      for (let count = 0; count < BUYERS; count += 1) buyers.push(await chain.openAccount());
      const friend = await chain.openAccount();
      const cookies = new Map<LedgerAccount, string>();
      for (const buyer of buyers) cookies.set(buyer, await registry().signIn(buyer));
      const cookieOf = (buyer: LedgerAccount) => cookies.get(buyer)!;
      const run = Date.now().toString(36);
      const deliveredTo = async (buyer: LedgerAccount) =>
        new Set(
          (await registry().domainsOf(cookieOf(buyer)))
            .filter((domain) => domain.status === DELIVERED_STATUS)
            .map((domain) => domain.itemName),
        );
      /** Who must hold each name's one NFT in the end. */
      const holderOf = new Map<string, LedgerAccount>();
      const deliveredPayments: string[] = [];
      const shortPayments: string[] = [];

      // A first name makes the collection; both buyers associate it, so later names are delivered at once.
      const buyer = buyers[0]!;
      const first = `restore${run}a.hbar`;
      deliveredPayments.push(
        mirrorId(await chain.pay(buyer, await registry().quote(cookieOf(buyer), buy(first)))),
      );
      let collection: string | null = null;
      await waitFor(
        async () => Boolean((collection = await registry().collectionOf(cookieOf(buyer), first))),
        60_000,
      );
      await registry().collect(buyer, cookieOf(buyer), first);
      for (const account of [...buyers.slice(1), friend]) await chain.associate(account, collection!);
      await registry().purchase(buyer, cookieOf(buyer), { kind: 'subscription', itemName: first });
      await waitFor(async () => (await deliveredTo(buyer)).has(first), 60_000);
      holderOf.set(first, buyer);

      // Quotes the backup will hold: one paid in full after it, one paid short after it.
      const kept = `restore${run}kept.hbar`;
      const short = `restore${run}short.hbar`;
      const keptQuote = await registry().quote(cookieOf(buyer), buy(kept));
      const shortQuote = await registry().quote(cookieOf(buyer), buy(short));
      await backups.backup(
        () => server!.stop(),
        async () => {
          server = await startServerProcess(env);
        },
      );

      // After the backup: the held quotes paid, the first name extended, protected and its records
      // changed, and a minute of buyers: with and without the page's confirm, short payments, and names
      // sent on to a friend.
      deliveredPayments.push(mirrorId(await chain.pay(buyer, keptQuote)));
      holderOf.set(kept, buyer);
      shortPayments.push(
        mirrorId(
          await chain.pay(buyer, {
            ...shortQuote,
            amountTinybars: String(BigInt(shortQuote.amountTinybars) - 100n),
          } satisfies QuoteResponse),
        ),
      );
      await registry().purchase(buyer, cookieOf(buyer), { kind: 'extend', itemName: first, months: 24 });
      await registry().purchase(buyer, cookieOf(buyer), { kind: 'web-protection', itemName: first });
      await registry().setRecord(
        buyer,
        cookieOf(buyer),
        first,
        'twitter',
        'https://twitter.com/after-backup',
      );
      const sentOn: string[] = [];
      const trafficEnds = Date.now() + TRAFFIC_MS;
      for (let index = 0; Date.now() < trafficEnds; index += 1) {
        const who = buyers[index % BUYERS]!;
        const name = `restore${run}t${index}.hbar`;
        const quote = await registry().quote(cookieOf(who), buy(name));
        if (index % 4 === 2) {
          const paid = { ...quote, amountTinybars: String(BigInt(quote.amountTinybars) - 100n) };
          shortPayments.push(mirrorId(await chain.pay(who, paid satisfies QuoteResponse)));
          continue;
        }
        const transactionId = await chain.pay(who, quote);
        deliveredPayments.push(mirrorId(transactionId));
        if (index % 4 === 0) await registry().confirm(cookieOf(who), quote.orderId, transactionId);
        holderOf.set(name, who);
        if (index % 4 === 3) sentOn.push(name);
        // A steady stream rather than a flood: the buyers' HBAR lasts the minute.
        await new Promise((resolve) => setTimeout(resolve, TRAFFIC_PAUSE_MS));
      }
      // Bought and confirmed after the backup: a name the restored database never knew.
      const unknown = `restore${run}t0.hbar`;
      await waitFor(async () => {
        const held = (await Promise.all(buyers.map((each) => deliveredTo(each)))).flatMap((each) => [
          ...each,
        ]);
        return [...holderOf.keys()].every((name) => held.includes(name));
      }, 120_000);
      for (const name of sentOn) {
        const serial = (await resolveOn(server, [name]))[name]!.serialNo!;
        await chain.sendNft(holderOf.get(name)!, collection!, serial, friend.accountId);
        holderOf.set(name, friend);
      }
      await waitFor(async () => {
        const refunded = await refundsOf(buyers);
        return shortPayments.every((payment) => refunded.includes(payment));
      }, 60_000);
      // The registry has followed the transfers, and every change is on the journal topic.
      await waitFor(async () => {
        const answers = await resolveOn(server!, sentOn);
        return sentOn.every((name) => answers[name]?.accountId === friend.accountId);
      }, 60_000);
      await waitFor(async () => (await journalOn(server!)).unsent === 0, 60_000);
      const names = [...holderOf.keys()];
      const before = await resolveOn(server, names);

      // The disk is lost; the backup comes back, and the servers start on it.
      await server.stop();
      backups.restore();
      server = await startServerProcess(env);
      const second = backups.shared ? await startServerProcess(env) : null;
      try {
        for (const buyer of buyers) cookies.set(buyer, await registry().signIn(buyer));
        for (const each of [server, second]) {
          if (!each) continue;
          await waitFor(async () => {
            const health = (await (await fetch(`${each.origin}/healthz`)).json()) as {
              journal?: { phase: string };
            };
            return health.journal?.phase === 'level';
          }, 90_000);
        }
        // The watcher reads the payments again from where the backup left it, and the jobs run.
        await waitFor(async () => ((await backups.openJobs()) ?? 0) === 0, 90_000);
        // Whatever the watchers would still do wrong has had its rounds.
        await new Promise((resolve) => setTimeout(resolve, 3000));

        // Read from the ledger: one live NFT per name, held by its rightful holder.
        const holders = await ledger.nftHolders(collection!);
        for (const name of names) expect(holders.get(name), name).toEqual([holderOf.get(name)!.accountId]);
        expect(holders.has(short)).toBe(false);
        expect(holders.size).toBe(names.length);
        // Each payment delivered once or refunded once, never both.
        const refunds = await refundsOf(buyers);
        for (const payment of shortPayments)
          expect(refunds.filter((each) => each === payment)).toHaveLength(1);
        for (const payment of deliveredPayments) expect(refunds).not.toContain(payment);
        expect(refunds).toHaveLength(shortPayments.length);

        // Every name answers as before the restore: holders, expiries (the extension paid after the
        // backup included), records, primary names.
        expect(await resolveOn(server, names)).toEqual(before);
        if (second) expect(await resolveOn(second, names)).toEqual(before);
        const audit = await runAudit(server.origin);
        expect(audit.output).toContain('0 differences');
        expect(audit.code).toBe(0);

        // Someone else asking for a name the backup never knew meets the ledger's answer: taken.
        const stranger = await chain.openAccount();
        const strangerCookie = await registry().signIn(stranger);
        const refused = await fetch(`${server.origin}/api/orders/quote`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: strangerCookie },
          body: JSON.stringify(buy(unknown)),
        });
        expect(refused.status).toBe(409);
        expect(await refused.json()).toMatchObject({ code: 'DOMAINS_TAKEN' });
        console.log(
          `restore drill on ${backups.shared ? 'PostgreSQL, two servers' : 'the embedded database'}: ${names.length} names, ${deliveredPayments.length} payments delivered, ${shortPayments.length} refunded once; ${holders.size} live NFTs`,
        );
      } finally {
        await second?.stop();
      }
    }, 420_000);
  },
);
