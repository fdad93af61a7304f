import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type TestApp } from '../../testing/test-app';

describe.each(engineCases)('domain endpoints on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open, { FIXED_USD_PER_HBAR: '0.05' }, { otherProviderToken: true });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  describe('availability', () => {
    it('gives status 1 with the 12-month price in HBAR and USD for a free name', async () => {
      const name = t.uniqueName();
      const response = await get(`/api/domains/availability?name=${name}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        name,
        status: 1,
        available: true,
        reserved: false,
        networkDown: false,
        // 10 USD a year at 0.05 USD for one HBAR.
        price: 200,
        priceUsd: 10,
      });
    });

    it('gives status 0 for a registered name', async () => {
      const owner = await t.signIn();
      const domain = await t.buyDomain(owner);
      const response = await get(`/api/domains/availability?name=${domain.name}`);
      expect(response.json()).toMatchObject({ status: 0, available: false, reserved: false, price: null });
    });

    it('gives status 0 with reserved for a reserved label', async () => {
      const response = await get('/api/domains/availability?name=hedera.hbar');
      expect(response.json()).toMatchObject({ status: 0, available: false, reserved: true });
    });

    it("counts a reserved label as taken in the cart's check and leaves it out of suggestions", async () => {
      const free = t.uniqueName();
      const taken = await t.app.inject({
        method: 'POST',
        url: '/api/domains/taken',
        payload: { names: ['hedera.hbar', 'hedera.blade', free] },
      });
      expect(taken.json().taken).toEqual([{ itemName: 'hedera.hbar' }, { itemName: 'hedera.blade' }]);
      const suggestions = (await get('/api/domains/suggestions?name=hedera.hbar')).json().suggestions as {
        name: string;
      }[];
      expect(suggestions.length).toBeGreaterThan(0);
      expect(suggestions.filter(({ name }) => name.startsWith('hedera.'))).toEqual([]);
    });

    it("gives -9 'HCS-DOWN' while the ledger is down", async () => {
      t.ledger.pause();
      try {
        const response = await get(`/api/domains/availability?name=${t.uniqueName()}`);
        expect(response.json()).toMatchObject({
          status: -9,
          networkDown: true,
          msg: 'HCS-DOWN',
          available: false,
        });
      } finally {
        t.ledger.resume();
      }
    });

    it('normalises case and refuses names that are not domain names', async () => {
      const name = t.uniqueName();
      expect((await get(`/api/domains/availability?name=${name.toUpperCase()}`)).json().name).toBe(name);
      for (const bad of ['', 'nodot', 'a_b.hbar', '.hbar', 'a..hbar', 'x'.repeat(70) + '.hbar']) {
        const response = await get(`/api/domains/availability?name=${encodeURIComponent(bad)}`);
        expect(response.statusCode, bad).toBe(400);
        expect(response.json().code).toBe('BAD_REQUEST');
      }
    });

    it('refuses a top-level domain that is not on sale', async () => {
      const response = await get('/api/domains/availability?name=alpha.com');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'UNKNOWN_TLD',
        message: '.com is not a top-level domain on sale',
      });
    });
  });

  it('suggests free names with price, id and similarity, closest first', async () => {
    const owner = await t.signIn();
    const taken = await t.buyDomain(owner, 'zebra.blade');
    const response = await get('/api/domains/suggestions?name=zebra.hbar');
    expect(response.statusCode).toBe(200);
    const { suggestions } = response.json() as {
      suggestions: { id: number; name: string; price: number; priceUsd: number; similarity: number }[];
    };
    expect(suggestions.length).toBeGreaterThan(3);
    expect(suggestions.map((s) => s.name)).not.toContain(taken.name);
    expect(suggestions.map((s) => s.id)).toEqual(suggestions.map((_s, index) => index + 1));
    const similarities = suggestions.map((s) => s.similarity);
    expect([...similarities].sort((a, b) => b - a)).toEqual(similarities);
    expect(suggestions.every((s) => s.price === 200 && s.priceUsd === 10)).toBe(true);
  });

  it('lists which names of a cart are taken', async () => {
    const owner = await t.signIn();
    const mine = await t.buyDomain(owner);
    const free = t.uniqueName();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/domains/taken',
      payload: { names: [mine.name, free, 'admin.hbar'] },
    });
    expect(response.json()).toEqual({ taken: [{ itemName: mine.name }, { itemName: 'admin.hbar' }] });
  });

  describe('my lists', () => {
    it('needs a session', async () => {
      for (const url of [
        '/api/my/domains',
        '/api/my/pending-domains',
        '/api/my/other-domains',
        '/api/my/orders',
        '/api/my/profile',
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(401);
        expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Sign in with your wallet' });
      }
    });

    it('lists delivered domains with their subdomain counts, and pending ones apart', async () => {
      const owner = await t.signIn();
      const parent = await t.buyDomain(owner, t.uniqueName(), { subscribed: true });
      await t.buySubdomain(owner, parent.name, 'abc');
      // Not associated with the .blade collection yet: it waits in Pending.
      const pending = await t.buyDomain(owner, t.uniqueName('blade'), { pending: true });

      const mine = (await get('/api/my/domains', owner.cookie)).json().domains as {
        itemName: string;
        sdCount: number;
        isSub: number;
        isSubscribed: boolean;
        orderType: string;
      }[];
      expect(mine.map((d) => d.itemName)).toEqual([parent.name, `abc.${parent.name}`]);
      expect(mine[0]).toMatchObject({ sdCount: 1, isSub: 0, isSubscribed: true, orderType: 'W3' });

      const subdomains = (await get(`/api/my/domains/${parent.name}/subdomains`, owner.cookie)).json()
        .domains;
      expect(subdomains.map((d: { itemName: string; months: number }) => [d.itemName, d.months])).toEqual([
        [`abc.${parent.name}`, 120],
      ]);

      const pendingList = (await get('/api/my/pending-domains', owner.cookie)).json().domains;
      expect(pendingList).toEqual([
        { itemName: pending.name, purDate: expect.any(String), months: 12, status: 'Inprogress', isSub: 0 },
      ]);
    });

    it('lists other-provider domains held as NFTs of the configured token with status 1 or 2', async () => {
      const owner = await t.signIn();
      const subscribedName = t.uniqueName();
      const activeName = t.uniqueName();
      const otherToken = t.otherProviderTokenId!;
      const unrelatedToken = await t.writer.createNftCollection('Unrelated', 'UNR');
      await t.giveOtherProviderDomain(owner, otherToken, subscribedName, 1);
      await t.giveOtherProviderDomain(owner, otherToken, activeName, 2);
      await t.giveOtherProviderDomain(owner, otherToken, t.uniqueName(), 3);
      await t.giveOtherProviderDomain(owner, unrelatedToken, t.uniqueName(), 1);

      const listed = (await get('/api/my/other-domains', owner.cookie)).json().domains as {
        domainName: string;
        isSubscribed: boolean;
        expiresOn: string;
        tokenID: string;
      }[];
      expect(listed.map((d) => d.domainName).sort()).toEqual([subscribedName, activeName].sort());
      expect(listed.find((d) => d.domainName === subscribedName)).toMatchObject({
        isSubscribed: true,
        tokenID: otherToken,
        expiresOn: '2099-12-31T00:00:00.000Z',
      });
      const filtered = (await get(`/api/my/other-domains?domainName=${activeName}`, owner.cookie)).json()
        .domains;
      expect(filtered).toHaveLength(1);

      const detail = (await get(`/api/my/domains/${subscribedName}`, owner.cookie)).json();
      expect(detail).toMatchObject({
        isExternal: true,
        subscription: true,
        activeStatus: 'Active',
        tokenId: otherToken,
      });
    });

    it('shows details of an owned domain', async () => {
      const owner = await t.signIn();
      const domain = await t.buyDomain(owner);
      const response = await get(`/api/my/domains/${domain.name}`, owner.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        domainName: domain.name,
        activeStatus: 'Active',
        blockChain: 'Hedera',
        months: 12,
        price: 200,
        isSub: 0,
        owner: owner.accountId,
        isExternal: false,
        status: 22,
      });
    });

    it('marks a domain whose expiry is not after its purchase Inactive', async () => {
      const owner = await t.signIn();
      const domain = await t.buyDomain(owner);
      await t.expire(domain.name, new Date(Date.now() - 1000));
      expect((await get(`/api/my/domains/${domain.name}`, owner.cookie)).json().activeStatus).toBe(
        'Inactive',
      );
    });
  });

  it('lists the orders of the session account', async () => {
    const buyer = await t.signIn();
    const name = t.uniqueName();
    await t.buyDomain(buyer, name, { months: 24 });
    const response = await get('/api/my/orders', buyer.cookie);
    expect(response.json().orders).toEqual([
      {
        id: expect.any(String),
        itemName: name,
        kind: 'domains',
        purDate: expect.any(String),
        months: 24,
        price: 400,
        expiresOn: expect.any(String),
        refundedHbar: 0,
        transactionId: expect.stringMatching(/^0\.0\.\d+-\d+-\d+$/),
      },
    ]);
  });
});

describe('search rate limit', () => {
  it('answers 429 with { code, message } past the availability limit per client', async () => {
    const t = await startTestApp(engineCases[0]!.open, { RATE_LIMIT_SEARCH: '2' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/domains/suggestions?name=alpha.hbar',
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429)
          expect(response.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
