import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type TestApp } from '../../testing/test-app';

const DAY = 24 * 60 * 60 * 1000;
const GRACE_DAYS = 30;
const TINYBARS = 100_000_000n;

describe.each(engineCases)("a released name's premium on $engine", ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    // 10 USD a year at 0.05 USD per HBAR: 200 HBAR; a premium of 1000 USD on release day.
    t = await startTestApp(open, {
      FIXED_USD_PER_HBAR: '0.05',
      RATE_CACHE_MS: '0',
      GRACE_PERIOD_DAYS: String(GRACE_DAYS),
      RELEASE_PREMIUM_USD: '1000',
    });
  });
  afterAll(() => t.close());

  /** A name whose grace period ended `days` ago. */
  async function releasedDaysAgo(days: number, name?: string) {
    const owner = await t.signIn();
    const domain = await t.buyDomain(owner, name);
    await t.expire(domain.name, new Date(Date.now() - (GRACE_DAYS + days) * DAY));
    return domain.name;
  }

  it('answers each search path with one query, the premium of a released name included', async () => {
    const released = await releasedDaysAgo(1);
    const free = `${t.uniqueName().split('.')[0]}.hbar`;
    const searches = [
      { method: 'GET' as const, url: `/api/domains/availability?name=${released}` },
      { method: 'GET' as const, url: `/api/domains/availability?name=${free}` },
      { method: 'GET' as const, url: `/api/domains/suggestions?name=${released}` },
      { method: 'POST' as const, url: '/api/domains/taken', payload: { names: [released, free] } },
    ];
    // What every search shares and keeps a while (top-level domains, reserved names, the rate) read once.
    for (const search of searches) await t.app.inject(search);
    const client = (t.database.db as unknown as { $client: { query(...args: unknown[]): unknown } }).$client;
    const queries = vi.spyOn(client, 'query');
    try {
      for (const search of searches) {
        queries.mockClear();
        const response = await t.app.inject(search);
        expect(response.statusCode).toBe(200);
        expect(queries.mock.calls.length, search.url).toBe(1);
      }
      const [availability, , suggestions, taken] = await Promise.all(
        searches.map(async (search) => (await t.app.inject(search)).json()),
      );
      expect(availability.premium).toMatchObject({ priceUsd: 500 });
      expect(suggestions.suggestions.length).toBeGreaterThan(0);
      expect(taken.premiums).toEqual([expect.objectContaining({ itemName: released, priceUsd: 500 })]);
    } finally {
      queries.mockRestore();
    }
  });

  it('answers searches that arrive at once from one query, each with its own answer', async () => {
    const released = await releasedDaysAgo(2);
    const owner = await t.signIn();
    const registered = (await t.buyDomain(owner)).name;
    const free = `${t.uniqueName().split('.')[0]}.hbar`;
    const searches = [
      { method: 'GET' as const, url: `/api/domains/availability?name=${released}` },
      { method: 'GET' as const, url: `/api/domains/availability?name=${registered}` },
      { method: 'GET' as const, url: `/api/domains/availability?name=${free}` },
      { method: 'GET' as const, url: `/api/domains/suggestions?name=${free}` },
    ];
    for (const search of searches) await t.app.inject(search);
    const client = (t.database.db as unknown as { $client: { query(...args: unknown[]): unknown } }).$client;
    const queries = vi.spyOn(client, 'query');
    try {
      const answers = await Promise.all(searches.map((search) => t.app.inject(search)));
      expect(queries.mock.calls.length).toBe(1);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      const [releasedName, registeredName, freeName, suggestions] = answers.map((answer) => answer.json());
      expect(releasedName).toMatchObject({ available: true, premium: { priceUsd: 250 } });
      expect(registeredName).toMatchObject({ available: false, status: 0 });
      expect(freeName).toMatchObject({ available: true, price: 200 });
      expect(freeName.premium).toBeUndefined();
      expect(suggestions.suggestions.length).toBeGreaterThan(0);
    } finally {
      queries.mockRestore();
    }
  });

  it.each([
    // day, premium in USD, premium in HBAR at 0.05
    [0, 1000, 20_000],
    [1, 500, 10_000],
    [10, 0.98, 19.6],
    [21, 0, 0],
  ])(
    'on day %i after release it is %f USD: the quote fixes base + premium to the tinybar',
    async (day, usd, hbar) => {
      const name = await releasedDaysAgo(day);
      const availability = (
        await t.app.inject({ method: 'GET', url: `/api/domains/availability?name=${name}` })
      ).json();
      expect(availability).toMatchObject({ status: 1, available: true, price: 200, priceUsd: 10 });
      if (usd === 0) expect(availability.premium).toBeUndefined();
      else {
        expect(availability.premium).toMatchObject({ price: hbar, priceUsd: usd });
        const endsOn = new Date(availability.premium.endsOn).getTime();
        expect(Math.abs(endsOn - (Date.now() + (21 - day) * DAY))).toBeLessThan(60_000);
      }

      const buyer = await t.signIn(undefined, 30_000);
      const quote = await t.quote(buyer, {
        kind: 'domains',
        items: [{ itemName: name, months: 24, isWebProtectionOn: false }],
      });
      expect(quote.status).toBe(200);
      // Two years at 200 HBAR, and the premium once.
      const expected = BigInt(Math.round((400 + hbar) * 100)) * (TINYBARS / 100n);
      expect(BigInt(quote.body.amountTinybars)).toBe(expected);
    },
  );

  it('adds nothing to a name never registered, nor to web protection', async () => {
    const buyer = await t.signIn(undefined, 30_000);
    const fresh = t.uniqueName();
    const released = await releasedDaysAgo(1);
    const quote = await t.quote(buyer, {
      kind: 'domains',
      items: [
        { itemName: fresh, months: 12, isWebProtectionOn: false },
        { itemName: released, months: 12, isWebProtectionOn: true },
      ],
    });
    expect(quote.status).toBe(200);
    // 200 + (200 + 10000 premium) + 25 % of 200 for web protection.
    expect(BigInt(quote.body.amountTinybars)).toBe((200n + 10_200n + 50n) * TINYBARS);
  });

  it('shows on the suggestions as on the search result', async () => {
    const label = t.uniqueName().split('.')[0]!;
    await releasedDaysAgo(1, `${label}1.hbar`);
    const answer = await t.app.inject({ method: 'GET', url: `/api/domains/suggestions?name=${label}.hbar` });
    expect(answer.statusCode).toBe(200);
    const suggestions = answer.json().suggestions as Array<{ name: string; premium?: object }>;
    expect(suggestions.find((each) => each.name === `${label}1.hbar`)?.premium).toMatchObject({
      price: 10_000,
      priceUsd: 500,
    });
    expect(suggestions.filter((each) => each.premium).map((each) => each.name)).toEqual([`${label}1.hbar`]);
  });

  it("answers the cart's taken-check with the premiums of its free names now", async () => {
    const released = await releasedDaysAgo(2);
    const fresh = t.uniqueName();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/domains/taken',
      payload: { names: [released, fresh] },
    });
    expect(answer.statusCode).toBe(200);
    // Day 2: 1000 USD halved twice, 250 USD, 5000 HBAR at 0.05.
    expect(answer.json()).toMatchObject({
      taken: [],
      premiums: [{ itemName: released, price: 5_000, priceUsd: 250 }],
    });
  });
});
