/**
 * The fixed cost of a request: the product's cached routes (tlds, rate) against a bare Fastify route,
 * on a server writing its access log (LOG_LEVEL info, as `npm start` runs) and on one that does not
 * (warn). The load generator and the servers run on cores of their own where the machine has two or
 * more (taskset), and each figure is the median of rounds loaded in turns: shared cores made these
 * figures move by a quarter from one run to the next, more than the costs they are to show.
 *
 * The costs are compared as the server's CPU time per request (every thread of its process, read from
 * /proc during the load), not as requests per second: one load generator on one core tops out near the
 * bare route's rate (its core at 100 %, the bare server's at about 80 %), so throughput ratios against
 * the bare route measure the load generator as much as the server.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { load, type HotPath } from './load';
import { monotonicUs, shareInWindow, type Window } from './profile-share';
import {
  processCpuUs,
  RESUME_SETTLE_MS,
  runAlone,
  signal,
  startFloorServer,
  startProductServer,
  type Running,
} from './processes';
import { median } from './statistics';

export type FixedCost = {
  rounds: number;
  /** Seconds of each load. */
  durationS: number;
  /** Processes started of each kind (bare, logged, unlogged). */
  copies: number;
  pinned: boolean;
  bareReqPerSec: number;
  /** The bare server's CPU time per request, µs. */
  bareCpuUs: number;
  paths: {
    name: string;
    loggedReqPerSec: number;
    unloggedReqPerSec: number;
    loggedCpuUs: number;
    unloggedCpuUs: number;
    /** Bare CPU per request over the logged route's: the share of the bare route's capacity it keeps. */
    loggedOverBare: number;
    unloggedOverBare: number;
    /** 1 - unlogged / logged CPU per request: the share of the route's cost its access line is. */
    loggingCost: number;
    /** The logged processes' CPU per request with their access lines paused (SIGUSR2), in the same rounds. */
    pausedCpuUs: number;
    /** 1 - paused / logged, each process against itself: the access line's share without the processes' spread. */
    lineCostSameProcess: number;
    /** The widest gap between two processes of the same kind on this path, over the faster. */
    sameCodeSpread: number;
    /** The access line's share of a logged process's busy CPU samples under this path's load. */
    lineShareProfiled: number;
    /** The samples that share is of. */
    profiledSamples: number;
  }[];
};

type Measured = { reqPerSec: number; cpuUs: number };

const CACHED_PATHS: HotPath[] = [
  { name: 'tlds', path: () => '/api/tlds' },
  { name: 'rate', path: () => '/api/rate' },
];
const BARE: HotPath = { name: 'bare', path: () => '/json' };

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const round1 = (value: number) => Math.round(value * 10) / 10;
const percent = (share: number) => `${Math.round(share * 1000) / 10} %`;

const pausedName = (pathName: string) => `${pathName} (access lines paused)`;
/** The bare route's loads beside one path's. */
const bareName = (pathName: string) => `bare (beside ${pathName})`;

/** Where the server writes its access line: the function and the timer that writes out what is left. */
const ACCESS_LINE_FUNCTIONS = ['writeAccessLine', 'flushOnTime'];

