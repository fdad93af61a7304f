import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { serveEmbedDemo } from '@registry/embed-demo/serve-demo';
import { REPORT_DIR } from '@registry/webpack-config/module-report-plugin';
import { freePort, ROOT, startProductServer } from '../lib/processes';
import type { Suite } from '../lib/suite';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 3;
const FLOOR_PAGE = path.join(ROOT, 'bench', 'floor-page');

export type PageMeasure = {
  page: string;
  url: string;
  /** Median of the runs (by score): Lighthouse desktop preset, performance only. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  /** JavaScript transferred on the first load (compressed, as sent), by owner: the shell or a remote. */
  scriptKb: number;
  scriptKbByOwner: Record<string, number>;
  /**
   * The same bytes by library: npm packages, workspace packages (`@registry/…`), an app's own code (its
   * folder), webpack's runtime: each script's bytes split in the proportions of its minified
   * characters by library (the build's module report, read from source maps).
   */
  scriptKbByLibrary: Record<string, number>;
  /** Libraries that must load only when used, found in the first load's scripts (none expected). */
  heavyLibraries: string[];
};

/** Text each library's build keeps (a registered class name, a storage key): found in a script, it loaded. */
const HEAVY_LIBRARY_MARKERS: Record<string, string> = {
  '@hashgraph/sdk': 'AccountAllowanceApproveTransaction',
  'hashconnect (HashPack)': 'hashconnect',
  '@bladelabs/blade-web3.js': 'BladeConnector',
  nivo: 'nivo',
};

async function heavyLibrariesIn(urls: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const url of urls) {
    const body = await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text();
    for (const [library, marker] of Object.entries(HEAVY_LIBRARY_MARKERS))
      if (body.includes(marker)) found.add(library);
  }
  return [...found].sort();
}

/**
 * Which part of the product a script belongs to: a remote (by its folder under /remotes/), the resolver
 * remote's embeddable script (/embed/), or the shell; the floor's script is the floor page's.
 */
function ownerOf(url: string, floorOrigin: string): string {
  const { origin, pathname } = new URL(url);
  if (origin === floorOrigin) return 'floor page';
  if (pathname.startsWith('/embed/')) return 'mfe-resolver (embed)';
  return /^\/remotes\/([^/]+)\//.exec(pathname)?.[1] ?? 'shell';
}

type ModuleReport = { files: Record<string, Record<string, number>> };

/** The build's module reports of every app: script file (absolute path) → bytes by library. */
async function readModuleReports(): Promise<Map<string, Record<string, number>>> {
  const byFile = new Map<string, Record<string, number>>();
  const appDirs = [
    ...readdirSync(ROOT)
      .filter((folder) => folder === 'shell' || folder.startsWith('mfe-'))
      .map((folder) => path.join(ROOT, folder)),
    FLOOR_PAGE,
  ];
  for (const appDir of appDirs) {
    const dir = path.join(appDir, REPORT_DIR);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.json'))) {
      const report = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as ModuleReport;
      for (const [file, owners] of Object.entries(report.files)) byFile.set(path.join(appDir, file), owners);
    }
  }
  return byFile;
}

/** The built file a first-load script URL was served from (see the server's static routes). */
function builtFileOf(url: string, floorOrigin: string): string {
  const { origin, pathname } = new URL(url);
  if (origin === floorOrigin) return path.join(FLOOR_PAGE, 'dist', pathname);
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(pathname);
  if (remote) return path.join(ROOT, remote[1]!, 'dist', remote[2]!);
  const embed = /^\/embed\/(.+)$/.exec(pathname);
  if (embed) return path.join(ROOT, 'mfe-resolver', 'dist', 'embed', embed[1]!);
  return path.join(ROOT, 'shell', 'dist', pathname);
}

