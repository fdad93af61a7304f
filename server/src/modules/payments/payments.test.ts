import { AccountId, Hbar, PrivateKey, TransactionId, TransferTransaction } from '@hashgraph/sdk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tlds } from '../../db/schema';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

type Quote = {
  orderId: string;
  amountTinybars: string;
  treasuryAccountId: string;
  memo: string;
  totalHbar: number;
};

describe.each(engineCases)('paid orders on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open, { FIXED_USD_PER_HBAR: '0.05' });
  });
  afterAll(() => t.close());

  async function quote(buyer: SignedIn, body: object) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      headers: { cookie: buyer.cookie },
      payload: body,
    });
    return {
      status: response.statusCode,
      body: response.json() as Quote & { code?: string; message?: string },
    };
  }

  /** The buyer's wallet pays: an HBAR transfer to the treasury with the quote id as memo, signed with the SDK. */
  async function pay(
    buyer: SignedIn,
    to: string,
    tinybars: bigint,
    memo: string,
    signer: PrivateKey = buyer.key,
  ) {
    const transfer = new TransferTransaction()
      .addHbarTransfer(buyer.accountId, Hbar.fromTinybars((-tinybars).toString()))
      .addHbarTransfer(to, Hbar.fromTinybars(tinybars.toString()))
      .setTransactionMemo(memo)
      .setTransactionId(TransactionId.generate(buyer.accountId))
      .setNodeAccountIds([new AccountId(3)])
      .freeze();
    await transfer.sign(signer);
    const response = await t.app.inject({
      method: 'POST',
      url: '/ledger/transactions',
      payload: { bytes: Buffer.from(transfer.toBytes()).toString('base64') },
    });
    return { ...(response.json() as { status: string }), transactionId: transfer.transactionId!.toString() };
  }

  async function confirm(buyer: SignedIn, orderId: string, transactionId: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders/confirm',
      headers: { cookie: buyer.cookie },
      payload: { orderId, transactionId },
    });
    return {
      status: response.statusCode,
      body: response.json() as { code?: string; resData?: { itemName: string; status: number }[] },
    };
  }

  it('quotes, takes a wallet payment, mints, waits for the association and then delivers', async () => {
    const buyer = await t.signIn();
    const name = t.uniqueName();
    const quoted = await quote(buyer, {
      kind: 'domains',
      items: [{ itemName: name, months: 24, isWebProtectionOn: true }],
    });
    expect(quoted.status).toBe(200);
    // 10 HBAR a year × 2 years + 25 % web protection
    expect(quoted.body).toMatchObject({
      totalHbar: 25,
      amountTinybars: '2500000000',
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
    await t.database.db.execute(`update jobs set run_after = now() where status = 'queued'`);
    await t.app.jobWorker!.kick();

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
      expect.objectContaining({ itemName: name, months: 24, kind: 'domains' }),
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
    const owner = await t.signIn();
    const domain = await t.giveDomain(owner.accountId, t.uniqueName(), { subscribed: false });
    const expect402 = async (body: object, total: number) => {
      const q = await quote(owner, body);
      expect(q.status, JSON.stringify(q.body)).toBe(200);
      expect(q.body.totalHbar).toBeCloseTo(total, 2);
      const paid = await pay(owner, '0.0.2', BigInt(q.body.amountTinybars), q.body.memo);
      expect((await confirm(owner, q.body.orderId, paid.transactionId)).status).toBe(200);
    };
    await expect402({ kind: 'extend', itemName: domain.name, months: 36 }, 30);
    await expect402({ kind: 'web-protection', itemName: domain.name }, 1);
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

  it('refunds a paid name that someone else got first', async () => {
    const late = await t.signIn();
    const early = await t.signIn();
    const name = t.uniqueName();
    const lateQuote = (await quote(late, { kind: 'domains', items: [{ itemName: name, months: 12 }] })).body;
    // The late buyer's quote runs out; the early buyer takes the name.
    await t.database.db.execute(
      `update orders set expires_at = now() - interval '1 minute' where id = '${lateQuote.orderId}'`,
    );
    const earlyQuote = (await quote(early, { kind: 'domains', items: [{ itemName: name, months: 12 }] }))
      .body;
    const earlyPaid = await pay(early, '0.0.2', BigInt(earlyQuote.amountTinybars), earlyQuote.memo);
    expect((await confirm(early, earlyQuote.orderId, earlyPaid.transactionId)).status).toBe(200);

    const balanceBefore = (await t.ledger.balanceTinybars(late.accountId))!;
    const latePaid = await pay(late, '0.0.2', BigInt(lateQuote.amountTinybars), lateQuote.memo);
    const answer = await confirm(late, lateQuote.orderId, latePaid.transactionId);
    expect(answer.body.resData).toEqual([{ itemName: name, status: 0 }]);
    await t.app.jobWorker!.kick();
    // Back on the ledger: only the payment's network fee is lost.
    expect(await t.ledger.balanceTinybars(late.accountId)).toBe(balanceBefore - 100_000n);
    const [order] = (
      await t.database.db.execute<{ status: string }>(
        `select status from orders where id = '${lateQuote.orderId}'`,
      )
    ).rows;
    expect(order!.status).toBe('refunded');
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
});
