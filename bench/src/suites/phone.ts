/**
 * The first seconds on a phone: Lighthouse's mobile profile (a mid-range phone: simulated slow 4G and a
 * slower CPU) on the main pages, with Core Web Vitals' "good" limits beside each figure.
 *
 * Lighthouse's 4× CPU slowdown is calibrated for a high-end desktop (benchmark index 1,500–2,000, its
 * throttling guide): on a slower host it simulates a slower phone. So the phone is the same device on
 * every machine, the slowdown is this machine's benchmark index over the phone's (the midpoint of that
 * bracket slowed 4×: 1,750 / 4 = 437.5), taken from the run before (a shared machine's index drifts).
 * `--cpu=4` keeps Lighthouse's fixed default instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { throttling as lighthouseThrottling } from 'lighthouse/core/config/constants.js';
import { args } from '../lib/options';
import { ROOT, startProductServer } from '../lib/processes';
import type { Suite } from '../lib/suite';
import { startChromium, type NetworkItem } from './pages';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 3;

/** The benchmark index of the phone simulated: a high-end desktop's (1,500–2,000, midpoint) slowed 4×. */
export const PHONE_BENCHMARK_INDEX = 1750 / 4;
/** Lighthouse's own fixed slowdown of the mobile profile. */
const LIGHTHOUSE_DEFAULT_SLOWDOWN = lighthouseThrottling.mobileSlow4G.cpuSlowdownMultiplier;

/** The CPU slowdown that makes a host of `hostIndex` the phone of PHONE_BENCHMARK_INDEX (never below 1). */
export function slowdownFor(hostIndex: number): number {
  return Math.max(1, Math.round((hostIndex / PHONE_BENCHMARK_INDEX) * 100) / 100);
}

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
  /** Lighthouse's measure of this machine's CPU for the run (its benchmark index). */
  benchmarkIndex: number;
  /** The CPU slowdown of that run. */
  slowdown: number;
  /** The phone's index in that run: this machine's over the slowdown applied. */
  phoneIndex: number;
  /** Which targets the page misses. */
  misses: string[];
};

export type PhoneFigures = {
  startedAt: string;
  lighthouse: string;
  runs: number;
  /** How the CPU slowdown was set: calibrated run by run from this index on, or fixed. */
  cpu: { calibrated: boolean; startIndex: number; fixedSlowdown: number | null };
  pages: PhoneMeasure[];
};

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

/** One Lighthouse run of the mobile profile (slow 4G, a phone's screen) with the CPU slowed `slowdown`×. */
async function lighthouseOnPhone(port: number, url: string, slowdown: number) {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    {
      extends: 'lighthouse:default',
      settings: { throttling: { ...lighthouseThrottling.mobileSlow4G, cpuSlowdownMultiplier: slowdown } },
    },
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  return result.lhr;
}

/** This machine's benchmark index, the median of three runs on the home page (which also warm it up). */
async function hostBenchmarkIndex(port: number, origin: string) {
  const indexes: number[] = [];
  for (let run = 0; run < 3; run += 1)
    indexes.push(
      (await lighthouseOnPhone(port, `${origin}/`, LIGHTHOUSE_DEFAULT_SLOWDOWN)).environment.benchmarkIndex,
    );
  return Math.round(indexes.sort((a, b) => a - b)[1]!);
}

/** The slowdown of each run: fixed, or from this machine's index in the run before it. */
function cpuCalibration(fixedSlowdown: number | null, startIndex: number) {
  let lastIndex = startIndex;
  return {
    next: () => fixedSlowdown ?? slowdownFor(lastIndex),
    observed: (index: number) => void (lastIndex = index),
  };
}
type CpuCalibration = ReturnType<typeof cpuCalibration>;

async function auditOnPhone(
  port: number,
  page: string,
  origin: string,
  pagePath: string,
  cpu: CpuCalibration,
) {
  const runs: PhoneMeasure[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const slowdown = cpu.next();
    const lhr = await lighthouseOnPhone(port, `${origin}${pagePath}`, slowdown);
    cpu.observed(lhr.environment.benchmarkIndex);
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
      slowdown,
      phoneIndex: Math.round(lhr.environment.benchmarkIndex / slowdown),
    };
    runs.push({ ...measure, misses: missesOf(measure) });
  }
  return runs.sort((a, b) => a.score - b.score)[Math.floor(RUNS / 2)]!;
}

