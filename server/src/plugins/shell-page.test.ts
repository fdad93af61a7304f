import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUS_VERSION, CONTRACTS_VERSION } from '@registry/contracts/remotes';
import { contentHash, fileDigest, newVersion, releaseFiles } from '../modules/releases/release-files';
import { startTestApp, type TestApp } from '../testing/test-app';
import { engineCases } from '../testing/test-databases';
import { firstPageOf, skeletonOf } from './shell-page';

const TOKEN = 'deploy-token-of-the-search-team-0123456789';
const SHELL_HTML =
  '<!doctype html><html lang="en"><head><title>Hedera Domains</title><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>';

/** A remote build as the build writes it: a manifest, an entry and what its pages load first. */
async function writeRemoteBuild(folder: string, label: string) {
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'mf-manifest.json'), JSON.stringify({ id: 'search', label }));
  await writeFile(path.join(folder, 'remoteEntry.js'), `/* ${label} */`);
  await writeFile(
    path.join(folder, 'registry-build.json'),
    JSON.stringify({ contracts: CONTRACTS_VERSION, bus: BUS_VERSION }),
  );
  await writeFile(
    path.join(folder, 'first-load.json'),
    JSON.stringify({
      expose: { files: [`expose.${label}.js`], shared: ['react'] },
      pages: {
        search: {
          files: [`page-search.${label}.css`, `page-search.${label}.js`],
          shared: ['@registry/ui/tabs'],
        },
        claim: { files: [`page-claim.${label}.js`], shared: [] },
      },
    }),
  );
}

type ShellPage = {
  status: number;
  /** What `#root` holds before any script runs. */
  root: string;
  list: { remotes: Array<{ name: string; entry: string; version?: string }> };
  preloads: Array<{ href: string; as: string; integrity?: string; crossorigin: boolean }>;
  bucketCookie?: string;
};

describe('the page a route shows first', () => {
  it('is the route manifest’s page; an account page without a session, or a bad query, is the search page', () => {
    expect(firstPageOf('/', '', false)).toMatchObject({ remote: 'search', page: 'search' });
    expect(firstPageOf('/gui/domains', '', false)).toMatchObject({ remote: 'search', page: 'search' });
    expect(firstPageOf('/gui/domains/web2/blade', '', false)).toMatchObject({
      remote: 'search',
      page: 'search',
    });
    expect(firstPageOf('/gui/claim', '', false)).toMatchObject({ remote: 'search', page: 'claim' });
    expect(firstPageOf('/gui/cart/checkout', '', false)).toMatchObject({
      remote: 'cart_checkout',
      page: 'checkout',
    });
    expect(firstPageOf('/resolver', '', false)).toMatchObject({ remote: 'resolver', page: 'resolver' });
    expect(firstPageOf('/gui/w3mydomains', '', true)).toMatchObject({
      remote: 'my_domains',
      page: 'my-domains',
    });
    expect(firstPageOf('/gui/w3mydomains', '', false)).toMatchObject({ remote: 'search', page: 'search' });
    expect(firstPageOf('/gui/w3mysubdomains/alpha.hbar', '', true)).toMatchObject({ page: 'my-subdomains' });
    expect(firstPageOf('/index.html', '?t=ev&x=abc', false)).toMatchObject({ page: 'email-verification' });
    expect(firstPageOf('/index.html', '', false)).toMatchObject({ remote: 'search', page: 'search' });
    expect(firstPageOf('/gui/profile/orders', '', true)).toMatchObject({
      remote: 'profile',
      page: 'profile',
    });
    expect(firstPageOf('/gui/domains/web4', '', false)).toBeUndefined();
    expect(firstPageOf('/gui/nothing', '', false)).toBeUndefined();
  });
});

