import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  REMOTE_ENTRY_FILE,
  REMOTE_FOLDERS,
  REMOTES_LIST_ELEMENT,
  type RemoteName,
} from '@registry/contracts/remotes';
import type { RemotesManifest } from '@registry/contracts/remote-list';
import { PATTERNS, ROUTE_MANIFEST, paths, queryMatches, type PageRoute } from '@registry/contracts/routes';
import { headingOf } from '@registry/contracts/page-headings';
import { requestCookie } from './cookies';
import { pageSkeleton } from './page-skeleton';
import { browserBucket } from './remotes-manifest';
import { SESSION_COOKIE } from './sessions';

/** Written by the build beside the shell and each remote (`@registry/webpack-config`'s FirstLoadPlugin). */
const FIRST_LOAD_FILE = 'first-load.json';

type FilesAndShared = { files: string[]; shared: string[] };
type RemoteFirstLoad = { expose: FilesAndShared | null; pages: Record<string, FilesAndShared> };
type ShellFirstLoad = { bootstrap: string[]; shared: Record<string, string[]> };

/** A route's pattern as an expression: `:type` takes web2 or web3 only where the route is typed. */
const patternExpression = ({ path: pattern, typed }: PageRoute) =>
  new RegExp(
    `^${pattern.replace(/[.]/g, '\\.').replace(/:(\w+)/g, (_, name: string) => (name === 'type' && typed ? '(?:web2|web3)' : '[^/]+'))}/?$`,
  );
const ROUTES = ROUTE_MANIFEST.map((route) => ({ route, expression: patternExpression(route) }));
const HOME_ROUTE = ROUTE_MANIFEST.find((route) => route.path === PATTERNS.search)!;
/** Paths the shell's router sends to the search page before any remote runs. */
const REDIRECTS_HOME = new Set(['/', '/gui', '/gui/', '/gui/domains', '/gui/domains/']);

/**
 * The page a path shows first. An account page opened without a session goes to the search page
 * (spec section 2), so that is the one worth preparing; with one, the account page itself.
 */
export function firstPageOf(pathname: string, search: string, signedIn: boolean): PageRoute | undefined {
  if (REDIRECTS_HOME.has(pathname)) return HOME_ROUTE;
  const found = ROUTES.find(({ expression }) => expression.test(pathname))?.route;
  if (!found) return undefined;
  if (found.query && !queryMatches(found, search)) return HOME_ROUTE;
  if (found.account && !signedIn) return HOME_ROUTE;
  return found;
}

