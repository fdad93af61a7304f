/**
 * `npm run bench -- --compare[=<git ref>]`: the server of this checkout against the server of another
 * commit (default: the previous one), both built as `npm start` builds them and loaded in the same run,
 * path by path, on each engine. The machine's noise moves both alike, so each path's ratio new/old shows
 * what a change did where floors cannot. Results go to bench/results/compare.json and COMPARE.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { withPostgresDatabase } from '../lib/databases';
import { measureIdle, type IdleMeasure } from '../lib/idle';
import { HOT_PATHS, load, type Measure } from '../lib/load';
import { CONNECTIONS } from '../lib/options';
import {
  buildServer,
  processCpuUs,
  runAlone,
  ROOT,
  signal,
  startFloorServer,
  startProductServer,
  type Running,
} from '../lib/processes';
import { median, spread } from '../lib/statistics';

/** Each path is loaded this many times on each server, in turns (new, old, then old, new, …); `--rounds`. */
const DEFAULT_ROUNDS = 2;
/**
 * Processes of each side; `--copies`. One process of the same code stays faster or slower than another
 * for its whole life (by a tenth or more here), so with one a side a difference of that size cannot be
 * told from the processes' spread, which two show.
 */
const DEFAULT_COPIES = 2;

type CompareOptions = {
  durationS: number;
  rounds?: number;
  copies?: number;
  /** Only these paths (`--paths=availability,suggestions`); all by default. */
  paths?: string[];
};

type PathComparison = {
  name: string;
  newReqPerSec: number;
  oldReqPerSec: number;
  /** new / old: above 1 the change made the path faster. */
  ratio: number;
  newP99Ms: number;
  oldP99Ms: number;
  /** The server's CPU time per request, µs (every thread, during its loads). */
  newCpuUs: number;
  oldCpuUs: number;
  /** old / new CPU per request: above 1 the change made each request cheaper. */
  cpuRatio: number;
  /** Non-2xx answers that were not expected, and connection errors, on either server. */
  failures: number;
  /**
   * The widest gap between two processes of the same side (their median CPU per request), over the
   * cheaper: a CPU ratio closer to 1 than this is within the processes' noise. Null with one a side.
   */
  sameCodeSpread: number | null;
};

/** The floors of the same run: a bare Fastify route, and one indexed query on the engine (req/s). */
type Floors = { bare: number; oneQuery: number };

/** Each server idles this long, twice (new, old, old, new), before the loads. */
const IDLE_SECONDS = 10;
const IDLE_SETTLE_MS = 3000;

type IdleComparison = Record<'new' | 'old', IdleMeasure>;

type EngineComparison = { engine: string; floors: Floors; idle: IdleComparison; paths: PathComparison[] };

const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, { cwd: ROOT, encoding: 'utf8' }).trim();

