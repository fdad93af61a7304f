import { PrivateKey } from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainRecords } from '../../db/schema';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type TestApp } from '../../testing/test-app';

const DAY = 24 * 60 * 60 * 1000;

describe.each(engineCases)('public name page on $engine', ({ open }) => {
  let t: TestApp;
  let tokenId: string;

  beforeAll(async () => {
    t = await startTestApp(open, { RATE_LIMIT_SIGN_IN: '1000', PUBLIC_URL: 'https://names.example' });
    tokenId = await t.openCollection();
  });
  afterAll(() => t.close());

  async function owner() {
    const signedIn = await t.signIn(PrivateKey.generateED25519(), 1000);
    await t.writer.associate(signedIn.accountId, signedIn.key, tokenId);
    return signedIn;
  }
  const get = (name: string) => t.app.inject({ method: 'GET', url: `/n/${encodeURIComponent(name)}` });

  it('shows owner, expiry, status, active records and socials, with Open Graph tags and no script', async () => {
    const alice = await owner();
    const bought = await t.buyDomain(alice);
    await t.database.db.insert(domainRecords).values({
      domainName: bought.name,
      siteAddress: 'https://alice.example/home',
      web3Asset: 'ipfs://bafy-alice',
      twitter: 'https://x.com/alice',
      linkedIn: 'https://linkedin.com/in/alice',
      statusSiteAddress: 1,
      statusAssets: 1,
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/my/primary-name',
      headers: { cookie: alice.cookie },
      payload: { name: bought.name },
    });

    const page = await get(bought.name);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`<h1>${bought.name}</h1>`);
    expect(html).toContain(`<meta property="og:title" content="${bought.name}" />`);
    expect(html).toContain(`<meta property="og:url" content="https://names.example/n/${bought.name}" />`);
    expect(html).toContain(
      `<meta property="og:image" content="https://names.example/profile/dp/${alice.accountId}.dp" />`,
    );
    expect(html).toContain(`<dd>${bought.name} (${alice.accountId})</dd>`);
    expect(html).toContain(`<time datetime="${bought.expiresAt.toISOString()}">`);
    expect(html).toContain('<dd>Active</dd>');
    expect(html).toContain(
      '<a href="https://alice.example/home" rel="noopener nofollow ugc">https://alice.example/home</a>',
    );
    expect(html).toContain('<a href="https://x.com/alice" rel="noopener nofollow ugc">X (Twitter)</a>');
    expect(html).toContain(
      '<a href="https://linkedin.com/in/alice" rel="noopener nofollow ugc">LinkedIn</a>',
    );
    // Not a web address: shown as text, never a link.
    expect(html).toContain('<dd>ipfs://bafy-alice</dd>');
  });

  it('keeps hostile record values inert: escaped text, no script, no javascript: link', async () => {
    const mallory = await owner();
    const bought = await t.buyDomain(mallory);
    await t.database.db.insert(domainRecords).values({
      domainName: bought.name,
      siteAddress: 'javascript:alert(1)',
      web3Asset: '<script>alert(1)</script>',
      twitter: 'javascript:alert(document.cookie)',
      facebook: 'https://facebook.com/x"><script>alert(1)</script>',
      statusSiteAddress: 1,
      statusAssets: 1,
    });
    const html = (await get(bought.name)).body;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('<dd>javascript:alert(1)</dd>');
    // The quote cannot leave the attribute: the address is parsed and re-encoded first.
    expect(html).toContain('href="https://facebook.com/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E"');
    expect(html).not.toContain('X (Twitter)');
  });

  it('leaves out records that are not active, and shows the grace period of an expired name', async () => {
    const bob = await owner();
    const bought = await t.buyDomain(bob);
    await t.database.db.insert(domainRecords).values({
      domainName: bought.name,
      siteAddress: 'https://bob.example/',
      twitter: 'https://x.com/bob',
      statusSiteAddress: 0,
      statusAssets: 0,
    });
    await t.expire(bought.name, new Date(Date.now() - DAY));
    const html = (await get(bought.name)).body;
    expect(html).not.toContain('bob.example');
    expect(html).not.toContain('x.com/bob');
    expect(html).toMatch(/<dd>Expired: in its grace period until \d{4}-\d{2}-\d{2}<\/dd>/);
    expect(html).toContain(`<dd>${bob.accountId}</dd>`);
  });

  it('answers 404 with a search link for unknown, released and malformed names', async () => {
    const carol = await owner();
    const released = await t.buyDomain(carol);
    await t.expire(released.name, new Date(Date.now() - 40 * DAY));
    for (const name of [t.uniqueName(), released.name, '<img src=x onerror=alert(1)>.hbar']) {
      const page = await get(name);
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<a href="/gui/domains/web3">Search for it</a>');
      expect(page.body).not.toMatch(/<img/i);
    }
  });
});
