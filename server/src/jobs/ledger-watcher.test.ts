import { PrivateKey } from '@hashgraph/sdk';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BURNED_STATUS, DELIVERED_STATUS } from '@registry/contracts/orders';
import { domains, jobs, ledgerPayments, nameHolds, orders } from '../db/schema';
import { engineCases } from '../testing/test-databases';
import { startTestApp, type SignedIn, type TestApp } from '../testing/test-app';

const TINYBARS = 100_000_000n;

describe.each(engineCases)('ledger watcher on $engine', ({ open }) => {
  let t: TestApp;
  let tokenId: string;

  beforeAll(async () => {
    // Dozens of buyers sign in from one address here.
    t = await startTestApp(open, { RATE_LIMIT_SIGN_IN: '1000' });
    tokenId = await t.openCollection();
  });
  afterAll(() => t.close());

  /** The watcher reads everything the mirror node has, then the queued mints and refunds run. */
  async function watch() {
    await t.app.ledgerWatcher!.catchUp();
    await t.app.jobWorker!.kick();
  }

  async function buyer(hbar = 1000): Promise<SignedIn> {
    const signedIn = await t.signIn(PrivateKey.generateED25519(), hbar);
    await t.writer.associate(signedIn.accountId, signedIn.key, tokenId);
    return signedIn;
  }

  const domainsQuote = (...names: string[]) => ({
    kind: 'domains' as const,
    items: names.map((itemName) => ({ itemName, months: 12 as const, isWebProtectionOn: false })),
  });

  async function orderOf(orderId: string) {
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    return row!;
  }

  async function paymentRefunds(transactionId: string) {
    return t.database.db
      .select()
      .from(jobs)
      .where(
        eq(jobs.uniqueKey, `refund-payment:${transactionId.replace('@', '-').replace(/\.(\d+)$/, '-$1')}`),
      );
  }

  /** Refund transactions the treasury sent, by their memo. */
  async function refundsOnLedger(memo: string) {
    const { rows } = await t.database.db.execute<{ count: number }>(sql`
      select count(*)::int as count from ledger_transactions
      where memo_base64 = ${Buffer.from(memo).toString('base64')} and result = 'SUCCESS'`);
    return rows[0]!.count;
  }

  const mirrorId = (transactionId: string) => transactionId.replace('@', '-').replace(/\.(\d+)$/, '-$1');

  it('settles and delivers 100 payments that no browser confirmed, each once', async () => {
    const buyers = await Promise.all(Array.from({ length: 25 }, () => buyer()));
    const paid: Array<{ orderId: string; name: string; buyer: SignedIn }> = [];
    for (const [index, each] of buyers.entries()) {
      for (let quote = 0; quote < 4; quote += 1) {
        const name = t.uniqueName();
        const { quote: quoted } = await t.payWithoutConfirm(each, domainsQuote(name));
        paid.push({ orderId: quoted.orderId, name, buyer: buyers[index]! });
      }
    }
    await watch();
    await watch(); // a second read of the same feed changes nothing

    for (const { orderId, name, buyer: owner } of paid) {
      const order = await orderOf(orderId);
      expect(order.status).toBe('paid');
      expect(order.refundedTinybars).toBe(0n);
      const [row] = await t.database.db.select().from(domains).where(eq(domains.name, name));
      expect(row?.status).toBe(DELIVERED_STATUS);
      expect(row?.ownerAccount).toBe(owner.accountId);
    }
    const { rows } = await t.database.db.execute<{ metadata: string; copies: number }>(sql`
      select metadata, count(*)::int as copies from ledger_nfts where token_id = ${tokenId}
      group by metadata having count(*) > 1`);
    expect(rows).toEqual([]);
    const refundJobs = await t.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from jobs where kind = 'refund'`,
    );
    expect(refundJobs.rows[0]!.count).toBe(0);
  }, 180_000);

  it('reads the payments feed promptly while a quote is open, and not at all between full rounds otherwise', async () => {
    const watcher = t.app.ledgerWatcher!;
    await watch();
    const owner = await buyer();
    // No full round within the test: only the payments timer runs, and only while a quote is open.
    watcher.start(600_000, 100);
    try {
      const name = t.uniqueName();
      const started = Date.now();
      const { quote } = await t.payWithoutConfirm(owner, domainsQuote(name));
      await expect
        .poll(async () => (await orderOf(quote.orderId)).status, { timeout: 3000, interval: 50 })
        .toBe('paid');
      const settledMs = Date.now() - started;
      expect(settledMs).toBeLessThan(1500);

      // Nothing open: a payment now waits for the next full round.
      const { rows } = await t.database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from orders where status = 'quoted' and expires_at > now()`,
      );
      expect(rows[0]!.count).toBe(0);
      const unasked = t.uniqueName();
      const transfer = await t.pay(owner, t.writer.operatorId, TINYBARS, `nothing quoted for ${unasked}`);
      expect(transfer.status).toBe('SUCCESS');
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await paymentRefunds(transfer.transactionId)).toEqual([]);
    } finally {
      await watcher.stop();
    }
  });

  it('settles each payment once when half the browsers confirm at the same moment', async () => {
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buyer()));
    const payments: Array<{ orderId: string; transactionId: string; buyer: SignedIn }> = [];
    for (const each of buyers)
      for (let quote = 0; quote < 10; quote += 1) {
        const { quote: quoted, transactionId } = await t.payWithoutConfirm(
          each,
          domainsQuote(t.uniqueName()),
        );
        payments.push({ orderId: quoted.orderId, transactionId, buyer: each });
      }
    const confirmed = payments.filter((_payment, index) => index % 2 === 0);
    const [answers] = await Promise.all([
      Promise.all(
        confirmed.map((payment) => t.confirm(payment.buyer, payment.orderId, payment.transactionId)),
      ),
      watch(),
    ]);
    // Whoever settled the payment, the confirm's answer waited for its mint as it would have alone.
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ resData: [{ status: DELIVERED_STATUS }] });
    }
    await watch();
    for (const { orderId, transactionId } of payments) {
      const order = await orderOf(orderId);
      expect(order.status).toBe('paid');
      expect(order.transactionId).toBe(mirrorId(transactionId));
      expect(await paymentRefunds(transactionId)).toEqual([]);
    }
    const settled = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerPayments)
      .where(eq(ledgerPayments.outcome, 'settled'));
    expect(settled[0]!.count).toBeGreaterThanOrEqual(payments.length);
  }, 180_000);

  it('answers a confirm that comes after the watcher settled its payment as it would have itself: delivered', async () => {
    const each = await buyer();
    const name = t.uniqueName();
    const { quote: quoted, transactionId } = await t.payWithoutConfirm(each, domainsQuote(name));
    // The watcher finds the payment first and starts its mint in the background.
    await t.app.ledgerWatcher!.catchUp();
    expect((await orderOf(quoted.orderId)).transactionId).toBe(mirrorId(transactionId));
    const answer = await t.confirm(each, quoted.orderId, transactionId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ resData: [{ itemName: name, status: DELIVERED_STATUS }] });
  });

  it('refunds whole, once, what no quote may take, with the payment named in the memo', async () => {
    const payer = await buyer();
    const other = await buyer();
    const cases: Array<{ what: string; transactionId: string; tinybars: bigint }> = [];
    const treasury = t.writer.operatorId;

    const unknown = await t.pay(payer, treasury, 3n * TINYBARS, 'not a quote');
    cases.push({ what: 'unknown memo', transactionId: unknown.transactionId, tinybars: 3n * TINYBARS });

    const othersQuote = (await t.quote(other, domainsQuote(t.uniqueName()))).body;
    const wrongPayer = await t.pay(payer, treasury, BigInt(othersQuote.amountTinybars), othersQuote.memo);
    cases.push({
      what: "another account's quote",
      transactionId: wrongPayer.transactionId,
      tinybars: BigInt(othersQuote.amountTinybars),
    });

    const quoted = (await t.quote(payer, domainsQuote(t.uniqueName()))).body;
    const short = BigInt(quoted.amountTinybars) - 1n;
    const underpaid = await t.pay(payer, treasury, short, quoted.memo);
    cases.push({ what: 'too little', transactionId: underpaid.transactionId, tinybars: short });

    const twice = await t.payWithoutConfirm(payer, domainsQuote(t.uniqueName()));
    const second = await t.pay(payer, treasury, BigInt(twice.quote.amountTinybars), twice.quote.memo);
    cases.push({
      what: 'paid twice',
      transactionId: second.transactionId,
      tinybars: BigInt(twice.quote.amountTinybars),
    });

    const before = (await t.ledger.balanceTinybars(payer.accountId))!;
    await watch();
    await watch();
    const after = (await t.ledger.balanceTinybars(payer.accountId))!;

    for (const { what, transactionId } of cases) {
      expect(
        (await paymentRefunds(transactionId)).map((job) => job.status),
        what,
      ).toEqual(['done']);
      expect(await refundsOnLedger(`refund ${mirrorId(transactionId)}`), what).toBe(1);
    }
    expect(after - before).toBe(cases.reduce((sum, each) => sum + each.tinybars, 0n));
    expect((await orderOf(twice.quote.orderId)).transactionId).toBe(mirrorId(twice.transactionId));
    // The browser's confirm of a refunded payment says so instead of settling it.
    const late = await t.confirm(payer, twice.quote.orderId, second.transactionId);
    expect(late.body.code).toBe('ORDER_ALREADY_PAID');
    // A short payment refunded before the page confirmed it: the 402 it would have had first.
    const shortAfterRefund = await t.confirm(payer, quoted.orderId, underpaid.transactionId);
    expect([shortAfterRefund.status, shortAfterRefund.body.code]).toEqual([402, 'UNDERPAID']);

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/my/orders',
      headers: { cookie: payer.cookie },
    });
    const rows = (
      history.json() as { orders: Array<{ kind: string; transactionId: string; refundedHbar: number }> }
    ).orders;
    for (const { transactionId, tinybars } of cases) {
      const row = rows.find((each) => each.transactionId === mirrorId(transactionId));
      expect(row?.kind).toBe('payment-refund');
      expect(row?.refundedHbar).toBe(Number(tinybars) / 1e8);
    }
  });

  it('refunds an expired quote whose name someone else bought meanwhile, once', async () => {
    const late = await buyer();
    const quick = await buyer();
    const name = t.uniqueName();
    const quoted = (await t.quote(late, domainsQuote(name))).body;
    const past = new Date(Date.now() - 1000);
    await t.database.db.update(orders).set({ expiresAt: past }).where(eq(orders.id, quoted.orderId));
    await t.database.db
      .update(nameHolds)
      .set({ expiresAt: past })
      .where(eq(nameHolds.orderId, quoted.orderId));
    await t.purchase(quick, domainsQuote(name));
    await t.pay(late, quoted.treasuryAccountId, BigInt(quoted.amountTinybars), quoted.memo);
    await watch();
    await watch();
    const order = await orderOf(quoted.orderId);
    expect(order.status).toBe('refunded');
    expect(order.refundedTinybars).toBe(BigInt(quoted.amountTinybars));
    const refunds = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, `refund:${quoted.orderId}`));
    expect(refunds.map((job) => job.status)).toEqual(['done']);
    const [row] = await t.database.db.select().from(domains).where(eq(domains.name, name));
    expect(row?.ownerAccount).toBe(quick.accountId);
  });

  it('carries out every paid kind without a confirm', async () => {
    const owner = await buyer(5000);
    const domain = await t.buyDomain(owner);
    const kinds = [
      { kind: 'extend' as const, itemName: domain.name, months: 12 as const },
      { kind: 'web-protection' as const, itemName: domain.name },
      { kind: 'subscription' as const, itemName: domain.name },
    ];
    const pendingPayments = async () =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/my/pending-payments',
            headers: { cookie: owner.cookie },
          })
        ).json() as { payments: Array<{ kind: string; itemNames: string[]; orderId: string }> }
      ).payments;
    const paid: Array<{ quote: { orderId: string } }> = [];
    for (const request of kinds) paid.push(await t.payWithoutConfirm(owner, request));
    // Paid on the ledger, not yet taken: the Pending list shows each kind.
    expect(await pendingPayments()).toEqual(
      kinds.map((request, index) =>
        expect.objectContaining({
          kind: request.kind,
          itemNames: [domain.name],
          orderId: paid[index]!.quote.orderId,
        }),
      ),
    );
    await watch();
    expect(await pendingPayments()).toEqual([]);
    const fee = await t.payWithoutConfirm(owner, { kind: 'record-fee', itemName: domain.name });
    const sub = await t.payWithoutConfirm(owner, { kind: 'subdomain', parent: domain.name, label: 'shop' });
    await watch();

    const [row] = await t.database.db.select().from(domains).where(eq(domains.name, domain.name));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(domain.expiresAt.getTime());
    expect(row!.months).toBe(24);
    expect(row!.webProtection).toBe(true);
    expect(row!.subscribed).toBe(true);
    expect((await orderOf(fee.quote.orderId)).status).toBe('paid');
    const [subdomain] = await t.database.db
      .select()
      .from(domains)
      .where(eq(domains.name, `shop.${domain.name}`));
    expect(subdomain?.status).toBe(DELIVERED_STATUS);
    expect((await orderOf(sub.quote.orderId)).status).toBe('paid');
  });

  it('tells a page after a reload where its payment stands: quoted, received, settling, done, refunded', async () => {
    const owner = await buyer();
    const domain = await t.buyDomain(owner);
    const state = async (orderId: string, transactionId?: string) => {
      const query = transactionId ? `?transactionId=${encodeURIComponent(transactionId)}` : '';
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${orderId}${query}`,
        headers: { cookie: owner.cookie },
      });
      return (answer.json() as { state: string }).state;
    };

    const extend = (await t.quote(owner, { kind: 'extend', itemName: domain.name, months: 12 })).body;
    expect(await state(extend.orderId)).toBe('quoted');
    const paid = await t.pay(owner, extend.treasuryAccountId, BigInt(extend.amountTinybars), extend.memo);
    expect(await state(extend.orderId, paid.transactionId)).toBe('received');
    await watch();
    expect(await state(extend.orderId, paid.transactionId)).toBe('done');

    // A first-time buyer's names wait for the association: settling until then.
    const newcomer = await t.signIn(PrivateKey.generateED25519(), 1000);
    const bought = await t.payWithoutConfirm(newcomer, domainsQuote(t.uniqueName()));
    await watch();
    const newcomerState = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${bought.quote.orderId}`,
      headers: { cookie: newcomer.cookie },
    });
    expect(newcomerState.json()).toMatchObject({ state: 'settling', lines: [{ status: 1 }] });

    const short = (await t.quote(owner, { kind: 'web-protection', itemName: domain.name })).body;
    const underpaid = await t.pay(owner, short.treasuryAccountId, 1n, short.memo);
    await watch();
    expect(await state(short.orderId, underpaid.transactionId)).toBe('refunded');
    // Another account's order is not found.
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${extend.orderId}`,
      headers: { cookie: newcomer.cookie },
    });
    expect(other.statusCode).toBe(404);
  });

  it('moves a domain to whoever holds its NFT: lists, management and resolve follow', async () => {
    const alice = await buyer();
    const bob = await buyer();
    const bought = await t.buyDomain(alice, t.uniqueName(), { subscribed: true });
    const sent = await t.sendNft(alice, bought.tokenId!, bought.serialNo!, bob.accountId);
    expect(sent.status).toBe('SUCCESS');
    const started = Date.now();
    await watch();
    expect(Date.now() - started).toBeLessThan(5000);

    const get = (who: SignedIn, url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
    const names = async (who: SignedIn) =>
      ((await get(who, '/api/my/domains')).json() as { domains: Array<{ itemName: string }> }).domains.map(
        (domain) => domain.itemName,
      );
    expect(await names(bob)).toContain(bought.name);
    expect(await names(alice)).not.toContain(bought.name);
    expect((await get(bob, `/api/my/domains/${bought.name}`)).statusCode).toBe(200);
    expect((await get(alice, `/api/my/domains/${bought.name}`)).statusCode).toBe(404);
    expect((await get(alice, `/api/my/domains/${bought.name}/records`)).statusCode).toBe(404);
    expect((await get(bob, `/api/my/domains/${bought.name}/records`)).statusCode).toBe(200);
    const resolved = await t.app.inject({ method: 'GET', url: `/api/resolve/${bought.name}` });
    expect(resolved.statusCode).toBe(200);
    expect((resolved.json() as { serialNo: number }).serialNo).toBe(bought.serialNo);
    // The old owner can no longer pay to manage it.
    const extend = await t.quote(alice, { kind: 'extend', itemName: bought.name, months: 12 });
    expect(extend.status).toBe(404);
    expect((await t.quote(bob, { kind: 'extend', itemName: bought.name, months: 12 })).status).toBe(200);
  });

  it('stops resolving a name whose NFT is burned on the ledger, takes it off its lists and releases it', async () => {
    const alice = await buyer();
    const bought = await t.buyDomain(alice);
    // The holder gives the NFT back to the registry's treasury, which burns it with the supply key.
    expect((await t.sendNft(alice, bought.tokenId!, bought.serialNo!, t.writer.operatorId)).status).toBe(
      'SUCCESS',
    );
    const burned = await t.writer.burn(bought.tokenId!, [bought.serialNo!]);
    expect(burned.status).toBe('SUCCESS');
    const onMirror = await t.app.inject({
      method: 'GET',
      url: `/ledger/api/v1/tokens/${bought.tokenId}/nfts/${bought.serialNo}`,
    });
    expect(onMirror.json()).toMatchObject({ deleted: true, account_id: null });
    // A burned serial cannot be burned again, nor is its number given to the next name.
    await expect(t.writer.burn(bought.tokenId!, [bought.serialNo!])).rejects.toThrow(/INVALID_NFT_ID/);
    expect((await t.buyDomain(alice)).serialNo).toBeGreaterThan(bought.serialNo!);
    await watch();

    const [row] = await t.database.db.select().from(domains).where(eq(domains.name, bought.name));
    expect(row!.status).toBe(BURNED_STATUS);
    expect((await t.app.inject({ method: 'GET', url: `/api/resolve/${bought.name}` })).statusCode).toBe(404);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/my/domains',
      headers: { cookie: alice.cookie },
    });
    expect(
      (mine.json() as { domains: Array<{ itemName: string }> }).domains.map((d) => d.itemName),
    ).not.toContain(bought.name);

    // Released at once, under the release rules (its premium starts now): anyone may buy it again,
    // and gets a new serial.
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/domains/availability?name=${bought.name}`,
    });
    expect(search.json()).toMatchObject({ status: 1 });
    const next = await buyer(1_000_000);
    const rebought = await t.buyDomain(next, bought.name);
    expect(rebought).toMatchObject({ ownerAccount: next.accountId, status: DELIVERED_STATUS });
    expect(rebought.serialNo).toBeGreaterThan(bought.serialNo!);
  });

  it('stops resolving a name whose NFT is wiped from its holder, in a collection made with a wipe key', async () => {
    const wipableToken = await t.openCollection('koala', { wipable: true });
    const alice = await t.signIn(PrivateKey.generateED25519(), 1000);
    await t.writer.associate(alice.accountId, alice.key, wipableToken);
    const bought = await t.buyDomain(alice, `wipe${Date.now().toString(36)}.koala`);
    expect(bought.tokenId).toBe(wipableToken);
    // The registry's usual collection has no wipe key: nobody can take a name out of its holder's account.
    await expect(t.writer.wipe(tokenId, alice.accountId, [1])).rejects.toThrow(/TOKEN_HAS_NO_WIPE_KEY/);
    // Only the holder's own serials, never the treasury's.
    await expect(t.writer.wipe(wipableToken, t.writer.operatorId, [bought.serialNo!])).rejects.toThrow(
      /CANNOT_WIPE_TOKEN_TREASURY_ACCOUNT/,
    );
    const wiped = await t.writer.wipe(wipableToken, alice.accountId, [bought.serialNo!]);
    expect(wiped.status).toBe('SUCCESS');
    const onMirror = await t.app.inject({
      method: 'GET',
      url: `/ledger/api/v1/tokens/${wipableToken}/nfts/${bought.serialNo}`,
    });
    expect(onMirror.json()).toMatchObject({ deleted: true, account_id: null });
    await expect(t.writer.wipe(wipableToken, alice.accountId, [bought.serialNo!])).rejects.toThrow(
      /INVALID_NFT_ID/,
    );
    await watch();

    const [row] = await t.database.db.select().from(domains).where(eq(domains.name, bought.name));
    expect(row!.status).toBe(BURNED_STATUS);
    expect((await t.app.inject({ method: 'GET', url: `/api/resolve/${bought.name}` })).statusCode).toBe(404);
  });

  it("sends a domain from the product: the receiver's association checked first, the holder read at once", async () => {
    const alice = await buyer();
    const bob = await t.signIn(PrivateKey.generateED25519(), 100);
    const bought = await t.buyDomain(alice);
    const post = (who: SignedIn, url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });

    const early = await post(alice, `/api/my/domains/${bought.name}/transfer`, { to: bob.accountId });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'RECEIVER_NOT_ASSOCIATED' });
    expect((await post(alice, `/api/my/domains/${bought.name}/transfer`, { to: 'bob' })).statusCode).toBe(
      400,
    );
    expect(
      (await post(bob, `/api/my/domains/${bought.name}/transfer`, { to: alice.accountId })).statusCode,
    ).toBe(404);

    await t.writer.associate(bob.accountId, bob.key, tokenId);
    const plan = await post(alice, `/api/my/domains/${bought.name}/transfer`, { to: bob.accountId });
    expect(plan.json()).toEqual({ tokenId, serialNumber: bought.serialNo, to: bob.accountId });
    expect((await t.sendNft(alice, tokenId, bought.serialNo!, bob.accountId)).status).toBe('SUCCESS');
    const holder = await post(alice, `/api/my/domains/${bought.name}/holder`);
    expect(holder.json()).toEqual({ owner: bob.accountId });
    const [row] = await t.database.db.select().from(domains).where(eq(domains.name, bought.name));
    expect(row?.ownerAccount).toBe(bob.accountId);
  });

  it('exposes its outcomes, the queue depth and request latencies at /metrics, to this machine only', async () => {
    await watch();
    const local = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain');
    expect(local.body).toMatch(/^ledger_watcher_payments_total\{outcome="settled"\} [1-9]\d*$/m);
    expect(local.body).toMatch(/^ledger_watcher_payments_total\{outcome="refunded"\} [1-9]\d*$/m);
    expect(local.body).toMatch(/^ledger_watcher_domains_moved_total [1-9]\d*$/m);
    expect(local.body).toMatch(/^job_queue_depth \d+$/m);
    expect(local.body).toMatch(/^ledger_watcher_lag_seconds \d+$/m);
    expect(local.body).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/orders\/quote",status_code="200"\} [1-9]/m,
    );
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 'METRICS_LOOPBACK_ONLY' });
  });

  it('reports its lag on /healthz', async () => {
    await watch();
    const health = (await t.app.inject({ method: 'GET', url: '/healthz' })).json() as {
      watcher: { lagSeconds: number | null };
    };
    expect(health.watcher.lagSeconds).not.toBeNull();
    expect(health.watcher.lagSeconds!).toBeLessThan(5);
  });
});
