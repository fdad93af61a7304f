import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { deployToken, releaseDataDir, releasePort } from '../playwright.config';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const V1_TAGLINE = 'Humanizing Internet, Safely.';
const V2_TAGLINE = 'Humanizing Internet, Safely. Now with releases.';

// These journeys switch the server's remotes, so they run alone, on a server of their own.
test.use({ baseURL: `http://localhost:${releasePort}` });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** `npm run release -- …` as a feature team runs it, against the release server. */
async function release(...args: string[]) {
  const { stdout } = await promisify(execFile)(
    'bash',
    ['scripts/pnpm.sh', 'exec', 'tsx', 'server/src/modules/releases/cli.ts', ...args],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        RELEASE_SERVER: `http://localhost:${releasePort}`,
        DEPLOY_TOKEN: deployToken,
        DATA_DIR: releaseDataDir,
      },
    },
  );
  return stdout;
}

/** A copy of a remote's build, changed by `change` (a file's text) as a new build of it would be. */
async function buildCopy(folder: string, change: (file: string, text: string) => string | null) {
  const copy = await mkdtemp(path.join(tmpdir(), `${folder}-`));
  await cp(path.join(ROOT, folder, 'dist'), copy, { recursive: true });
  for (const file of await readdir(copy)) {
    if (!/\.(js|json)$/.test(file)) continue;
    const changed = change(file, await readFile(path.join(copy, file), 'utf8'));
    if (changed === null) continue;
    await writeFile(path.join(copy, file), changed);
    // The compressed copies beside it would still hold the old text.
    await rm(path.join(copy, `${file}.gz`), { force: true });
    await rm(path.join(copy, `${file}.br`), { force: true });
  }
  return copy;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Where each remote is served from and the bytes (hashed) of its manifest and container, and the shell's entry. */
async function servedBytes(request: APIRequestContext) {
  const remotes = (
    (await (await request.get('/remotes.json')).json()) as {
      remotes: Array<{ name: string; entry: string }>;
    }
  ).remotes;
  const hashes: Record<string, string> = { shell: sha(await (await request.get('/main.js')).body()) };
  for (const { name, entry } of remotes) {
    const manifest = await (await request.get(entry)).body();
    const container = await (
      await request.get(new URL('remoteEntry.js', new URL(entry, 'http://x')).pathname)
    ).body();
    hashes[name] = `${entry} ${sha(Buffer.concat([manifest, container]))}`;
  }
  return hashes;
}

test('a team releases search v2 while a page is open, then rolls back: nothing else moves', async ({
  page,
  browser,
  request,
}) => {
  const v1Build = await buildCopy('mfe-search', () => null);
  const v2Build = await buildCopy('mfe-search', (_file, text) =>
    text.includes(V1_TAGLINE) ? text.replaceAll(V1_TAGLINE, V2_TAGLINE) : null,
  );
  try {
    expect(await release('mfe-search', '--from', v1Build, '--activate')).toMatch(
      /search is live at [0-9a-f]{12}-\d{14}/,
    );
    await page.goto('/gui/domains/web3');
    await expect(page.getByText(V1_TAGLINE, { exact: true })).toBeVisible();
    const v1Bytes = await servedBytes(request);

    const published = await release('mfe-search', '--from', v2Build, '--activate');
    const v2 = /Published search ([0-9a-f]{12}-\d{14})/.exec(published)![1]!;
    // The open page keeps what it loaded; a new page load gets v2.
    await expect(page.getByText(V1_TAGLINE, { exact: true })).toBeVisible();
    const fresh = await browser.newPage();
    await fresh.goto('/gui/domains/web3');
    await expect(fresh.getByText(V2_TAGLINE)).toBeVisible();
    const v2Bytes = await servedBytes(request);
    expect(v2Bytes.search).not.toBe(v1Bytes.search);
    for (const part of ['shell', 'cart_checkout', 'my_domains', 'profile', 'resolver'])
      expect(v2Bytes[part], part).toBe(v1Bytes[part]);

    const listed = await release('--list');
    expect(listed).toContain(`* ${v2}`);

    expect(await release('mfe-search', '--rollback')).toContain(`was ${v2}`);
    await fresh.reload();
    await expect(fresh.getByText(V1_TAGLINE, { exact: true })).toBeVisible();
    expect(await servedBytes(request)).toEqual(v1Bytes);
    await fresh.close();
  } finally {
    await rm(v1Build, { recursive: true, force: true });
    await rm(v2Build, { recursive: true, force: true });
  }
});

test('a remote built for another contracts major shows its fallback only; the header and the cart work', async ({
  page,
}) => {
  const skewed = await buildCopy('mfe-resolver', (file, text) =>
    file === 'registry-build.json' ? JSON.stringify({ ...JSON.parse(text), contracts: '99.0.0' }) : null,
  );
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('Refused the resolver remote'))
      refusals.push(message.text());
  });
  try {
    await release('mfe-resolver', '--from', skewed, '--activate');
    await page.goto('/w3/resolver');
    const fallback = page.locator('[data-remote-fallback="resolver"]');
    await expect(fallback).toContainText('built for another version of this app');
    await expect(fallback).toContainText('it was built for contracts 99.0.0');
    await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(refusals).toHaveLength(1);
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: /cart/i }).click();
    await expect(page).toHaveURL(/\/gui\/cart$/);
    await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
    await expect(page.locator('[data-page="cart"] h1')).toHaveText('Your Cart');
  } finally {
    await release('mfe-resolver', '--rollback');
    await rm(skewed, { recursive: true, force: true });
  }
});