describe('what the first HTML draws before any script', () => {
  /** The skeleton's banner state, title, tagline and back link, read off its markup. */
  const drawn = (pathname: string, search = '', signedIn = false) => {
    const html = skeletonOf(pathname, search, signedIn);
    return {
      banner: /<div class="app" data-banner="(\w+)">/.exec(html)?.[1],
      logo: /<a class="app-header__logo" href="([^"]+)">/.exec(html)?.[1],
      title: /<h1>(.*?)<\/h1>/.exec(html)?.[1],
      tagline: /<p class="page-heading__tagline">(.*?)<\/p>/.exec(html)?.[1],
      back: /<a class="page-heading__back" href="([^"]+)">(.*?)<\/a>/.exec(html)?.slice(1),
      loading: html.includes('<span>Loading…</span>'),
    };
  };

  it("is the frame and the page's own title block where the page has a fixed one", () => {
    expect(drawn('/gui/domains/web3', '?domain=alpha')).toEqual({
      banner: 'hidden',
      logo: '/gui/domains/web3',
      title: 'Smart domains. Tokenized on Hedera.',
      tagline: 'Humanizing Internet, Safely.',
      back: undefined,
      loading: true,
    });
    expect(drawn('/gui/cart')).toMatchObject({
      banner: 'hidden',
      title: 'Your Cart',
      back: ['/gui/domains/web3', 'continue shopping'],
    });
    expect(drawn('/resolver')).toMatchObject({ banner: 'shown', title: 'Resolve Hedera Domains' });
    expect(drawn('/gui/claim', '?blade=1')).toMatchObject({ banner: 'hidden', title: 'Claim Domain' });
  });

  it('is the search page where the shell sends the address there, and the account page with a session', () => {
    for (const [pathname, search] of [
      ['/', ''],
      ['/gui', ''],
      ['/index.html', ''],
      ['/index.html', '?t=ev'],
      ['/gui/w3mydomains', ''],
      ['/gui/domain/web3/detail', '?domain=a.hbar'],
    ] as const)
      expect(drawn(pathname, search), pathname + search).toMatchObject({
        banner: 'hidden',
        title: 'Smart domains. Tokenized on Hedera.',
      });
    expect(drawn('/gui/w3mydomains', '', true)).toMatchObject({ banner: 'shown', title: 'Domains' });
    expect(drawn('/index.html', '?t=ev&x=abc', false)).toMatchObject({ title: 'Email verification' });
  });

  it('is the spinner alone where the title depends on data, and the frame alone on an unknown page', () => {
    expect(drawn('/gui/profile/orders', '', true)).toMatchObject({ title: undefined, loading: true });
    expect(drawn('/gui/w3mysubdomains/alpha.hbar', '', true)).toMatchObject({
      title: undefined,
      loading: true,
    });
    expect(drawn('/gui/nothing')).toMatchObject({ banner: 'shown', title: undefined, loading: false });
    expect(drawn('/gui/domains/web4')).toMatchObject({ title: undefined, loading: false });
  });
});