/** The frame and title block of the page a path shows first, for the first HTML's `#root`. */
export function skeletonOf(pathname: string, search: string, signedIn: boolean): string {
  const page = firstPageOf(pathname, search, signedIn);
  const own = ROUTES.find(({ expression }) => expression.test(pathname))?.route;
  const sentHome = page !== undefined && page !== own;
  return pageSkeleton({
    pathname: sentHome ? paths.home : pathname,
    search,
    known: page !== undefined,
    heading: page ? headingOf(page) : undefined,
  });
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** A JSON text safe inside `<script>`: no `<` can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

type Preload = { href: string; as: 'script' | 'style'; integrity?: string };

function preloadTag({ href, as, integrity }: Preload) {
  // A checked entry is fetched in CORS mode with its digest: the preload must be made the same way.
  const checked = integrity ? ` integrity="${escapeAttribute(integrity)}" crossorigin="anonymous"` : '';
  return `<link rel="preload" as="${as}" href="${escapeAttribute(href)}"${checked}>`;
}

const fileKind = (file: string): Preload['as'] => (file.endsWith('.css') ? 'style' : 'script');

export type ShellPageOptions = {
  shellDist: string;
  appsRoot: string;
  releasesDir?: string;
  /** Where each remote is for a browser in a canary bucket (what `/remotes.json` answers). */
  manifest?: (bucket: number) => Promise<RemotesManifest>;
  log: (details: object, line: string) => void;
};

/**
 * The shell's HTML for one browser: the remotes list it would otherwise fetch (`/remotes.json`, for
 * the browser's canary bucket) inline, and preloads for what the first page runs (the remote's
 * entry, exposed module and page chunks, and the shell modules the page takes), so they
 * download beside main.js instead of one after another.
 */
export function createShellPage({ shellDist, appsRoot, releasesDir, manifest, log }: ShellPageOptions) {
  let template: Promise<string> | undefined;
  const shellFirstLoad = readJson<ShellFirstLoad>(path.join(shellDist, FIRST_LOAD_FILE));
  /** Release folders never change and the server's own builds are fixed for its life: read once. */
  const remoteFirstLoads = new Map<string, Promise<RemoteFirstLoad | null>>();

  function readJson<T>(file: string): Promise<T | null> {
    return readFile(file, 'utf8')
      .then((text) => JSON.parse(text) as T)
      .catch(() => null);
  }

  /** The folder on this server a remote's entry address points into, if it does. */
  function localFolder(remote: RemoteName, entry: string): string | undefined {
    const folder = REMOTE_FOLDERS[remote];
    if (entry === `/remotes/${folder}/${REMOTE_ENTRY_FILE}`) return path.join(appsRoot, folder, 'dist');
    const release = new RegExp(`^/releases/${folder}/([0-9a-f]{12}-\\d{14})/remoteEntry\\.js$`).exec(entry);
    if (release && releasesDir) return path.join(releasesDir, folder, release[1]!);
    return undefined;
  }

  function remoteFirstLoad(folder: string) {
    let found = remoteFirstLoads.get(folder);
    if (!found) {
      found = readJson<RemoteFirstLoad>(path.join(folder, FIRST_LOAD_FILE));
      remoteFirstLoads.set(folder, found);
    }
    return found;
  }

  async function preloadsFor(page: PageRoute, remotes: RemotesManifest): Promise<Preload[]> {
    const remote = remotes.remotes.find((each) => each.name === page.remote);
    if (!remote) return [];
    const { entry, integrity } = remote;
    const preloads: Preload[] = [{ href: entry, as: 'script', ...(integrity ? { integrity } : {}) }];
    const folder = localFolder(page.remote, entry);
    const firstLoad = folder ? await remoteFirstLoad(folder) : null;
    if (!firstLoad) return preloads;
    const base = entry.slice(0, entry.lastIndexOf('/') + 1);
    const parts = [firstLoad.expose, firstLoad.pages[page.page]].filter(
      (part) => part !== undefined && part !== null,
    );
    for (const part of parts)
      for (const file of part.files) preloads.push({ href: `${base}${file}`, as: fileKind(file) });
    const shell = await shellFirstLoad;
    for (const key of parts.flatMap((part) => part.shared))
      for (const file of shell?.shared[key] ?? []) preloads.push({ href: `/${file}`, as: fileKind(file) });
    return preloads.filter(
      (preload, index) => preloads.findIndex((each) => each.href === preload.href) === index,
    );
  }

  return async function sendShellPage(request: FastifyRequest, reply: FastifyReply, status: number) {
    const html = await (template ??= readFile(path.join(shellDist, 'index.html'), 'utf8'));
    const [pathname = '/', search = ''] = request.url.split('?');
    const signedIn =
      requestCookie(request, SESSION_COOKIE) !== undefined ||
      requestCookie(request, `__Host-${SESSION_COOKIE}`) !== undefined;
    let head = '';
    if (manifest) {
      try {
        const remotes = await manifest(browserBucket(request, reply));
        const page = firstPageOf(pathname, search, signedIn);
        const preloads = page ? await preloadsFor(page, remotes) : [];
        head = `<script type="application/json" id="${REMOTES_LIST_ELEMENT}">${scriptJson(remotes)}</script>${preloads.map(preloadTag).join('')}`;
      } catch (error) {
        // The page still works without them: the shell reads /remotes.json itself.
        log({ err: error }, 'shell page sent without its remotes list');
      }
    }
    const root = `<div id="root">${skeletonOf(pathname, search, signedIn)}</div>`;
    return (
      reply
        .status(status)
        .header('Cache-Control', 'no-cache')
        // What the page preloads and draws first depends on the session cookie.
        .header('Vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send(html.replace('</head>', () => `${head}</head>`).replace(ROOT_ELEMENT, () => root))
    );
  };
}