type Listing = {
  remotes: Array<{
    remote: string;
    live: string | null;
    canary: { version: string } | null;
    decisions: Array<{ version: string; outcome: string; reason: string }>;
  }>;
};

/** The search remote as the deploy API lists it. */
async function searchListing(request: APIRequestContext) {
  const answer = await request.get('/api/admin/remotes', {
    headers: { authorization: `Bearer ${deployToken}` },
  });
  return ((await answer.json()) as Listing).remotes.find((each) => each.remote === 'search')!;
}

/**
 * Page loads of search (mounts and load failures, every version) the release server has taken in from
 * browsers' reports since it started: its Prometheus counters, which only grow.
 */
async function searchLoadsTakenIn(request: APIRequestContext) {
  const metrics = await (await request.get('/metrics')).text();
  let loads = 0;
  for (const [, count] of metrics.matchAll(
    /^remote_events_total\{remote="search",version="[^"]+",kind="(?:mount|load-failure)"\} (\d+)$/gm,
  ))
    loads += Number(count);
  return loads;
}

/**
 * Opens the search page `times` in a browser of the canary bucket `bucket` (each load reported when the
 * page is hidden), and says what the first load showed (later ones may already follow a decision). The
 * browser is closed once the server has taken in those loads: the reports are beacons, which Playwright
 * does not see, so the server's counters are what says they are through.
 */
async function loadSearchPages(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  bucket: number,
  times: number,
) {
  const takenInBefore = await searchLoadsTakenIn(request);
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'registry_canary', value: String(bucket), url: baseURL }]);
  const page = await context.newPage();
  let first = '';
  let loads = 0;
  const loadOnce = async () => {
    await page.goto('/gui/domains/web3');
    const tagline = page.getByText(V1_TAGLINE, { exact: true }).or(page.getByText(V2_TAGLINE));
    const fallback = page.locator('[data-remote-fallback="search"]');
    await expect(tagline.or(fallback)).toBeVisible();
    const shown = (await fallback.isVisible()) ? 'fallback' : ((await tagline.textContent()) ?? '');
    if (loads === 0) first = shown;
    loads += 1;
    // Hidden: the page sends what it counted.
    await page.goto('about:blank');
  };
  for (let load = 0; load < times; load += 1) await loadOnce();
  // A beacon sent as a page goes away can be lost without a word to the page: another load makes up
  // for it (at most three), as another visitor would.
  for (let extra = 0; ; extra += 1) {
    try {
      await expect
        .poll(() => searchLoadsTakenIn(request), { timeout: 15_000, intervals: [500] })
        .toBeGreaterThanOrEqual(takenInBefore + times);
      break;
    } catch (error) {
      if (extra === 3) throw error;
      await loadOnce();
    }
  }
  await context.close();
  return first;
}

test('a search release that throws on render, at 50 % with --auto, is stopped by the server; its browsers get live again', async ({
  browser,
  request,
  baseURL,
}) => {
  const liveBuild = await buildCopy('mfe-search', () => null);
  const broken = await buildCopy('mfe-search', (file, text) =>
    file.startsWith('page-search.') && text.includes(`tagline:"${V1_TAGLINE}"`)
      ? text.replace(`tagline:"${V1_TAGLINE}"`, 'tagline:(()=>{throw Error("this release is broken")})()')
      : null,
  );
  try {
    await release('mfe-search', '--from', liveBuild, '--activate');
    const live = (await searchListing(request)).live!;
    const candidate = /Published search (\S+)/.exec(await release('mfe-search', '--from', broken))![1]!;
    expect(
      await release(
        'mfe-search',
        candidate,
        '--canary',
        '50',
        '--auto',
        '--window',
        '600',
        '--min-mounts',
        '6',
      ),
    ).toContain('goes to 50 % of browsers; the server makes it live after 600 s and 6 page loads');

    // Buckets below 50 get the candidate and see its fallback; the others get live.
    expect(await loadSearchPages(browser, request, baseURL!, 10, 7)).toBe('fallback');
    expect(await loadSearchPages(browser, request, baseURL!, 80, 7)).toBe(V1_TAGLINE);

    // Long before its window, the server stops it on the errors browsers reported.
    await expect
      .poll(async () => (await searchListing(request)).canary, { timeout: 30_000, intervals: [1000] })
      .toBeNull();
    const listing = await searchListing(request);
    expect(listing.live).toBe(live);
    expect(listing.decisions[0]).toMatchObject({
      version: candidate,
      outcome: 'stopped',
      reason: expect.stringMatching(
        /^worse than live: error rate 100\.0 % over \d+ page loads against 0\.0 %/,
      ),
    });
    expect(await release('--list')).toContain(`${candidate} stopped: worse than live`);
    // A browser that had the candidate gets the live version on its next load.
    expect(await loadSearchPages(browser, request, baseURL!, 10, 1)).toBe(V1_TAGLINE);
    expect(await release('--status')).toMatch(new RegExp(`live {4}${live}: \\d+ page loads, 0 with errors`));
  } finally {
    await rm(liveBuild, { recursive: true, force: true });
    await rm(broken, { recursive: true, force: true });
  }
});