describe.each(engineCases)('the shell page on $engine', ({ open }) => {
  let t: TestApp;
  let folder: string;
  let releasesDir: string;
  let candidate: string;

  const shellPage = async (url: string, cookie?: string): Promise<ShellPage> => {
    const answer = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
    });
    const html = answer.body;
    const listText = /<script type="application\/json" id="remotes-list">(.*?)<\/script>/.exec(html)?.[1];
    const preloads = [
      ...html.matchAll(
        /<link rel="preload" as="(\w+)" href="([^"]+)"(?: integrity="([^"]+)")?( crossorigin="anonymous")?>/g,
      ),
    ].map((match) => ({
      as: match[1]!,
      href: match[2]!,
      ...(match[3] ? { integrity: match[3] } : {}),
      crossorigin: match[4] !== undefined,
    }));
    const bucketCookie = answer.cookies.find((each) => each.name === 'registry_canary')?.value;
    return {
      status: answer.statusCode,
      root: /<div id="root">(.*)<\/div><\/body>/.exec(html)?.[1] ?? '',
      list: JSON.parse(listText ?? 'null') as ShellPage['list'],
      preloads,
      ...(bucketCookie ? { bucketCookie } : {}),
    };
  };
  const remotesJson = async (cookie: string) =>
    (
      await t.app.inject({ method: 'GET', url: '/remotes.json', headers: { cookie } })
    ).json() as ShellPage['list'];

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'shell-page-'));
    releasesDir = path.join(folder, 'releases');
    await mkdir(path.join(folder, 'shell', 'dist'), { recursive: true });
    await writeFile(path.join(folder, 'shell', 'dist', 'index.html'), SHELL_HTML);
    await writeFile(
      path.join(folder, 'shell', 'dist', 'first-load.json'),
      JSON.stringify({ bootstrap: [], shared: { '@registry/ui/tabs': ['7594.tabs.js'], react: [] } }),
    );
    await writeRemoteBuild(path.join(folder, 'mfe-search', 'dist'), 'own');
    const build = path.join(folder, 'candidate-build');
    await writeRemoteBuild(build, 'candidate');
    candidate = newVersion((await contentHash(build, await releaseFiles(build))).hash);
    await mkdir(path.join(releasesDir, 'mfe-search'), { recursive: true });
    await cp(build, path.join(releasesDir, 'mfe-search', candidate), { recursive: true });
    t = await startTestApp(open, { DEPLOY_TOKEN: TOKEN, RELEASES_DIR: releasesDir, APPS_ROOT: folder });
    const deploy = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${TOKEN}` }, payload });
    expect((await deploy('/api/admin/remotes/mfe-search/releases', { version: candidate })).statusCode).toBe(
      201,
    );
    expect(
      (await deploy('/api/admin/remotes/search/canary', { version: candidate, percent: 50 })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("holds the browser's remotes list, as /remotes.json gives it to the same bucket", async () => {
    for (const bucket of [10, 49, 50, 90]) {
      const cookie = `registry_canary=${bucket}`;
      const page = await shellPage('/gui/domains/web3', cookie);
      expect(page.status).toBe(200);
      expect(page.list).toEqual(await remotesJson(cookie));
      expect(page.list.remotes.find((remote) => remote.name === 'search')?.version).toBe(
        bucket < 50 ? candidate : undefined,
      );
    }
  });

  it("draws the first page's frame and title inside #root, by the session cookie", async () => {
    const cart = await shellPage('/gui/cart?x=1', 'registry_canary=90');
    expect(cart.root).toBe(skeletonOf('/gui/cart', 'x=1', false));
    expect(cart.root).toContain('<h1>Your Cart</h1>');
    expect((await shellPage('/gui/w3mydomains', 'registry_canary=90')).root).toContain(
      '<h1>Smart domains. Tokenized on Hedera.</h1>',
    );
    expect((await shellPage('/gui/w3mydomains', 'registry_canary=90; registry_session=x')).root).toContain(
      '<h1>Domains</h1>',
    );
  });

  it('gives a new browser its bucket with the page, and the list of that bucket', async () => {
    const page = await shellPage('/gui/domains/web3');
    expect(page.bucketCookie).toMatch(/^\d{1,2}$/);
    expect(page.list).toEqual(await remotesJson(`registry_canary=${page.bucketCookie}`));
  });

  it("preloads the first page's remote: entry, exposed module, page files and the shell modules it takes", async () => {
    const base = `/releases/mfe-search/${candidate}/`;
    expect((await shellPage('/gui/domains/web3', 'registry_canary=10')).preloads).toEqual([
      {
        as: 'script',
        href: `${base}remoteEntry.js`,
        integrity: fileDigest(Buffer.from('/* candidate */')),
        crossorigin: true,
      },
      { as: 'script', href: `${base}expose.candidate.js`, crossorigin: false },
      { as: 'style', href: `${base}page-search.candidate.css`, crossorigin: false },
      { as: 'script', href: `${base}page-search.candidate.js`, crossorigin: false },
      { as: 'script', href: '/7594.tabs.js', crossorigin: false },
    ]);
    expect((await shellPage('/gui/claim', 'registry_canary=90')).preloads.map((each) => each.href)).toEqual([
      '/remotes/mfe-search/remoteEntry.js',
      '/remotes/mfe-search/expose.own.js',
      '/remotes/mfe-search/page-claim.own.js',
    ]);
    // Sent home without a session: the search page is prepared, not My Domains.
    expect((await shellPage('/gui/w3mydomains', 'registry_canary=90')).preloads[0]?.href).toBe(
      '/remotes/mfe-search/remoteEntry.js',
    );
    expect(
      (await shellPage('/gui/w3mydomains', 'registry_canary=90; registry_session=x')).preloads[0]?.href,
    ).toBe('/remotes/mfe-my-domains/remoteEntry.js');
  });

  it('names only the entry of a remote whose build says nothing of its first load, and nothing on an unknown page', async () => {
    expect((await shellPage('/gui/cart', 'registry_canary=90')).preloads).toEqual([
      { as: 'script', href: '/remotes/mfe-cart-checkout/remoteEntry.js', crossorigin: false },
    ]);
    const unknown = await shellPage('/nothing-here', 'registry_canary=90');
    expect(unknown.status).toBe(404);
    expect(unknown.root).toBe(skeletonOf('/nothing-here', '', false));
    expect(unknown.preloads).toEqual([]);
    expect(unknown.list.remotes).toHaveLength(5);
  });
});