/** Splits each script's transferred bytes over the libraries its build report lists. */
function bytesByLibrary(
  scripts: NetworkItem[],
  reports: Map<string, Record<string, number>>,
  floorOrigin: string,
): Record<string, number> {
  const byLibrary: Record<string, number> = {};
  for (const script of scripts) {
    const owners = reports.get(builtFileOf(script.url, floorOrigin)) ?? { 'unknown (no build report)': 1 };
    const total = Object.values(owners).reduce((sum, bytes) => sum + bytes, 0);
    for (const [owner, bytes] of Object.entries(owners))
      byLibrary[owner] = (byLibrary[owner] ?? 0) + ((script.transferSize ?? 0) * bytes) / total / 1024;
  }
  return Object.fromEntries(
    Object.entries(byLibrary)
      .map(([owner, kb]) => [owner, Math.round(kb * 10) / 10] as const)
      .sort(([, a], [, b]) => b - a),
  );
}

/** Serves the bare React page (built with webpack and swc, as the apps are). */
async function serveFloorPage(): Promise<{ url: string; close: () => Promise<void> }> {
  execFileSync(
    path.join(ROOT, 'bench', 'node_modules', '.bin', 'webpack'),
    ['--config', 'webpack.config.mjs'],
    {
      cwd: FLOOR_PAGE,
      stdio: 'ignore',
    },
  );
  const files: Record<string, { type: string; body: Buffer }> = {
    '/': { type: 'text/html; charset=utf-8', body: await readFile(path.join(FLOOR_PAGE, 'index.html')) },
    '/main.js': {
      type: 'text/javascript',
      body: await readFile(path.join(FLOOR_PAGE, 'dist', 'main.js')),
    },
  };
  const server: Server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    // Compressed like the product's static files.
    response.writeHead(200, { 'content-type': file.type, 'content-encoding': 'gzip' });
    response.end(gzipSync(file.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Debian's chromium with a debugging port for Lighthouse. */
export async function startChromium(): Promise<{ port: number; stop: () => void }> {
  const port = await freePort();
  const child = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The omnibox's pop-up is a page of its own (a WebUI renderer) that every new tab loads: on two
      // cores its second of CPU lands inside the measured page load.
      '--disable-features=WebUIOmniboxPopup',
      `--remote-debugging-port=${port}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let tries = 0; tries < 100; tries += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok)
        return { port, stop: () => child.kill() };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill();
  throw new Error(`${CHROMIUM} did not open its debugging port`);
}

export type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

async function audit(
  port: number,
  name: string,
  url: string,
  attribution: { reports: Map<string, Record<string, number>>; floorOrigin: string },
): Promise<PageMeasure> {
  const runs: PageMeasure[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      desktopConfig,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] })?.items ??
      []) as NetworkItem[];
    const scripts = items.filter((item) => item.resourceType === 'Script');
    const byOwner: Record<string, number> = {};
    for (const script of scripts) {
      const owner = ownerOf(script.url, attribution.floorOrigin);
      byOwner[owner] = (byOwner[owner] ?? 0) + (script.transferSize ?? 0) / 1024;
    }
    for (const owner of Object.keys(byOwner)) byOwner[owner] = Math.round(byOwner[owner]! * 10) / 10;
    runs.push({
      page: name,
      url,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      scriptKb:
        Math.round((scripts.reduce((sum, script) => sum + (script.transferSize ?? 0), 0) / 1024) * 10) / 10,
      scriptKbByOwner: byOwner,
      scriptKbByLibrary: bytesByLibrary(scripts, attribution.reports, attribution.floorOrigin),
      heavyLibraries: await heavyLibrariesIn(scripts.map((script) => script.url)),
    });
  }
  return runs.sort((a, b) => a.score - b.score)[Math.floor(RUNS / 2)]!;
}

/**
 * Lighthouse (desktop preset, three runs, the median) and first-load JavaScript of the product's pages
 * and the resolver embed demo, beside a bare React page built with the same toolchain (the floor).
 */
export async function measurePages(): Promise<PageMeasure[]> {
  if (!existsSync(CHROMIUM)) {
    console.warn(
      `${CHROMIUM} is missing (bash scripts/ensure-chromium.sh installs it); page figures left out`,
    );
    return [];
  }
  if (
    !existsSync(path.join(ROOT, 'shell', 'dist', 'index.html')) ||
    !existsSync(path.join(ROOT, 'shell', REPORT_DIR, 'host.json'))
  )
    execFileSync('bash', ['scripts/pnpm.sh', '-r', '--workspace-concurrency=2', 'run', 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  const floor = await serveFloorPage();
  const server = await startProductServer({});
  const embed = await serveEmbedDemo(server.origin);
  const chromium = await startChromium();
  const attribution = { reports: await readModuleReports(), floorOrigin: new URL(floor.url).origin };
  try {
    const pages: [string, string][] = [
      ['bare React page (floor)', floor.url],
      ['search /gui/domains/web3', `${server.origin}/gui/domains/web3`],
      ['cart /gui/cart', `${server.origin}/gui/cart`],
      ['resolver /resolver', `${server.origin}/resolver`],
      ['resolver embed demo', embed.url],
    ];
    const measures: PageMeasure[] = [];
    for (const [name, url] of pages) {
      const measure = await audit(chromium.port, name, url, attribution);
      measures.push(measure);
      console.log(
        `page       ${name.padEnd(26)} score ${measure.score}  LCP ${measure.lcpMs} ms  TBT ${measure.tbtMs} ms  JS ${measure.scriptKb} KB ${JSON.stringify(measure.scriptKbByOwner)} ${JSON.stringify(measure.scriptKbByLibrary)}  SDK/wallets/charts: ${measure.heavyLibraries.join(', ') || 'none'}`,
      );
    }
    return measures;
  } finally {
    chromium.stop();
    await embed.close();
    await server.stop();
    await floor.close();
  }
}

/** Libraries below this share of a page are summed in the summary's table (the JSON keeps them all). */
const MIN_LIBRARY_KB = 2;

function librariesCell(byLibrary: Record<string, number>): string {
  const entries = Object.entries(byLibrary).sort(([, a], [, b]) => b - a);
  const shown = entries.filter(([, kb]) => kb >= MIN_LIBRARY_KB);
  const smaller = entries.filter(([, kb]) => kb < MIN_LIBRARY_KB);
  const smallerKb = Math.round(smaller.reduce((sum, [, kb]) => sum + kb, 0) * 10) / 10;
  return [
    ...shown.map(([library, kb]) => `${library} ${kb}`),
    ...(smaller.length ? [`smaller (${smaller.length}) ${smallerKb}`] : []),
  ].join(', ');
}

/** The pages' section: Lighthouse and first-load JavaScript beside the bare React page (the first). */
export function pagesSummary(pages: PageMeasure[]): string[] {
  if (!pages.length) return [];
  const floor = pages[0]!;
  return [
    '## Pages',
    '',
    'Lighthouse (desktop preset, median of three runs, performance only) in Debian’s chromium, and the',
    'JavaScript each first load transferred (compressed, as sent) by owner. Floor: a bare React page built',
    'with webpack and swc like the apps.',
    '',
    '| page | score | LCP ms | TBT ms | JS KB | × floor JS | JS by owner (KB) | SDK, wallets, charts loaded |',
    '|---|---:|---:|---:|---:|---:|---|---|',
    ...pages.map(
      (page) =>
        `| ${page.page} | ${page.score} | ${page.lcpMs} | ${page.tbtMs} | ${page.scriptKb} | ${Math.round((page.scriptKb / floor.scriptKb) * 100) / 100} | ${Object.entries(
          page.scriptKbByOwner,
        )
          .map(([owner, kb]) => `${owner} ${kb}`)
          .join(', ')} | ${page.heavyLibraries.join(', ') || 'none'} |`,
    ),
    '',
    'The same bytes by library (KB): each script’s minified characters are attributed to libraries',
    'through the build’s hidden source maps (`<app>/build-report/`), and its transferred bytes are split',
    `in those proportions. Libraries under ${MIN_LIBRARY_KB} KB are summed as “smaller”.`,
    '',
    '| page | JS by library (KB) |',
    '|---|---|',
    ...pages.map((page) => `| ${page.page} | ${librariesCell(page.scriptKbByLibrary)} |`),
    '',
  ];
}

export const pagesSuite: Suite<PageMeasure[]> = {
  name: 'pages',
  measures:
    'Lighthouse (desktop) and the first-load JavaScript of each main page, by owner and by library, beside a bare React page',
  takes: 'about 4 minutes (builds the apps first when they are missing)',
  files: { json: 'pages.json', markdown: 'PAGES.md' },
  run: measurePages,
  summary: pagesSummary,
};
