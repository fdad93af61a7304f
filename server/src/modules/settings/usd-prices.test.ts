import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type TestApp } from '../../testing/test-app';

/** Spec section 9: the domain and subscription prices are USD amounts paid in HBAR at the current rate. */
describe.each(engineCases)('prices in USD at the live rate on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    // The rate is read again at every use, so a change on the ledger shows at once.
    t = await startTestApp(open, { FIXED_USD_PER_HBAR: '0.05', RATE_CACHE_MS: '0' });
  });
  afterAll(async () => {
    await setRate(0.05);
    await t.close();
  });

  const setRate = async (usdPerHbar: number | null) => {
    const answer = await t.app.inject({ method: 'POST', url: '/ledger/rate', payload: { usdPerHbar } });
    expect(answer.statusCode).toBe(200);
  };
  const availability = async (name: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/domains/availability?name=${name}` })).json();

  it('prices a name at USD ÷ rate; a new rate changes the next quote, not a live one', async () => {
    const buyer = await t.signIn(undefined, 2000);
    const name = t.uniqueName();
    expect(await availability(name)).toMatchObject({ price: 200, priceUsd: 10 });
    const before = await t.quote(buyer, {
      kind: 'domains',
      items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
    });
    expect(before.body).toMatchObject({ totalHbar: 200, amountTinybars: '20000000000' });

    await setRate(0.0537);
    // 10 / 0.0537 = 186.2197… HBAR, two decimals; extend 24 months = 2 × that, to the tinybar.
    expect(await availability(t.uniqueName())).toMatchObject({ price: 186.22, priceUsd: 10 });
    const other = t.uniqueName();
    const after = await t.quote(buyer, {
      kind: 'domains',
      items: [{ itemName: other, months: 24, isWebProtectionOn: false }],
    });
    expect(after.body).toMatchObject({ totalHbar: 372.44, amountTinybars: '37244000000' });
    const subscription = await t.quote(buyer, { kind: 'subscription', itemName: other });
    expect(subscription.status).toBe(404); // not owned yet: priced only for its holder

    // The live quote keeps the amount it fixed: paying it settles it.
    const paid = await t.pay(buyer, '0.0.2', BigInt(before.body.amountTinybars), before.body.memo);
    const confirmed = await t.confirm(buyer, before.body.orderId, paid.transactionId);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.refundedTinybars).toBe('0');
    await setRate(0.05);
  });

  it('answers /api/rate with each new rate as it is read', async () => {
    const rate = async () => (await t.app.inject({ method: 'GET', url: '/api/rate' })).json();
    const first = await rate();
    expect(first.usdPerHbar).toBe(0.05);
    try {
      await setRate(0.0612);
      const second = await rate();
      expect(second.usdPerHbar).toBeCloseTo(0.0612, 12);
      expect(Date.parse(second.fetchedAt)).toBeGreaterThanOrEqual(Date.parse(first.fetchedAt));
    } finally {
      await setRate(0.05);
    }
    expect((await rate()).usdPerHbar).toBe(0.05);
  });

  it('keeps the last known rate with its age while the rate cannot be read', async () => {
    const fresh = (await t.app.inject({ method: 'GET', url: '/api/rate' })).json();
    expect(fresh.usdPerHbar).toBe(0.05);
    await setRate(null);
    const kept = (await t.app.inject({ method: 'GET', url: '/api/rate' })).json();
    // The same rate, read when it last could be.
    expect(kept).toEqual({ usdPerHbar: 0.05, fetchedAt: fresh.fetchedAt });
    expect(await availability(t.uniqueName())).toMatchObject({ price: 200 });
    await setRate(0.05);
  });
});

describe.each(engineCases)('no rate at all on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open, { RATE_CACHE_MS: '0' });
    // The rate was never read: the price service is down from the start.
    await t.app.inject({ method: 'POST', url: '/ledger/rate', payload: { usdPerHbar: null } });
  });
  afterAll(() => t.close());

  it('refuses to price anything, with a clear 503, never a price of 0 or Infinity', async () => {
    const buyer = await t.signIn();
    const name = t.uniqueName();
    for (const answer of [
      await t.app.inject({ method: 'GET', url: '/api/rate' }),
      await t.app.inject({ method: 'GET', url: `/api/domains/availability?name=${name}` }),
      await t.app.inject({ method: 'GET', url: `/api/domains/suggestions?name=${name}` }),
    ]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ code: 'RATE_UNAVAILABLE', message: expect.stringContaining('USD') });
    }
    const quote = await t.quote(buyer, {
      kind: 'domains',
      items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
    });
    expect(quote.status).toBe(503);
    expect(quote.body.code).toBe('RATE_UNAVAILABLE');
  });
});
