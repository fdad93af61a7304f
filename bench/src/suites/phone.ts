/**
 * The first seconds on a phone: Lighthouse's mobile profile (a mid-range phone: simulated slow 4G and a
 * 4× slower CPU) on the main pages, with Core Web Vitals' "good" limits beside each figure.
 */
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { ROOT, startProductServer } from '../lib/processes';
import type { Suite } from '../lib/suite';
import { startChromium, type NetworkItem } from './pages';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 3;

/** Core Web Vitals' "good" and Lighthouse's green score: what every page is held to. */
export const PHONE_TARGETS = { lcpMs: 2500, tbtMs: 200, cls: 0.1, score: 90 };

export type PhoneMeasure = {
  page: string;
  path: string;
  /** The median run by score. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** JavaScript the page transferred (compressed, as sent). */
  scriptKb: number;
  /** What Lighthouse names as the page's largest contentful paint. */
  lcpElement: string;
  /**
   * Lighthouse's measure of this machine's CPU for the run (its benchmark index): the simulated phone
   * is this machine slowed 4×, so figures of machines with other indexes do not compare.
   */
  benchmarkIndex: number;
  /** Which targets the page misses. */
  misses: string[];
};

export type PhoneFigures = { startedAt: string; lighthouse: string; runs: number; pages: PhoneMeasure[] };

/**
 * The main pages as a first visitor opens them: no wallet connected (the account pages show what a
 * visitor sees there), nothing in the cache.
 */
const PAGES: [string, string][] = [
  ['home', '/'],
  ['search', '/gui/domains/web3'],
  // The searched name's result, its price and the suggestions that follow it.
  ['search with a result', '/gui/domains/web3?domain=alpha'],
  ['cart', '/gui/cart'],
  ["a domain's detail page", '/gui/domain/web3/detail?domain=alpha.hbar'],
  ['My Domains', '/gui/w3mydomains'],
  ['resolver', '/resolver'],
];

function missesOf(measure: Omit<PhoneMeasure, 'misses'>): string[] {
  const misses: string[] = [];
  if (measure.lcpMs > PHONE_TARGETS.lcpMs) misses.push('LCP');
  if (measure.tbtMs > PHONE_TARGETS.tbtMs) misses.push('TBT');
  if (measure.cls > PHONE_TARGETS.cls) misses.push('CLS');
  if (measure.score < PHONE_TARGETS.score) misses.push('score');
  return misses;
}

async function auditOnPhone(port: number, page: string, origin: string, pagePath: string) {
  const runs: PhoneMeasure[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    // No config: Lighthouse's default is the mobile profile (Moto G Power, slow 4G, 4× CPU slowdown).
    const result = await lighthouse(`${origin}${pagePath}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
    const { lhr } = result;
    const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? 0;
    const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] })?.items ??
      []) as NetworkItem[];
    const scripts = items.filter((item) => item.resourceType === 'Script');
    const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
      { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined;
    const measure = {
      page,
      path: pagePath,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
      speedIndexMs: Math.round(numeric('speed-index')),
      scriptKb:
        Math.round((scripts.reduce((sum, script) => sum + (script.transferSize ?? 0), 0) / 1024) * 10) / 10,
      lcpElement: lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 80) ?? '',
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    };
    runs.push({ ...measure, misses: missesOf(measure) });
  }
  return runs.sort((a, b) => a.score - b.score)[Math.floor(RUNS / 2)]!;
}

async function measurePhone(): Promise<PhoneFigures> {
  const startedAt = new Date().toISOString();
  if (!existsSync(CHROMIUM)) {
    console.warn(`${CHROMIUM} is missing (bash scripts/ensure-chromium.sh installs it); no phone figures`);
    return { startedAt, lighthouse: '', runs: 0, pages: [] };
  }
  if (!existsSync(path.join(ROOT, 'shell', 'dist', 'index.html')))
    execFileSync('bash', ['scripts/pnpm.sh', '-r', '--workspace-concurrency=2', 'run', 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  const server = await startProductServer({});
  const chromium = await startChromium();
  const pkg = JSON.parse(
    readFileSync(path.join(ROOT, 'bench', 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
  ) as { version: string };
  try {
    const pages: PhoneMeasure[] = [];
    for (const [name, pagePath] of PAGES) {
      const measure = await auditOnPhone(chromium.port, name, server.origin, pagePath);
      pages.push(measure);
      console.log(
        `phone      ${name.padEnd(24)} score ${measure.score}  LCP ${measure.lcpMs} ms  TBT ${measure.tbtMs} ms  CLS ${measure.cls}  SI ${measure.speedIndexMs} ms  JS ${measure.scriptKb} KB  CPU index ${measure.benchmarkIndex}  misses: ${measure.misses.join(', ') || 'none'}`,
      );
    }
    return { startedAt, lighthouse: pkg.version, runs: RUNS, pages };
  } finally {
    chromium.stop();
    await server.stop();
  }
}

function phoneSummary({ startedAt, lighthouse: version, runs, pages }: PhoneFigures): string[] {
  if (pages.length === 0) return ['# Pages on a phone', '', 'Chromium was missing: no figures.', ''];
  const missing = pages.filter((page) => page.misses.length > 0);
  return [
    '# Pages on a phone',
    '',
    `\`npm run bench -- --only=phone\`, ${startedAt}. Lighthouse ${version}, mobile profile (simulated slow 4G,`,
    `4× CPU slowdown), Debian's chromium, performance only; the median of ${runs} runs by score. Each page as a`,
    'first visitor opens it: nothing cached, no wallet connected (the account pages show what a visitor sees).',
    `Targets: LCP ≤ ${PHONE_TARGETS.lcpMs} ms, TBT ≤ ${PHONE_TARGETS.tbtMs} ms, CLS ≤ ${PHONE_TARGETS.cls}, score ≥ ${PHONE_TARGETS.score}.`,
    "The CPU index is Lighthouse's benchmark of this machine in that run: the phone is this machine slowed",
    '4×, so only figures of machines with like indexes compare.',
    '',
    '| page | path | score | LCP ms | TBT ms | CLS | Speed Index ms | JS KB | CPU index | misses |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...pages.map(
      (page) =>
        `| ${page.page} | \`${page.path}\` | ${page.score} | ${page.lcpMs} | ${page.tbtMs} | ${page.cls} | ${page.speedIndexMs} | ${page.scriptKb} | ${page.benchmarkIndex} | ${page.misses.join(', ') || '—'} |`,
    ),
    '',
    `${pages.length - missing.length} of ${pages.length} pages meet every target.`,
    '',
    'Largest contentful paint, by page:',
    '',
    ...pages.map((page) => `- ${page.page}: \`${page.lcpElement.replace(/`/g, "'")}\``),
    '',
  ];
}

export const phoneSuite: Suite<PhoneFigures> = {
  name: 'phone',
  measures:
    "Lighthouse's mobile profile (slow 4G, 4× CPU) on the main pages: LCP, TBT, CLS, Speed Index, score and JavaScript, against Core Web Vitals' good limits",
  takes: 'about 5 minutes (builds the apps first when they are missing)',
  files: { json: 'phone.json', markdown: 'PHONE.md' },
  run: measurePhone,
  summary: phoneSummary,
};