/** A worktree of `sha` with its dependencies installed and its server built; removed by the answer's `remove`. */
export function checkoutAndBuild(ref: string) {
  const sha = git('rev-parse', '--verify', `${ref}^{commit}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'registry-compare-'));
  rmSync(dir, { recursive: true });
  git('worktree', 'add', '--detach', dir, sha);
  const remove = () => {
    git('worktree', 'remove', '--force', dir);
  };
  try {
    execFileSync('bash', ['scripts/pnpm.sh', 'install', '--frozen-lockfile', '--prefer-offline'], {
      cwd: dir,
      stdio: 'inherit',
    });
    buildServer(dir);
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, sha, remove };
}

/** The median of the rounds: one round slowed by the machine's noise does not move it. */
const medianOf = <T>(measures: T[], pick: (measure: T) => number, digits = 0) =>
  Math.round(median(measures.map(pick)) * 10 ** digits) / 10 ** digits;

type Loaded = Measure & { cpuUs: number };

/** The floors, measured before and after the paths and averaged, so they share the run's conditions. */
async function measureFloors(databaseUrl: string | undefined, durationS: number): Promise<Floors> {
  const floor = await startFloorServer(databaseUrl);
  try {
    const bare = await load(floor.origin, { name: 'bare route', path: () => '/json' }, { durationS });
    const oneQuery = await load(floor.origin, { name: 'one query', path: () => '/one-query' }, { durationS });
    return { bare: bare.reqPerSec, oneQuery: oneQuery.reqPerSec };
  } finally {
    await floor.stop();
  }
}

async function compareOn(
  engine: string,
  start: (which: 'new' | 'old') => Promise<Running>,
  {
    durationS,
    rounds,
    copies,
    paths: only,
    floorDatabaseUrl,
    databaseUrls,
  }: Required<Omit<CompareOptions, 'paths'>> &
    Pick<CompareOptions, 'paths'> & {
      floorDatabaseUrl?: string;
      /** Each server's own database (PostgreSQL): its idle transactions are counted there. */
      databaseUrls?: Record<'new' | 'old', string>;
    },
): Promise<EngineComparison> {
  const servers: Record<'new' | 'old', Running[]> = { new: [], old: [] };
  const all: Running[] = [];
  for (let copy = 0; copy < copies; copy += 1) {
    for (const which of ['new', 'old'] as const) {
      servers[which].push(await start(which));
      all.push(servers[which].at(-1)!);
    }
  }
  /** Loads one server while the others are stopped (`runAlone`). */
  const loadAlone = async (server: Running, hot: (typeof HOT_PATHS)[number]): Promise<Loaded> => {
    await runAlone(server, all);
    const cpuBefore = await processCpuUs(server.pid);
    const measure = await load(server.origin, hot, { durationS });
    const cpuUs = (await processCpuUs(server.pid)) - cpuBefore;
    return { ...measure, cpuUs: cpuUs / Math.max(1, measure.reqPerSec * durationS) };
  };
  try {
    // The first process of each side idles; the others are stopped meanwhile.
    const idle = await compareIdle({ new: servers.new[0]!, old: servers.old[0]! }, all, databaseUrls);
    // Idling shrinks a server's young generation (V8's memory reducer), and the first loads after it
    // scavenge about twice as often: each server is loaded once, uncounted, before the rounds.
    for (const server of all) await loadAlone(server, HOT_PATHS[0]!);
    for (const server of all) signal(server, 'SIGSTOP');
    const floorsBefore = await measureFloors(floorDatabaseUrl, durationS);
    const paths: PathComparison[] = [];
    for (const hot of HOT_PATHS.filter((each) => !only || only.includes(each.name))) {
      const runs: Record<'new' | 'old', Loaded[]> = { new: [], old: [] };
      const byServer = new Map<Running, Loaded[]>(all.map((server) => [server, []]));
      for (let round = 0; round < rounds; round += 1) {
        const order = round % 2 === 0 ? (['new', 'old'] as const) : (['old', 'new'] as const);
        for (let copy = 0; copy < copies; copy += 1) {
          for (const which of order) {
            const server = servers[which][copy]!;
            const loaded = await loadAlone(server, hot);
            runs[which].push(loaded);
            byServer.get(server)!.push(loaded);
          }
        }
      }
      const spreadOf = (side: Running[]) => {
        return spread(side.map((server) => median(byServer.get(server)!.map((each) => each.cpuUs))));
      };
      const newCpuUs = medianOf(runs.new, (measure) => measure.cpuUs, 1);
      const oldCpuUs = medianOf(runs.old, (measure) => measure.cpuUs, 1);
      const newReqPerSec = medianOf(runs.new, (measure) => measure.reqPerSec);
      const oldReqPerSec = medianOf(runs.old, (measure) => measure.reqPerSec);
      const comparison: PathComparison = {
        name: hot.name,
        newReqPerSec,
        oldReqPerSec,
        ratio: Math.round((newReqPerSec / oldReqPerSec) * 100) / 100,
        newP99Ms: medianOf(runs.new, (measure) => measure.p99Ms),
        oldP99Ms: medianOf(runs.old, (measure) => measure.p99Ms),
        newCpuUs,
        oldCpuUs,
        cpuRatio: Math.round((oldCpuUs / newCpuUs) * 100) / 100,
        failures: [...runs.new, ...runs.old].reduce(
          (sum, measure) => sum + measure.non2xx + measure.errors,
          0,
        ),
        sameCodeSpread:
          copies > 1 ? Math.round(Math.max(spreadOf(servers.new), spreadOf(servers.old)) * 100) / 100 : null,
      };
      paths.push(comparison);
      console.log(
        `${engine.padEnd(10)} ${hot.name.padEnd(20)} new ${String(newReqPerSec).padStart(7)}  old ${String(oldReqPerSec).padStart(7)} req/s  new/old ${comparison.ratio}  CPU old/new ${comparison.cpuRatio}`,
      );
    }
    for (const server of all) signal(server, 'SIGSTOP');
    const floorsAfter = await measureFloors(floorDatabaseUrl, durationS);
    const floors = {
      bare: Math.round((floorsBefore.bare + floorsAfter.bare) / 2),
      oneQuery: Math.round((floorsBefore.oneQuery + floorsAfter.oneQuery) / 2),
    };
    console.log(`${engine.padEnd(10)} floors: bare ${floors.bare} req/s, one query ${floors.oneQuery} req/s`);
    return { engine, floors, idle, paths };
  } finally {
    for (const server of all) signal(server, 'SIGCONT');
    await Promise.all(all.map((server) => server.stop()));
  }
}

/** Each server idling alone, in turns (new, old, old, new); the two windows of each averaged. */
async function compareIdle(
  servers: Record<'new' | 'old', Running>,
  all: Running[],
  databaseUrls?: Record<'new' | 'old', string>,
): Promise<IdleComparison> {
  // Past their start (first rounds, first reads of the ledger) before anything is counted.
  await sleep(IDLE_SETTLE_MS);
  const windows: Record<'new' | 'old', IdleMeasure[]> = { new: [], old: [] };
  for (const which of ['new', 'old', 'old', 'new'] as const) {
    windows[which].push(
      await measureIdle(servers[which], all, { seconds: IDLE_SECONDS, databaseUrl: databaseUrls?.[which] }),
    );
  }
  const mean = (measures: IdleMeasure[]): IdleMeasure => {
    const average = (values: number[]) =>
      Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;
    const transactions = measures.map((each) => each.transactionsPerS);
    return {
      cpuMsPerS: average(measures.map((each) => each.cpuMsPerS)),
      transactionsPerS: transactions.includes(null) ? null : average(transactions as number[]),
    };
  };
  const idle = { new: mean(windows.new), old: mean(windows.old) };
  console.log(
    `idle: CPU new ${idle.new.cpuMsPerS} ms/s, old ${idle.old.cpuMsPerS} ms/s; transactions new ${idle.new.transactionsPerS ?? '-'}/s, old ${idle.old.transactionsPerS ?? '-'}/s`,
  );
  return idle;
}

function table(
  ref: string,
  sha: string,
  results: EngineComparison[],
  { durationS, rounds, copies }: { durationS: number; rounds: number; copies: number },
) {
  const lines = [
    `# This checkout against ${ref} (${sha.slice(0, 7)})`,
    '',
    `Both servers built as \`npm start\` builds them, ${copies} process${copies > 1 ? 'es' : ''} of each running at once, each path loaded`,
    `${rounds} × ${durationS} s on each process in turns (autocannon, ${CONNECTIONS} connections, every request a name not`,
    'asked for before); the median of the rounds. Only the loaded server runs: the others are stopped',
    '(SIGSTOP) meanwhile. The same-code spread is the widest gap between two processes of one side (their',
    'median CPU per request): a CPU ratio closer to 1 than that is within the noise of processes. CPU µs/req is',
    'the server’s CPU time per request (every thread, during its loads): the cost of a request even where',
    'one load generator cannot saturate the server (the cached routes).',
    'new/old and CPU old/new above 1: this checkout is faster.',
    '',
  ];
  const over = (reqPerSec: number, floor: number) => Math.round((reqPerSec / floor) * 100) / 100;
  const ratio = (old: number | null, now: number | null) =>
    old === null || now === null ? '–' : now === 0 ? '∞' : String(Math.round((old / now) * 100) / 100);
  for (const { engine, floors, idle, paths } of results) {
    lines.push(
      `## ${engine}`,
      '',
      `Floors of the same run: a bare Fastify route ${floors.bare} req/s, the same route with one indexed query ${floors.oneQuery} req/s.`,
      '',
      `Idle, nobody asking (each server alone, 2 × ${IDLE_SECONDS} s): what its workers cost for ever.`,
      '',
      '| idle | new | old | old/new |',
      '|---|---:|---:|---:|',
      `| CPU ms per second | ${idle.new.cpuMsPerS} | ${idle.old.cpuMsPerS} | ${ratio(idle.old.cpuMsPerS, idle.new.cpuMsPerS)} |`,
      `| database transactions per second | ${idle.new.transactionsPerS ?? '–'} | ${idle.old.transactionsPerS ?? '–'} | ${ratio(idle.old.transactionsPerS, idle.new.transactionsPerS)} |`,
      '',
      '| path | new req/s | old req/s | new/old | new CPU µs/req | old CPU µs/req | CPU old/new | same-code spread | new × bare | new × one query | old × one query | new p99 ms | old p99 ms | failures |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...paths.map(
        (each) =>
          `| ${each.name} | ${each.newReqPerSec} | ${each.oldReqPerSec} | ${each.ratio} | ${each.newCpuUs} | ${each.oldCpuUs} | ${each.cpuRatio} | ${each.sameCodeSpread === null ? '–' : `${Math.round(each.sameCodeSpread * 100)} %`} | ${over(each.newReqPerSec, floors.bare)} | ${over(each.newReqPerSec, floors.oneQuery)} | ${over(each.oldReqPerSec, floors.oneQuery)} | ${each.newP99Ms} | ${each.oldP99Ms} | ${each.failures} |`,
      ),
      '',
    );
  }
  return lines.join('\n');
}

