import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PrivateKey } from '@hashgraph/sdk';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { domains, tlds } from '../db/schema';
import { DELIVERED_STATUS } from '@registry/contracts/orders';
import { startTestApp, type TestApp } from '../testing/test-app';
import { createScratchPostgres, TEST_DATABASE_URL } from '../testing/test-databases';
import { waitFor } from '../testing/wait-for';
import { WIPE_RELEASED_JOB } from '../modules/delivery/payloads';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** Enough names for several mints of up to ten, one after another, so the kill lands among them. */
const NAMES = 60;

/** Starts the real server process (it runs the job worker) on the given database. */
function startServer(databaseUrl: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      LOG_LEVEL: 'error',
      JOB_LEASE_MS: '2000',
      JOB_CONCURRENCY: '1',
      ...env,
    },
    stdio: 'ignore',
  });
}

/** Several server instances share a job queue only on PostgreSQL, so this runs there. */
describe.runIf(TEST_DATABASE_URL)('kill -9 during a batch of mints', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let t: TestApp;
  let server: ChildProcess | null = null;

  beforeAll(async () => {
    scratch = await createScratchPostgres(TEST_DATABASE_URL!);
    // Buys go through this app's API and the ledger; minting is left to the server process below.
    t = await startTestApp(
      () => openDatabase({ engine: 'postgres', url: scratch.url }),
      {},
      { jobsAfterPayment: false },
    );
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await t.close();
    await scratch.drop();
  });

  it('delivers every paid domain exactly once after a restart', async () => {
    const buyer = await t.signIn(PrivateKey.generateED25519(), 1000);
    // The .hbar collection exists and the buyer has associated it, so each mint is delivered at once.
    const tokenId = await t.writer.createNftCollection('hbar domains', 'HBAR');
    await t.database.db.update(tlds).set({ tokenId }).where(eq(tlds.name, 'hbar'));
    await t.writer.associate(buyer.accountId, buyer.key, tokenId);

    const names = Array.from(
      { length: NAMES },
      (_unused, index) => `crash${index}x${Date.now() % 100000}.hbar`,
    );
    for (const name of names)
      await t.purchase(buyer, {
        kind: 'domains',
        items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
      });
    const delivered = async () => {
      const [row] = await t.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(domains)
        .where(eq(domains.status, DELIVERED_STATUS));
      return row!.count;
    };
    expect(await delivered()).toBe(0);

    server = startServer(scratch.url);
    await waitFor(async () => (await delivered()) >= 3, 60_000);
    server.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));
    const beforeRestart = await delivered();
    expect(beforeRestart).toBeLessThan(NAMES);

    server = startServer(scratch.url);
    await waitFor(async () => (await delivered()) === NAMES, 90_000);
    server.kill('SIGTERM');

    const minted = await t.database.db.execute<{
      metadata: string;
      owner_account: string;
      copies: number;
    }>(sql`
      select metadata, min(owner_account) as owner_account, count(*)::int as copies
      from ledger_nfts where token_id = ${tokenId} group by metadata`);
    expect(minted.rows).toHaveLength(NAMES);
    for (const row of minted.rows) {
      expect(row.copies, Buffer.from(row.metadata, 'base64').toString()).toBe(1);
      expect(row.owner_account).toBe(buyer.accountId);
    }
    expect(new Set(minted.rows.map((row) => Buffer.from(row.metadata, 'base64').toString()))).toEqual(
      new Set(names),
    );
    const serials = await t.database.db.select({ serial: domains.serialNo }).from(domains);
    expect(new Set(serials.map((row) => row.serial)).size).toBe(NAMES);
  }, 180_000);
});

const DAY = 24 * 60 * 60 * 1000;
const GRACE_DAYS = 30;
/** Enough released names that the wipes run one after another for a while, so the kill lands among them. */
const RELEASED = 24;

describe.runIf(TEST_DATABASE_URL)('kill -9 while released names are wiped', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let t: TestApp;
  let server: ChildProcess | null = null;

  beforeAll(async () => {
    scratch = await createScratchPostgres(TEST_DATABASE_URL!);
    t = await startTestApp(() => openDatabase({ engine: 'postgres', url: scratch.url }), {
      RATE_LIMIT_SIGN_IN: '1000',
      GRACE_PERIOD_DAYS: String(GRACE_DAYS),
    });
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await t.close();
    await scratch.drop();
  });

  it('wipes each released serial exactly once after a restart, and every wipe job ends done', async () => {
    const tokenId = await t.openCollection('hbar', { wipable: true });
    const holder = await t.holderOf(tokenId);
    const names: string[] = [];
    for (let index = 0; index < RELEASED; index++) names.push((await t.buyDomain(holder)).name);
    const longAgo = new Date(Date.now() - (GRACE_DAYS + 1) * DAY);
    for (const name of names) await t.expire(name, longAgo);

    const wipes = async () => {
      const { rows } = await t.database.db.execute<{ count: number }>(sql`
        select count(*)::int as count from ledger_transactions
        where name = 'TOKENWIPE' and result = 'SUCCESS'`);
      return rows[0]!.count;
    };
    const liveSerials = async () => {
      const { rows } = await t.database.db.execute<{ count: number }>(sql`
        select count(*)::int as count from ledger_nfts
        where token_id = ${tokenId} and owner_account is not null`);
      return rows[0]!.count;
    };
    expect(await liveSerials()).toBe(RELEASED);

    const sweepEverySecond = { GRACE_PERIOD_DAYS: String(GRACE_DAYS), RELEASE_SWEEP_MS: '1000' };
    server = startServer(scratch.url, sweepEverySecond);
    await waitFor(async () => (await wipes()) >= 3, 60_000);
    server.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));
    expect(await liveSerials()).toBeGreaterThan(0);

    server = startServer(scratch.url, sweepEverySecond);
    await waitFor(async () => (await liveSerials()) === 0, 90_000);
    await waitFor(async () => {
      const { rows } = await t.database.db.execute<{ open: number }>(sql`
        select count(*)::int as open from jobs where kind = ${WIPE_RELEASED_JOB} and status <> 'done'`);
      return rows[0]!.open === 0;
    }, 30_000);
    server.kill('SIGTERM');

    expect(await wipes()).toBe(RELEASED);
    const { rows: jobs } = await t.database.db.execute<{ count: number }>(sql`
      select count(*)::int as count from jobs where kind = ${WIPE_RELEASED_JOB} and status = 'done'`);
    expect(jobs[0]!.count).toBe(RELEASED);
  }, 240_000);
});