test('a healthy search release at 50 % with --auto is made live on its own after its window', async ({
  browser,
  request,
  baseURL,
}) => {
  const healthy = await buildCopy('mfe-search', (_file, text) =>
    text.includes(V1_TAGLINE) ? text.replaceAll(V1_TAGLINE, V2_TAGLINE) : null,
  );
  try {
    const candidate = /Published search (\S+)/.exec(await release('mfe-search', '--from', healthy))![1]!;
    await release('mfe-search', candidate, '--canary', '50', '--auto', '--window', '10', '--min-mounts', '3');
    // The live bucket first: the candidate cannot be made live before its own bucket has loaded it, so
    // this side sees live whatever the time its loads take (each waits for its health report).
    expect(await loadSearchPages(browser, request, baseURL!, 70, 4)).toBe(V1_TAGLINE);
    expect(await loadSearchPages(browser, request, baseURL!, 20, 4)).toBe(V2_TAGLINE);
    await expect
      .poll(async () => (await searchListing(request)).live, { timeout: 40_000, intervals: [1000] })
      .toBe(candidate);
    const listing = await searchListing(request);
    expect(listing.canary).toBeNull();
    expect(listing.decisions[0]).toMatchObject({
      version: candidate,
      outcome: 'promoted',
      reason: expect.stringMatching(/^healthy for 10 s: error rate 0\.0 %/),
    });
    // Every browser now gets it, the ones that had live included.
    expect(await loadSearchPages(browser, request, baseURL!, 70, 1)).toBe(V2_TAGLINE);
  } finally {
    await release('mfe-search', '--rollback');
    await rm(healthy, { recursive: true, force: true });
  }
});

test('a release entry changed after recording is refused by the server, and by the shell when a CDN serves it changed; the other remotes keep working', async ({
  page,
  request,
}) => {
  const build = await buildCopy('mfe-resolver', () => null);
  try {
    const version = /Published resolver (\S+)/.exec(
      await release('mfe-resolver', '--from', build, '--activate'),
    )![1]!;
    const entry = `/releases/mfe-resolver/${version}/remoteEntry.js`;
    const entryRequests: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith(entry)) entryRequests.push(sent.url());
    });
    await page.goto('/w3/resolver');
    await expect(page.locator('[data-page="resolver"] h1')).toHaveText('Resolve Hedera Domains');
    // The preload and the federation runtime ask for it the same way (with its digest): fetched once.
    expect(entryRequests).toHaveLength(1);

    // A CDN in between serves other bytes under the same address: the browser refuses them.
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/integrity/i.test(message.text())) refusals.push(message.text());
    });
    await page.route(`**${entry}`, async (route) => {
      const original = await route.fetch();
      await route.fulfill({ response: original, body: `${await original.text()}\nwindow.swapped = true;` });
    });
    await page.goto('/w3/resolver');
    await expect(page.locator('[data-remote-fallback="resolver"]')).toContainText('could not be loaded');
    expect(refusals.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'swapped' in window)).toBe(false);
    await page.unroute(`**${entry}`);

    // Changed on the server's disk: the server refuses the file itself.
    const onDisk = path.join(releaseDataDir, 'releases', 'mfe-resolver', version, 'remoteEntry.js');
    await writeFile(onDisk, `${await readFile(onDisk, 'utf8')}\nwindow.swapped = true;`);
    const served = await request.get(entry);
    expect(served.status()).toBe(500);
    expect(await served.json()).toMatchObject({ code: 'RELEASE_FILE_CHANGED' });
    await page.goto('/w3/resolver');
    await expect(page.locator('[data-remote-fallback="resolver"]')).toBeVisible();

    // The header and the other remotes keep working.
    await page.getByRole('banner').getByRole('link', { name: /cart/i }).click();
    await expect(page.locator('[data-page="cart"] h1')).toHaveText('Your Cart');
    await page.goto('/gui/domains/web3');
    await expect(page.getByText(V1_TAGLINE, { exact: true })).toBeVisible();
  } finally {
    await release('mfe-resolver', '--rollback');
    await rm(build, { recursive: true, force: true });
  }
});
