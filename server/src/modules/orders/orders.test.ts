import { PrivateKey } from '@hashgraph/sdk';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteRequest, QuoteResponse } from '@registry/contracts/orders';
import { tlds } from '../../db/schema';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { associationRecheckMs } from '../delivery/payloads';

type Quote = QuoteResponse;

describe.each(engineCases)('paid orders on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open, { FIXED_USD_PER_HBAR: '0.05' });
  });
  afterAll(() => t.close());

  /** Time passes: the quote and its holds run out. */
  async function expireQuote(orderId: string) {
    await t.database.db.execute(
      sql`update orders set expires_at = now() - interval '1 minute' where id = ${orderId}`,
    );
    await t.database.db.execute(
      sql`update name_holds set expires_at = now() - interval '1 minute' where order_id = ${orderId}`,
    );
  }
  const orderStatus = async (orderId: string) =>
    (await t.database.db.execute<{ status: string }>(sql`select status from orders where id = ${orderId}`))
      .rows[0]?.status;

  const quote = (buyer: SignedIn, body: object) => t.quote(buyer, body as QuoteRequest);
  const pay = (...args: Parameters<TestApp['pay']>) => t.pay(...args);
  const confirm = (...args: Parameters<TestApp['confirm']>) => t.confirm(...args);

  it('quotes, takes a wallet payment, mints, waits for the association and then delivers', async () => {
    const buyer = await t.signIn();
    const name = t.uniqueName();
    const quoted = await quote(buyer, {
      kind: 'domains',
      items: [{ itemName: name, months: 24, isWebProtectionOn: true }],
    });
    expect(quoted.status).toBe(200);
    // 10 USD a year at 0.05 USD for one HBAR = 200 HBAR a year × 2 years + 25 % web protection
    expect(quoted.body).toMatchObject({
      totalHbar: 500,
      amountTinybars: '50000000000',
      treasuryAccountId: '0.0.2',
      memo: quoted.body.orderId,
    });

    // The name is held for this quote.
    const other = await t.signIn();
    expect((await quote(other, { kind: 'domains', items: [{ itemName: name, months: 12 }] })).body.code).toBe(
      'DOMAINS_TAKEN',
    );

    const paid = await pay(
      buyer,
      quoted.body.treasuryAccountId,
      BigInt(quoted.body.amountTinybars),
      quoted.body.memo,
    );
    expect(paid.status).toBe('SUCCESS');
    const confirmed = await confirm(buyer, quoted.body.orderId, paid.transactionId);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.resData).toEqual([{ itemName: name, status: 1 }]);

    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/my/pending-domains',
      headers: { cookie: buyer.cookie },
    });
    expect(pending.json().domains.map((d: { itemName: string }) => d.itemName)).toEqual([name]);

    // The buyer associates the collection; delivery completes by itself on the next run.
    const [tld] = await t.database.db.select().from(tlds).where(eq(tlds.name, 'hbar'));
    expect(tld!.tokenId).toMatch(/^0\.0\.\d+$/);
    await t.writer.associate(buyer.accountId, buyer.key, tld!.tokenId!);
    await t.runQueuedJobsNow();

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/my/domains',
      headers: { cookie: buyer.cookie },
    });
    const delivered = mine.json().domains.find((d: { itemName: string }) => d.itemName === name);
    expect(delivered).toMatchObject({ status: 22, webProtection: true, months: 24 });
    const nfts = await t.app.inject({
      method: 'GET',
      url: `/ledger/api/v1/accounts/${buyer.accountId}/nfts?token.id=${tld!.tokenId}`,
    });
    const owned = nfts.json().nfts as { serial_number: number; metadata: string; account_id: string }[];
    expect(owned).toEqual([
      expect.objectContaining({ serial_number: delivered.serialNo, account_id: buyer.accountId }),
    ]);
    expect(Buffer.from(owned[0]!.metadata, 'base64').toString()).toBe(name);

    // Confirming again is harmless and gives the same answer.
    expect((await confirm(buyer, quoted.body.orderId, paid.transactionId)).body.resData).toEqual([
      { itemName: name, status: 22 },
    ]);
    const orders = await t.app.inject({
      method: 'GET',
      url: '/api/my/orders',
      headers: { cookie: buyer.cookie },
    });
    expect(orders.json().orders).toEqual([
      expect.objectContaining({
        itemName: name,
        months: 24,
        kind: 'domains',
        transactionId: paid.transactionId.replace('@', '-').replace(/\.(\d+)$/, '-$1'),
      }),
    ]);
  });

  it('delivers at once to a buyer who already associated the collection', async () => {
    const buyer = await t.signIn();
    const first = t.uniqueName();
    const q1 = await quote(buyer, { kind: 'domains', items: [{ itemName: first, months: 12 }] });
    await confirm(
      buyer,
      q1.body.orderId,
      (await pay(buyer, '0.0.2', BigInt(q1.body.amountTinybars), q1.body.memo)).transactionId,
    );
    const [tld] = await t.database.db.select().from(tlds).where(eq(tlds.name, 'hbar'));
    await t.writer.associate(buyer.accountId, buyer.key, tld!.tokenId!);

    const second = t.uniqueName();
    const q2 = await quote(buyer, { kind: 'domains', items: [{ itemName: second, months: 12 }] });
    const confirmed = await confirm(
      buyer,
      q2.body.orderId,
      (await pay(buyer, '0.0.2', BigInt(q2.body.amountTinybars), q2.body.memo)).transactionId,
    );
    expect(confirmed.body.resData).toEqual([{ itemName: second, status: 22 }]);
  });

  describe('refuses payments it cannot verify', () => {
    let buyer: SignedIn;
    let order: Quote;
    beforeAll(async () => {
      buyer = await t.signIn();
      order = (await quote(buyer, { kind: 'domains', items: [{ itemName: t.uniqueName(), months: 12 }] }))
        .body;
    });

    it('underpaid', async () => {
      const paid = await pay(buyer, order.treasuryAccountId, BigInt(order.amountTinybars) - 1n, order.memo);
      expect((await confirm(buyer, order.orderId, paid.transactionId)).body.code).toBe('UNDERPAID');
    });

    it('paid to someone else', async () => {
      const friend = await t.signIn();
      const paid = await pay(buyer, friend.accountId, BigInt(order.amountTinybars), order.memo);
      expect((await confirm(buyer, order.orderId, paid.transactionId)).body.code).toBe('UNDERPAID');
    });

    it('with another memo', async () => {
      const paid = await pay(buyer, order.treasuryAccountId, BigInt(order.amountTinybars), 'something else');
      expect((await confirm(buyer, order.orderId, paid.transactionId)).body.code).toBe('WRONG_MEMO');
    });

    it('that failed on the ledger', async () => {
      const poor = await t.signIn(PrivateKey.generateED25519(), 100);
      const poorOrder = (
        await quote(poor, { kind: 'domains', items: [{ itemName: t.uniqueName(), months: 48 }] })
      ).body;
      // 40 HBAR asked, the account holds about 100: pay far more than it has so the transfer fails.
      const paid = await pay(poor, poorOrder.treasuryAccountId, 500n * 100_000_000n, poorOrder.memo);
      expect(paid.status).toBe('INSUFFICIENT_PAYER_BALANCE');
      const answer = await confirm(poor, poorOrder.orderId, paid.transactionId);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(['PAYMENT_FAILED', 'PAYMENT_NOT_FOUND']).toContain(answer.body.code);
    });

    it('signed by a key that is not the payer’s (never reaches the ledger)', async () => {
      const paid = await pay(
        buyer,
        order.treasuryAccountId,
        BigInt(order.amountTinybars),
        order.memo,
        PrivateKey.generateED25519(),
      );
      expect(paid.status).toBe('INVALID_SIGNATURE');
      expect((await confirm(buyer, order.orderId, paid.transactionId)).body.code).toBe('PAYMENT_NOT_FOUND');
    });

    it("made by another account (someone else's payment)", async () => {
      const stranger = await t.signIn();
      const paid = await pay(stranger, order.treasuryAccountId, BigInt(order.amountTinybars), order.memo);
      expect(paid.status).toBe('SUCCESS');
      expect((await confirm(buyer, order.orderId, paid.transactionId)).body.code).toBe('PAYER_MISMATCH');
    });

    it('replayed for a second order', async () => {
      const paid = await pay(buyer, order.treasuryAccountId, BigInt(order.amountTinybars), order.memo);
      expect((await confirm(buyer, order.orderId, paid.transactionId)).status).toBe(200);
      const second = (
        await quote(buyer, { kind: 'domains', items: [{ itemName: t.uniqueName(), months: 12 }] })
      ).body;
      const replay = await confirm(buyer, second.orderId, paid.transactionId);
      expect(replay.status).toBe(409);
      expect(replay.body.code).toBe('TRANSACTION_ALREADY_USED');
    });

    it('for an order of another account', async () => {
      const stranger = await t.signIn();
      const paid = await pay(stranger, order.treasuryAccountId, 1n, order.memo);
      expect((await confirm(stranger, order.orderId, paid.transactionId)).status).toBe(404);
    });
  });

  it('prices the other paid actions and carries them out once paid', async () => {
    const owner = await t.signIn(undefined, 5000);
    const domain = await t.buyDomain(owner);
    const expect402 = async (body: object, total: number) => {
      const q = await quote(owner, body);
      expect(q.status, JSON.stringify(q.body)).toBe(200);
      expect(q.body.totalHbar).toBeCloseTo(total, 2);
      const paid = await pay(owner, '0.0.2', BigInt(q.body.amountTinybars), q.body.memo);
      expect((await confirm(owner, q.body.orderId, paid.transactionId)).status).toBe(200);
    };
    // The domain's 10 USD a year is 200 HBAR at 0.05 USD for one HBAR.
    await expect402({ kind: 'extend', itemName: domain.name, months: 36 }, 600);
    await expect402({ kind: 'web-protection', itemName: domain.name }, 20);
    await expect402({ kind: 'subscription', itemName: domain.name }, 200); // 10 USD at 0.05 USD/HBAR
    await expect402({ kind: 'record-fee', itemName: domain.name }, 2);
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/my/domains/${domain.name}`,
        headers: { cookie: owner.cookie },
      })
    ).json();
    expect(detail).toMatchObject({ webProtection: true, subscription: true, months: 48 });

    const sub = await quote(owner, { kind: 'subdomain', parent: domain.name, label: 'ab' });
    expect(sub.body).toMatchObject({
      code: 'BAD_SUBDOMAIN',
      message: 'Subdomain name length must be atleast 3 characters',
    });
    const good = await quote(owner, { kind: 'subdomain', parent: domain.name, label: 'blog' });
    expect(good.status).toBe(200);
  });

  it('refunds, with 409 QUOTE_EXPIRED, a payment for an expired quote whose name someone else holds', async () => {
    const late = await t.signIn();
    const early = await t.signIn();
    const name = t.uniqueName();
    const lateQuote = (await quote(late, { kind: 'domains', items: [{ itemName: name, months: 12 }] })).body;
    // The late buyer's quote runs out; the early buyer quotes the name (and pays after the late one).
    await expireQuote(lateQuote.orderId);
    const earlyQuote = (await quote(early, { kind: 'domains', items: [{ itemName: name, months: 12 }] }))
      .body;
    expect(earlyQuote.orderId).toBeDefined();

    const balanceBefore = (await t.ledger.balanceTinybars(late.accountId))!;
    const latePaid = await pay(late, '0.0.2', BigInt(lateQuote.amountTinybars), lateQuote.memo);
    const answer = await confirm(late, lateQuote.orderId, latePaid.transactionId);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ code: 'QUOTE_EXPIRED', message: expect.stringContaining(name) });
    // Asking again gives the same answer; the payment cannot be used twice.
    expect((await confirm(late, lateQuote.orderId, latePaid.transactionId)).body.code).toBe('QUOTE_EXPIRED');
    await t.app.jobWorker!.kick();
    // Back on the ledger: only the payment's network fee is lost.
    expect(await t.ledger.balanceTinybars(late.accountId)).toBe(balanceBefore - 100_000n);
    expect(await orderStatus(lateQuote.orderId)).toBe('refunded');

    // The live quote wins.
    const earlyPaid = await pay(early, '0.0.2', BigInt(earlyQuote.amountTinybars), earlyQuote.memo);
    const earlyAnswer = await confirm(early, earlyQuote.orderId, earlyPaid.transactionId);
    expect(earlyAnswer.status).toBe(200);
    expect(earlyAnswer.body.resData).toEqual([{ itemName: name, status: 1 }]);
  });

  it('accepts a payment for an expired quote while its name is still free and unheld', async () => {
    const buyer = await t.signIn();
    const name = t.uniqueName();
    const quoted = (await quote(buyer, { kind: 'domains', items: [{ itemName: name, months: 12 }] })).body;
    await expireQuote(quoted.orderId);
    const paid = await pay(buyer, '0.0.2', BigInt(quoted.amountTinybars), quoted.memo);
    const answer = await confirm(buyer, quoted.orderId, paid.transactionId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ resData: [{ itemName: name, status: 1 }], refundedTinybars: '0' });
  });

  it('withdraws an unpaid quote its wallet refused to pay: its names free at once, for its owner only', async () => {
    const buyer = await t.signIn();
    const other = await t.signIn();
    const name = t.uniqueName();
    const quoted = (await quote(buyer, { kind: 'domains', items: [{ itemName: name, months: 12 }] })).body;
    const withdraw = (who: SignedIn, orderId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/withdraw`,
        headers: { cookie: who.cookie },
      });

    // Someone else's quote stays.
    expect((await withdraw(other, quoted.orderId)).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await quote(other, { kind: 'domains', items: [{ itemName: name, months: 12 }] })).body.code).toBe(
      'DOMAINS_TAKEN',
    );
    const withdrawn = await withdraw(buyer, quoted.orderId);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toEqual({ withdrawn: true });
    expect(await orderStatus(quoted.orderId)).toBe('quoted');
    // Free for anyone now.
    const taken = await quote(other, { kind: 'domains', items: [{ itemName: name, months: 12 }] });
    expect(taken.status).toBe(200);
    // Twice is harmless; a paid order is not withdrawn.
    expect((await withdraw(buyer, quoted.orderId)).statusCode).toBe(200);
    const paid = await pay(other, '0.0.2', BigInt(taken.body.amountTinybars), taken.body.memo);
    expect((await confirm(other, taken.body.orderId, paid.transactionId)).status).toBe(200);
    expect((await withdraw(other, taken.body.orderId)).statusCode).toBe(404);
    expect((await withdraw(buyer, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('refunds what was paid above the quote and shows it on the order', async () => {
    const buyer = await t.signIn();
    const name = t.uniqueName();
    const quoted = (await quote(buyer, { kind: 'domains', items: [{ itemName: name, months: 12 }] })).body;
    expect(quoted.amountTinybars).toBe('20000000000'); // 10 USD at 0.05 USD for one HBAR
    const balanceBefore = (await t.ledger.balanceTinybars(buyer.accountId))!;
    const paid = await pay(buyer, '0.0.2', 40_000_000_000n, quoted.memo); // 400 HBAR for a 200 HBAR quote
    const answer = await confirm(buyer, quoted.orderId, paid.transactionId);
    expect(answer.status).toBe(200);
    expect(answer.body.refundedTinybars).toBe('20000000000');
    await t.app.jobWorker!.kick();
    // Paid 400, got 200 back: the name cost its 200 HBAR and the network fee.
    expect(await t.ledger.balanceTinybars(buyer.accountId)).toBe(balanceBefore - 20_000_000_000n - 100_000n);
    const orders = (
      await t.app.inject({ method: 'GET', url: '/api/my/orders', headers: { cookie: buyer.cookie } })
    ).json().orders as { itemName: string; refundedHbar: number }[];
    expect(orders.find((order) => order.itemName === name)).toMatchObject({ refundedHbar: 200 });
  });

  it('reports what each non-minting paid action did, per line', async () => {
    const owner = await t.signIn();
    const domain = await t.buyDomain(owner);
    for (const request of [
      { kind: 'extend', itemName: domain.name, months: 12 },
      { kind: 'web-protection', itemName: domain.name },
      { kind: 'subscription', itemName: domain.name },
    ] as QuoteRequest[]) {
      const confirmed = await t.purchase(owner, request);
      expect(confirmed.body.resData, request.kind).toEqual([{ itemName: domain.name, status: 1 }]);
    }
  });

  it('answers HCS-DOWN while the ledger is down', async () => {
    const buyer = await t.signIn();
    t.ledger.pause();
    try {
      const q = await quote(buyer, { kind: 'domains', items: [{ itemName: t.uniqueName(), months: 12 }] });
      expect(q.status).toBe(503);
      expect(q.body.code).toBe('HCS-DOWN');
    } finally {
      t.ledger.resume();
    }
  });

  it('delivers within 2 s once the buyer tells the server it associated the collection', async () => {
    const buyer = await t.signIn();
    // A top-level domain whose collection this buyer has never associated.
    const name = t.uniqueName('koala');
    await t.purchase(buyer, {
      kind: 'domains',
      items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
    });
    const tokenId = (await t.collectionOf('koala'))!;
    await t.writer.associate(buyer.accountId, buyer.key, tokenId);
    const started = Date.now();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/orders/deliveries',
      headers: { cookie: buyer.cookie },
    });
    expect(answer.json()).toEqual({ delivered: [name], pending: [] });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('re-checks of a buyer who has not associated yet', () => {
  it('back off from seconds to ten minutes', () => {
    expect(associationRecheckMs(0)).toBe(2000);
    expect(associationRecheckMs(60_000)).toBe(15_000);
    expect(associationRecheckMs(3_600_000)).toBe(600_000);
    expect(associationRecheckMs(10 * 3_600_000)).toBe(600_000);
  });
});

describe.each(engineCases)('name holds on $engine', ({ engine, open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open, { RATE_LIMIT_SIGN_IN: '1000' });
  });
  afterAll(() => t.close());

  it.each([20, 50])(
    'gives one of %i identical concurrent quotes the name, 409 to the others',
    async (count) => {
      const buyers = await Promise.all(Array.from({ length: count }, () => t.signIn()));
      const name = t.uniqueName();
      const answers = await Promise.all(
        buyers.map((buyer) =>
          t.quote(buyer, {
            kind: 'domains',
            items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(
        statuses.filter((status) => status === 200),
        engine,
      ).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(count - 1);
      expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('DOMAINS_TAKEN');
    },
  );
});