/** Compares this checkout's server with the one at `ref`; prints the table and writes it under bench/results. */
export async function compareWith(
  ref: string,
  { durationS, rounds = DEFAULT_ROUNDS, copies = DEFAULT_COPIES, paths }: CompareOptions,
) {
  const old = checkoutAndBuild(ref);
  const { sha } = old;
  try {
    buildServer();
    const rootOf = (which: 'new' | 'old') => (which === 'new' ? ROOT : old.dir);
    const results: EngineComparison[] = [
      await compareOn('PGlite', (which) => startProductServer({}, { root: rootOf(which) }), {
        durationS,
        rounds,
        copies,
        paths,
      }),
    ];
    const onPostgres = await withPostgresDatabase((newUrl) =>
      withPostgresDatabase((oldUrl) =>
        compareOn(
          'PostgreSQL',
          (which) =>
            startProductServer({ DATABASE_URL: which === 'new' ? newUrl : oldUrl }, { root: rootOf(which) }),
          {
            durationS,
            rounds,
            copies,
            paths,
            floorDatabaseUrl: newUrl,
            databaseUrls: { new: newUrl, old: oldUrl },
          },
        ),
      ),
    );
    if (onPostgres) results.push(onPostgres);
    const markdown = table(ref, sha, results, { durationS, rounds, copies });
    const resultsDir = path.join(ROOT, 'bench', 'results');
    await mkdir(resultsDir, { recursive: true });
    await writeFile(
      path.join(resultsDir, 'compare.json'),
      `${JSON.stringify({ ref, sha, durationS, rounds, copies, connections: CONNECTIONS, results }, null, 2)}\n`,
    );
    await writeFile(path.join(resultsDir, 'COMPARE.md'), `${markdown}\n`);
    console.log(`\n${markdown}`);
  } finally {
    old.remove();
  }
}
