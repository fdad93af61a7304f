import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PrivateKey } from '@hashgraph/sdk';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERED_STATUS } from '@registry/contracts/orders';
import { openDatabase } from '../db/database';
import { ledgerFeeds } from '../db/schema';
import { startTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { createScratchPostgres, TEST_DATABASE_URL } from '../testing/test-databases';
import { waitFor } from '../testing/wait-for';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** What the database says of the paid orders, the refunds and the minted names. */
async function tally(t: TestApp, tokenId: string) {
  const { rows } = await t.database.db.execute<{
    paid: number;
    payments: number;
    refunds: number;
    delivered: number;
    doubles: number;
  }>(sql`
    select
      (select count(*)::int from orders where status = 'paid') as paid,
      (select count(*)::int from ledger_payments where outcome = 'settled') as payments,
      (select count(*)::int from jobs where kind = 'refund') as refunds,
      (select count(*)::int from domains where status = ${DELIVERED_STATUS}) as delivered,
      (select count(*)::int from (select metadata from ledger_nfts where token_id = ${tokenId}
        group by metadata having count(*) > 1) as copies) as doubles`);
  return rows[0]!;
}

/** Several servers on one database and a server killed mid-run: only PostgreSQL serves several. */
describe.runIf(TEST_DATABASE_URL)('ledger watcher across servers on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let t: TestApp;
  let tokenId: string;
  const buyers: SignedIn[] = [];

  beforeAll(async () => {
    scratch = await createScratchPostgres(TEST_DATABASE_URL!);
    // Payments go through this app; nothing is confirmed, and its job worker runs only when told.
    t = await startTestApp(
      () => openDatabase({ engine: 'postgres', url: scratch.url }),
      { RATE_LIMIT_SIGN_IN: '1000', FEED_LEASE_MS: '1000' },
      { jobsAfterPayment: false },
    );
    tokenId = await t.openCollection();
    for (let index = 0; index < 5; index += 1) {
      const buyer = await t.signIn(PrivateKey.generateED25519(), 2000);
      await t.writer.associate(buyer.accountId, buyer.key, tokenId);
      buyers.push(buyer);
    }
  });
  afterAll(async () => {
    await t.close();
    await scratch.drop();
  });

  async function payMany(count: number) {
    for (let index = 0; index < count; index += 1) {
      const buyer = buyers[index % buyers.length]!;
      await t.payWithoutConfirm(buyer, {
        kind: 'domains',
        items: [{ itemName: t.uniqueName(), months: 12, isWebProtectionOn: false }],
      });
    }
  }

  it('settles each payment once while two servers keep taking the feed from each other', async () => {
    const second = await startTestApp(
      () => openDatabase({ engine: 'postgres', url: scratch.url }),
      { FEED_LEASE_MS: '1000' },
      { jobsAfterPayment: false },
    );
    try {
      await payMany(40);
      // Leases run out again and again, so leadership changes hands mid-page.
      let stealing = true;
      const thief = (async () => {
        while (stealing) {
          await t.database.db
            .update(ledgerFeeds)
            .set({ leaseUntil: new Date(Date.now() - 1000) })
            .where(eq(ledgerFeeds.name, 'payments'));
          await new Promise((resolve) => setTimeout(resolve, 15));
        }
      })();
      for (let round = 0; round < 30; round += 1)
        await Promise.all([t.app.ledgerWatcher!.runOnce(), second.app.ledgerWatcher!.runOnce()]);
      stealing = false;
      await thief;
      await t.app.ledgerWatcher!.catchUp();
      await Promise.all([t.app.jobWorker!.kick(), second.app.jobWorker!.kick()]);
      expect(await tally(t, tokenId)).toEqual({
        paid: 40,
        payments: 40,
        refunds: 0,
        delivered: 40,
        doubles: 0,
      });
    } finally {
      await second.close();
    }
  }, 120_000);

  it('settles every payment exactly once after the server is killed mid-run and restarted', async () => {
    await payMany(60);
    const start = (): ChildProcess =>
      spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: scratch.url,
          PORT: '0',
          LOG_LEVEL: 'error',
          JOB_LEASE_MS: '2000',
          FEED_LEASE_MS: '2000',
          WATCH_INTERVAL_MS: '200',
        },
        stdio: 'ignore',
      });
    let server = start();
    try {
      await waitFor(async () => (await tally(t, tokenId)).paid >= 45, 60_000);
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      expect((await tally(t, tokenId)).paid).toBeLessThan(100);
      server = start();
      await waitFor(async () => (await tally(t, tokenId)).delivered === 100, 90_000);
    } finally {
      server.kill('SIGTERM');
    }
    expect(await tally(t, tokenId)).toEqual({
      paid: 100,
      payments: 100,
      refunds: 0,
      delivered: 100,
      doubles: 0,
    });
  }, 180_000);
});
