import { gzipSync } from 'node:zlib';
import type { Page, Request } from '@playwright/test';

/** V8's explicit compile hint, which the build puts first in the files a page runs before it shows. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * One JavaScript file a page loaded, with its gzip size (zlib level 9) and whether it starts with the
 * compile hint.
 */
export type LoadedScript = {
  url: string;
  owner: string;
  bytes: number;
  gzipBytes: number;
  compileHint: boolean;
};

/** Which part of the product a script belongs to: a remote (by its folder under /remotes/) or the shell. */
export function ownerOf(url: string): string {
  const { pathname } = new URL(url);
  const remote = /^\/remotes\/([^/]+)\//.exec(pathname);
  return remote?.[1] ?? 'shell';
}

/** How long no script may be on the way before the first load counts as over. */
const SCRIPTS_QUIET_MS = 1_000;

/**
 * Opens `path` and collects every script the page loads until `ready` resolves and no script has been
 * on the way for a second: the JavaScript a visitor downloads before using the page. Other requests
 * (the rate ticker, API calls) do not count, so a page that polls still settles.
 */
export async function measureFirstLoad(
  page: Page,
  path: string,
  ready: () => Promise<unknown>,
): Promise<LoadedScript[]> {
  const pending: Promise<LoadedScript | undefined>[] = [];
  const scriptsOnTheWay = new Set<Request>();
  let lastScriptActivity = Date.now();
  const isScript = (request: Request) => request.resourceType() === 'script';
  const settle = (request: Request) => {
    if (!isScript(request)) return;
    scriptsOnTheWay.delete(request);
    lastScriptActivity = Date.now();
  };
  page.on('request', (request) => {
    if (!isScript(request)) return;
    scriptsOnTheWay.add(request);
    lastScriptActivity = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => ({
          url: response.url(),
          owner: ownerOf(response.url()),
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
          compileHint: body.subarray(0, COMPILE_HINT.length).toString() === COMPILE_HINT,
        }))
        .catch(() => undefined),
    );
  });
  // A first visit: nothing comes from the cache, even when the test opened other pages before.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(path);
  await ready();
  await page.waitForLoadState('load');
  while (scriptsOnTheWay.size > 0 || Date.now() - lastScriptActivity < SCRIPTS_QUIET_MS)
    await page.waitForTimeout(100);
  const scripts = (await Promise.all(pending)).filter((each) => each !== undefined);
  return scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export const totalGzip = (scripts: LoadedScript[]) =>
  scripts.reduce((sum, script) => sum + script.gzipBytes, 0);

/** A readable table of what a page loaded, largest first, for the test's output and the bench. */
export function describeLoad(scripts: LoadedScript[]): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
  return scripts
    .map((script) => `${kb(script.gzipBytes)} KB  ${script.owner.padEnd(18)} ${new URL(script.url).pathname}`)
    .join('\n');
}