/** Pauses or resumes a server's access lines (its SIGUSR2 switch), and gives it a moment to see it. */
async function switchAccessLines(server: Running) {
  process.kill(server.pid, 'SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 200));
}

/** Puts a process (every thread of it) on the given cores; false where taskset is missing. */
function pin(pid: number, cores: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export async function measureFixedCost({
  rounds = 5,
  durationS = 3,
  copies = 2,
}: { rounds?: number; durationS?: number; copies?: number } = {}): Promise<FixedCost> {
  const cores = availableParallelism();
  const servers: Running[] = [];
  let pinned = false;
  try {
    // Two processes of each kind: one process of the same code stays faster or slower than another
    // for its whole life (by up to a fifth here), so the spread between the two is the noise to beat.
    const started = async (start: () => Promise<Running>) => {
      const made: Running[] = [];
      for (let copy = 0; copy < copies; copy += 1) {
        made.push(await start());
        servers.push(made.at(-1)!);
      }
      return made;
    };
    const floors = await started(() => startFloorServer());
    const logged = await started(() => startProductServer({}));
    const unlogged = await started(() => startProductServer({ LOG_LEVEL: 'warn' }));
    // One more logged process, under V8's sampling profiler: the line's share of its CPU.
    const profileDir = mkdtempSync(path.join(tmpdir(), 'registry-fixed-cost-profile-'));
    const profiled = await startProductServer(
      {},
      { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] },
    );
    servers.push(profiled);
    if (cores >= 2) {
      pinned = pin(process.pid, '0') && servers.every((server) => pin(server.pid, `1-${cores - 1}`));
    }
    const measure = async (server: Running, hot: HotPath): Promise<Measured> => {
      await runAlone(server, servers);
      const cpuBefore = await processCpuUs(server.pid);
      const result = await load(server.origin, hot, { durationS });
      const cpuUs = (await processCpuUs(server.pid)) - cpuBefore;
      if (result.errors || result.non2xx)
        throw new Error(`${hot.name}: ${result.errors} errors, ${result.non2xx} answers not 2xx`);
      return { reqPerSec: result.reqPerSec, cpuUs: cpuUs / (result.reqPerSec * durationS) };
    };
    // Warm up: the first seconds of a process run code not yet optimised.
    for (const floor of floors) await measure(floor, BARE);
    for (const hot of CACHED_PATHS) for (const server of [...logged, ...unlogged]) await measure(server, hot);
    // Each process's runs, loaded in turns.
    const runs = new Map<Running, Map<string, Measured[]>>(servers.map((server) => [server, new Map()]));
    const record = async (server: Running, hot: HotPath) => {
      const byPath = runs.get(server)!;
      byPath.set(hot.name, [...(byPath.get(hot.name) ?? []), await measure(server, hot)]);
    };
    /** The same load on a logged process with its access lines paused (the server's SIGUSR2 switch). */
    const recordPaused = async (server: Running, hot: HotPath) => {
      await switchAccessLines(server);
      try {
        await record(server, { ...hot, name: pausedName(hot.name) });
      } finally {
        await switchAccessLines(server);
      }
    };
    // Each round loads, for each path and each copy, the bare route and the path's three kinds one after
    // the other: the machine's speed drifts over tens of seconds, so ratios are taken within these sets.
    for (let round = 0; round < rounds; round += 1) {
      for (const hot of CACHED_PATHS) {
        for (let copy = 0; copy < copies; copy += 1) {
          await record(floors[copy]!, { ...BARE, name: bareName(hot.name) });
          await record(logged[copy]!, hot);
          await record(unlogged[copy]!, hot);
          await recordPaused(logged[copy]!, hot);
        }
      }
    }
    const profiledWindows = new Map<string, Window>();
    await runAlone(profiled, servers);
    for (const hot of CACHED_PATHS) {
      await load(profiled.origin, hot, { durationS });
      const startUs = monotonicUs();
      await load(profiled.origin, hot, { durationS: durationS * 2 });
      profiledWindows.set(hot.name, { startUs, endUs: monotonicUs() });
    }
    await profiled.stop();
    const [profileFile] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
    if (!profileFile) throw new Error('the profiled server wrote no profile');
    const lineShares = new Map(
      CACHED_PATHS.map(({ name }) => {
        const measured = shareInWindow(
          path.join(profileDir, profileFile),
          profiledWindows.get(name)!,
          ACCESS_LINE_FUNCTIONS,
        );
        if (measured.share === 0)
          throw new Error(
            `${name}: no sample in ${ACCESS_LINE_FUNCTIONS.join(' or ')}: was the function renamed?`,
          );
        return [name, measured] as const;
      }),
    );
    rmSync(profileDir, { recursive: true, force: true });
    const of = (group: Running[], pathName: string) =>
      group.flatMap((server) => runs.get(server)!.get(pathName)!);
    const reqPerSec = (measured: Measured[]) => median(measured.map((each) => each.reqPerSec));
    const cpuUs = (measured: Measured[]) => median(measured.map((each) => each.cpuUs));
    /** How far apart the processes of one kind are: (slowest - fastest) / fastest, of their medians. */
    const spread = (group: Running[], pathName: string) => {
      const medians = group.map((server) => cpuUs(runs.get(server)!.get(pathName)!));
      return (Math.max(...medians) - Math.min(...medians)) / Math.min(...medians);
    };
    const bareRuns = CACHED_PATHS.flatMap(({ name }) => of(floors, bareName(name)));
    const bareCpuUs = cpuUs(bareRuns);
    /** The median, over rounds and copies, of a ratio of two loads of the same set. */
    const pairedMedian = (
      pathName: string,
      ratio: (set: { bare: Measured; logged: Measured; unlogged: Measured; paused: Measured }) => number,
    ) =>
      median(
        Array.from({ length: copies }, (_, copy) => {
          const runsOf = (server: Running, name: string) => runs.get(server)!.get(name)!;
          const bare = runsOf(floors[copy]!, bareName(pathName));
          const on = runsOf(logged[copy]!, pathName);
          const off = runsOf(unlogged[copy]!, pathName);
          const paused = runsOf(logged[copy]!, pausedName(pathName));
          return bare.map((each, round) =>
            ratio({ bare: each, logged: on[round]!, unlogged: off[round]!, paused: paused[round]! }),
          );
        }).flat(),
      );
    return {
      rounds,
      durationS,
      copies,
      pinned,
      bareReqPerSec: reqPerSec(bareRuns),
      bareCpuUs: round1(bareCpuUs),
      paths: CACHED_PATHS.map(({ name }) => {
        const loggedCpuUs = cpuUs(of(logged, name));
        const unloggedCpuUs = cpuUs(of(unlogged, name));
        const pausedCpuUs = cpuUs(of(logged, pausedName(name)));
        return {
          name,
          loggedReqPerSec: reqPerSec(of(logged, name)),
          unloggedReqPerSec: reqPerSec(of(unlogged, name)),
          loggedCpuUs: round1(loggedCpuUs),
          unloggedCpuUs: round1(unloggedCpuUs),
          loggedOverBare: round3(pairedMedian(name, (set) => set.bare.cpuUs / set.logged.cpuUs)),
          unloggedOverBare: round3(pairedMedian(name, (set) => set.bare.cpuUs / set.unlogged.cpuUs)),
          loggingCost: round3(pairedMedian(name, (set) => 1 - set.unlogged.cpuUs / set.logged.cpuUs)),
          pausedCpuUs: round1(pausedCpuUs),
          lineCostSameProcess: round3(pairedMedian(name, (set) => 1 - set.paused.cpuUs / set.logged.cpuUs)),
          sameCodeSpread: round3(Math.max(spread(logged, name), spread(unlogged, name))),
          lineShareProfiled: round3(lineShares.get(name)!.share),
          profiledSamples: lineShares.get(name)!.busySamples,
        };
      }),
    };
  } finally {
    if (pinned) pin(process.pid, `0-${cores - 1}`);
    for (const server of servers) signal(server, 'SIGCONT');
    for (const server of servers) await server.stop();
  }
}

export function fixedCostSummary(result: FixedCost): string[] {
  return [
    '## Fixed cost of a request',
    '',
    'The cached routes on the embedded database with the access log on (as `npm start` runs) and off',
    `(LOG_LEVEL=warn), beside a bare Fastify route: medians of ${result.rounds} rounds loaded in turns,`,
    result.pinned
      ? 'the load generator on core 0 and the servers on the others.'
      : 'the load generator and the servers sharing the cores (taskset missing or one core).',
    'Costs are the server’s CPU time per request (all its threads, during the load); × bare is the bare',
    'route’s CPU per request over the path’s, the share of the bare route’s capacity the path keeps. Each',
    'round loads, for each path and process copy, the bare route and the path logged, unlogged and paused',
    'one after the other, and the ratios (× bare, logging cost, line cost) are medians over rounds and',
    'copies of the ratios within those sets: the machine’s speed drifts between sets more than within. The',
    'requests per second are shown too, but one load generator tops out near the bare route’s rate.',
    'Only the loaded process runs: the others are stopped (SIGSTOP) meanwhile, so no idle server’s',
    `workers run beside it, and it runs ${RESUME_SETTLE_MS} ms before its load (the timers it missed).`,
    `Bare route: ${result.bareCpuUs} µs of CPU per request, ${result.bareReqPerSec} req/s.`,
    '',
    `Each kind runs in ${result.copies} processes; the same-code spread is the widest gap between two`,
    'processes of one kind (their medians), the noise a difference must exceed to mean anything.',
    'The logged processes are also loaded with their access lines paused (SIGUSR2) in each round: the',
    'line’s cost in the same process, free of that spread, is the median of each round’s 1 − paused / on.',
    'A third logged process runs under V8’s sampling profiler (`--cpu-prof`): the line, profiled, is the',
    `share of its busy main-thread samples during ${2 * result.durationS} s of the path’s load that were in`,
    `the code writing access lines (${ACCESS_LINE_FUNCTIONS.join(', ')}), out of the samples shown.`,
    '',
    '| path | logged µs/req | unlogged µs/req | logged × bare | unlogged × bare | logging cost | paused µs/req | line cost, same process | line, profiled (samples) | same-code spread | logged req/s | unlogged req/s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...result.paths.map(
      (each) =>
        `| ${each.name} | ${each.loggedCpuUs} | ${each.unloggedCpuUs} | ${each.loggedOverBare} | ${each.unloggedOverBare} | ${percent(each.loggingCost)} | ${each.pausedCpuUs} | ${percent(each.lineCostSameProcess)} | ${percent(each.lineShareProfiled)} (${each.profiledSamples}) | ${percent(each.sameCodeSpread)} | ${each.loggedReqPerSec} | ${each.unloggedReqPerSec} |`,
    ),
    '',
  ];
}
