import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../testing/test-databases';
import { startTestApp, type TestApp } from '../testing/test-app';

/** Account B never reads or changes what belongs to account A: the account comes from the session only. */
describe.each(engineCases)('accounts are kept apart on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open);
  });
  afterAll(() => t.close());

  it("keeps A's profile, orders, domains and records from B", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const domain = await t.buyDomain(a, t.uniqueName(), { subscribed: true });
    await t.buySubdomain(a, domain.name, 'sub');
    await t.app.inject({
      method: 'PUT',
      url: '/api/my/profile',
      headers: { cookie: a.cookie },
      payload: {
        fullName: 'Alice',
        email: 'alice@example.com',
        countryCode: '+1',
        mobileNo: '2015550123',
        adrLine1: 'A street',
        country: 'United States',
        state: 'Texas',
        city: 'Austin',
        pincode: '73301',
      },
    });
    const asB = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: b.cookie }, ...(payload ? { payload } : {}) });

    expect((await asB('GET', '/api/my/profile')).json()).toEqual({ profile: null });
    expect((await asB('GET', '/api/my/orders')).json()).toEqual({ orders: [] });
    expect((await asB('GET', '/api/my/domains')).json()).toEqual({ domains: [] });
    expect((await asB('GET', `/api/my/domains/${domain.name}`)).statusCode).toBe(404);
    expect((await asB('GET', `/api/my/domains/${domain.name}/subdomains`)).statusCode).toBe(404);
    expect((await asB('GET', `/api/my/domains/${domain.name}/records`)).statusCode).toBe(404);
    expect(
      (
        await asB('PUT', `/api/my/domains/${domain.name}/records`, {
          field: 'twitter',
          value: 'https://x.com/b',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await asB('POST', `/api/my/domains/${domain.name}/records/status`, { flag: 'statusAssets' }))
        .statusCode,
    ).toBe(404);

    // An account id in the request changes nothing: the session decides.
    const spoofed = await t.app.inject({
      method: 'GET',
      url: `/api/my/domains?accountId=${a.accountId}&ui=${a.accountId}`,
      headers: { cookie: b.cookie },
    });
    expect(spoofed.json()).toEqual({ domains: [] });

    // A still sees everything.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/my/domains', headers: { cookie: a.cookie } })).json()
        .domains,
    ).toHaveLength(2);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/my/profile', headers: { cookie: a.cookie } })).json()
        .profile.fullName,
    ).toBe('Alice');
  });

  it("does not let B use A's paid record fee", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const bDomain = await t.buyDomain(b, t.uniqueName(), { subscribed: true });
    // A cannot even be quoted a fee for B's domain, so no payment of A's can activate B's records.
    const foreignFee = await t.quote(a, { kind: 'record-fee', itemName: bDomain.name });
    expect(foreignFee.status).toBe(404);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/my/domains/${bDomain.name}/records/status`,
      headers: { cookie: b.cookie },
      payload: { flag: 'statusAssets' },
    });
    expect(response.statusCode).toBe(402);
  });
});
