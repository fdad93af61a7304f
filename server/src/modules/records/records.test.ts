import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type TestApp } from '../../testing/test-app';

describe.each(engineCases)('records and resolver on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open);
  });
  afterAll(() => t.close());

  const records = (name: string, cookie: string) =>
    t.app.inject({ method: 'GET', url: `/api/my/domains/${name}/records`, headers: { cookie } });
  const update = (name: string, cookie: string, field: string, value: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/my/domains/${name}/records`,
      headers: { cookie },
      payload: { field, value },
    });
  const activate = (name: string, cookie: string, flag: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/my/domains/${name}/records/status`,
      headers: { cookie },
      payload: { flag },
    });

  it('starts with the generated .link address and no assets', async () => {
    const owner = await t.signIn();
    const domain = await t.buyDomain(owner);
    const response = await records(domain.name, owner.cookie);
    expect(response.json()).toEqual({
      domainName: domain.name,
      siteAddress: `https://${domain.name.replace('.', '-')}.link`,
      assetsMap: { web3Asset: null, twitter: null, linkedIn: null, facebook: null, instagram: null },
      status: 1,
      statusSiteAddress: 0,
      statusAssets: 0,
    });
  });

  it('needs an active subscription to change records', async () => {
    const owner = await t.signIn();
    const domain = await t.buyDomain(owner);
    const response = await update(domain.name, owner.cookie, 'twitter', 'https://twitter.com/alpha');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'NOT_SUBSCRIBED',
      message: 'Managing records needs an active subscription',
    });
  });

  it("refuses a value that is not a valid URL with the spec's message", async () => {
    const owner = await t.signIn();
    const domain = await t.buyDomain(owner, t.uniqueName(), { subscribed: true });
    const response = await update(domain.name, owner.cookie, 'siteAddress', 'not a url');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Kindly enter valid url');
  });

  it('activates a change only after its fee was paid, once per payment, and then resolves', async () => {
    const owner = await t.signIn();
    const domain = await t.buyDomain(owner, t.uniqueName(), { subscribed: true });
    const saved = await update(domain.name, owner.cookie, 'siteAddress', 'https://alpha.example.com/home');
    expect(saved.json()).toMatchObject({
      siteAddress: 'https://alpha.example.com/home',
      statusSiteAddress: 0,
      status: 1,
    });

    const unpaid = await activate(domain.name, owner.cookie, 'statusSiteAddress');
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json().code).toBe('PAYMENT_REQUIRED');
    const before = await t.app.inject({ method: 'GET', url: `/api/resolve/${domain.name}` });
    expect(before.json()).toMatchObject({ status: 1 });

    await t.purchase(owner, { kind: 'record-fee', itemName: domain.name });
    const paid = await activate(domain.name, owner.cookie, 'statusSiteAddress');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ statusSiteAddress: 1, status: 2 });
    expect((await activate(domain.name, owner.cookie, 'statusAssets')).statusCode).toBe(402);

    const resolved = await t.app.inject({ method: 'GET', url: `/api/resolve/${domain.name}` });
    expect(resolved.json()).toMatchObject({ siteAddress: 'https://alpha.example.com/home', status: 2 });
  });

  it("answers the name's NFT serial number once minted, for the search's subdomain parent check", async () => {
    const owner = await t.signIn();
    const minted = await t.buyDomain(owner, t.uniqueName());
    const resolved = (await t.app.inject({ method: 'GET', url: `/api/resolve/${minted.name}` })).json();
    expect(resolved.serialNo).toBeGreaterThanOrEqual(1);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/my/domains/${minted.name}`,
      headers: { cookie: owner.cookie },
    });
    expect(resolved.serialNo).toBe(detail.json().serialNo);
  });

  it('the /r/{name} gateway: a page saying why until the address is active, then 302 at once', async () => {
    const owner = await t.signIn();
    const domain = await t.buyDomain(owner, t.uniqueName(), { subscribed: true });
    const gateway = (name: string) => t.app.inject({ method: 'GET', url: `/r/${name}` });

    const inactive = await gateway(domain.name);
    expect(inactive.statusCode).toBe(200);
    expect(inactive.headers['content-type']).toMatch(/^text\/html/);
    expect(inactive.body).toContain('Web 2.0 URL Page is not setted.');
    expect(inactive.body).toContain(`<h1>${domain.name}</h1>`);

    await update(domain.name, owner.cookie, 'siteAddress', 'https://alpha.example.com/welcome');
    await t.purchase(owner, { kind: 'record-fee', itemName: domain.name });
    expect((await activate(domain.name, owner.cookie, 'statusSiteAddress')).statusCode).toBe(200);
    // The first answer was kept for a while; the record change dropped it.
    const active = await gateway(domain.name);
    expect(active.statusCode).toBe(302);
    expect(active.headers.location).toBe('https://alpha.example.com/welcome');
    expect(active.headers['cache-control']).toBe('no-cache');

    // A new address is saved inactive until its fee is paid: the gateway stops redirecting at once.
    await update(domain.name, owner.cookie, 'siteAddress', 'https://beta.example.com/');
    expect((await gateway(domain.name)).statusCode).toBe(200);

    const unknown = await gateway(t.uniqueName());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Web 2.0 URL Page is not setted!');
    const bad = await t.app.inject({ method: 'GET', url: '/r/%3Cscript%3E.hbar' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('lets other origins read the resolver answer (the embed), and only that endpoint', async () => {
    const origin = { origin: 'https://blog.example' };
    const owner = await t.signIn();
    const domain = await t.buyDomain(owner);
    const resolved = await t.app.inject({
      method: 'GET',
      url: `/api/resolve/${domain.name}`,
      headers: origin,
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.headers['access-control-allow-origin']).toBe('*');
    expect(resolved.headers['access-control-allow-credentials']).toBeUndefined();
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/resolve/${t.uniqueName()}`,
      headers: origin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
    const other = await t.app.inject({ method: 'GET', url: '/api/tlds', headers: origin });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers 404 when resolving an unregistered name', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/resolve/${t.uniqueName()}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('the resolver endpoint across origins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engineCases[0]!.open, { RATE_LIMIT_SEARCH: '2' });
  });
  afterAll(() => t.close());

  it('keeps its CORS answer on refusals, so an embedding page can read why', async () => {
    const resolve = (name: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/resolve/${name}`,
        headers: { origin: 'https://blog.example' },
      });
    const bad = await resolve('%3Cb%3E.hbar');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['access-control-allow-origin']).toBe('*');
    let limited = await resolve(t.uniqueName());
    for (let attempt = 0; attempt < 5 && limited.statusCode !== 429; attempt++)
      limited = await resolve(t.uniqueName());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(limited.headers['access-control-allow-origin']).toBe('*');
  });
});