async function measurePhone(): Promise<PhoneFigures> {
  const startedAt = new Date().toISOString();
  if (!existsSync(CHROMIUM)) {
    console.warn(`${CHROMIUM} is missing (bash scripts/ensure-chromium.sh installs it); no phone figures`);
    const cpu = { calibrated: false, startIndex: 0, fixedSlowdown: null };
    return { startedAt, lighthouse: '', runs: 0, cpu, pages: [] };
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
    const fixed = args.get('cpu');
    const fixedSlowdown = fixed ? Number(fixed) : null;
    const startIndex = await hostBenchmarkIndex(chromium.port, server.origin);
    const cpu = { calibrated: fixedSlowdown === null, startIndex, fixedSlowdown };
    const calibration = cpuCalibration(fixedSlowdown, startIndex);
    console.log(
      `phone      this machine's CPU index ${startIndex}: ${cpu.calibrated ? `CPU slowed ${slowdownFor(startIndex)}× to a phone of index ${PHONE_BENCHMARK_INDEX}, then as each run measures it` : `CPU slowed ${fixedSlowdown}× as asked`}`,
    );
    const pages: PhoneMeasure[] = [];
    for (const [name, pagePath] of PAGES) {
      const measure = await auditOnPhone(chromium.port, name, server.origin, pagePath, calibration);
      pages.push(measure);
      console.log(
        `phone      ${name.padEnd(24)} score ${measure.score}  LCP ${measure.lcpMs} ms  TBT ${measure.tbtMs} ms  CLS ${measure.cls}  SI ${measure.speedIndexMs} ms  JS ${measure.scriptKb} KB  CPU index ${measure.benchmarkIndex} ÷ ${measure.slowdown} = phone ${measure.phoneIndex}  misses: ${measure.misses.join(', ') || 'none'}`,
      );
    }
    return { startedAt, lighthouse: pkg.version, runs: RUNS, cpu, pages };
  } finally {
    chromium.stop();
    await server.stop();
  }
}

function phoneSummary({ startedAt, lighthouse: version, runs, cpu, pages }: PhoneFigures): string[] {
  if (pages.length === 0) return ['# Pages on a phone', '', 'Chromium was missing: no figures.', ''];
  const missing = pages.filter((page) => page.misses.length > 0);
  return [
    '# Pages on a phone',
    '',
    `\`npm run bench -- --only=phone\`, ${startedAt}. Lighthouse ${version}, mobile profile (simulated slow 4G,`,
    `a phone's screen), Debian's chromium, performance only; the median of ${runs} runs by score. Each page as a`,
    'first visitor opens it: nothing cached, no wallet connected (the account pages show what a visitor sees).',
    `Targets: LCP ≤ ${PHONE_TARGETS.lcpMs} ms, TBT ≤ ${PHONE_TARGETS.tbtMs} ms, CLS ≤ ${PHONE_TARGETS.cls}, score ≥ ${PHONE_TARGETS.score}.`,
    '',
    cpu.calibrated
      ? `CPU: slowed to the phone of index ${PHONE_BENCHMARK_INDEX} that Lighthouse's 4× makes of a high-end desktop (index 1,500–2,000, midpoint 1,750), whatever the host: each run's slowdown is this machine's index in the run before over ${PHONE_BENCHMARK_INDEX} (the first from the median of three runs before the pages: ${cpu.startIndex}). \`--cpu=4\` runs Lighthouse's fixed 4× instead.`
      : `CPU: slowed ${cpu.fixedSlowdown}× as asked (\`--cpu\`); this machine's benchmark index was ${cpu.startIndex} before the pages.`,
    "The CPU column is Lighthouse's benchmark index of this machine in the median run, over that run's slowdown: the phone's index.",
    '',
    '| page | path | score | LCP ms | TBT ms | CLS | Speed Index ms | JS KB | CPU index ÷ slowdown = phone | misses |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...pages.map(
      (page) =>
        `| ${page.page} | \`${page.path}\` | ${page.score} | ${page.lcpMs} | ${page.tbtMs} | ${page.cls} | ${page.speedIndexMs} | ${page.scriptKb} | ${page.benchmarkIndex} ÷ ${page.slowdown} = ${page.phoneIndex} | ${page.misses.join(', ') || '—'} |`,
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
    "Lighthouse's mobile profile (slow 4G, the CPU slowed to the same phone on any machine; --cpu=4 for Lighthouse's fixed 4×) on the main pages: LCP, TBT, CLS, Speed Index, score and JavaScript, against Core Web Vitals' good limits",
  takes: 'about 5 minutes (builds the apps first when they are missing)',
  files: { json: 'phone.json', markdown: 'PHONE.md' },
  run: measurePhone,
  summary: phoneSummary,
};
