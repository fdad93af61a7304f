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
import { load, type HotPath } from '../lib/load';
import { monotonicUs, shareInWindow, type Window } from '../lib/profile-share';
import {
  freePort,
  buildServer,
  processCpuUs,
  RESUME_SETTLE_MS,
  runAlone,
  signal,
  startFloorServer,
  startProductServer,
  threadsCpuNs,
  type Running,
} from '../lib/processes';
import type { Suite } from '../lib/suite';
import { median, spread } from '../lib/statistics';

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
  /** The same bare route served by the product's processes (beside their own routes), µs. */
  bareInProductCpuUs: number;
  /** Seconds of each interleaved load (access lines on and off in turns). */
  interleavedS: number;
  /** How long each turn of an interleaved load lasts, ms. */
  interleavedWindowMs: number;
  paths: {
    name: string;
    loggedReqPerSec: number;
    unloggedReqPerSec: number;
    loggedCpuUs: number;
    unloggedCpuUs: number;
    /** Bare CPU per request over the logged route's: the share of the bare route's capacity it keeps. */
    loggedOverBare: number;
    unloggedOverBare: number;
    /** The bare route served by the same process, over the path's CPU per request. */
    loggedOverBareInProcess: number;
    unloggedOverBareInProcess: number;
    /** 1 - unlogged / logged CPU per request: the share of the route's cost its access line is. */
    loggingCost: number;
    /** A logged process's CPU per request in the turns of one load its access lines were written, µs. */
    linesOnCpuUs: number;
    /** The same in the turns they were paused (SIGUSR2), µs. */
    linesOffCpuUs: number;
    /** 1 - off / on: the access line's share of the route, with no spread between processes or loads. */
    lineCostInterleaved: number;
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

/** The bare route's loads beside one path's. */
const bareName = (pathName: string) => `bare (beside ${pathName})`;

/** The bare route, preloaded into each product process (`node --import`) on a port of its own. */
const BARE_ROUTE_MODULE = path.join(import.meta.dirname, '..', 'lib', 'bare-route.mjs');

/** A product server and the bare route its process also serves. */
type ProductWithBare = { server: Running; bare: Running };

async function startProductWithBare(env: Record<string, string>): Promise<ProductWithBare> {
  const port = await freePort();
  const server = await startProductServer(
    { ...env, BENCH_BARE_PORT: String(port) },
    { nodeArgs: ['--import', BARE_ROUTE_MODULE] },
  );
  return { server, bare: { ...server, origin: `http://127.0.0.1:${port}` } };
}

/** Access lines on and off in turns of this long within one load: the machine's speed drifts over seconds. */
const INTERLEAVED_WINDOW_MS = 250;

type Interleaved = { onNs: number; onAnswers: number; offNs: number; offAnswers: number };

/**
 * One load of a logged server with its access lines switched (SIGUSR2) every `windowMs`: the CPU of
 * the process and the answers of each turn are added to the turn's state. Both states see the same
 * seconds of the machine, so their difference is the line's, free of the drift between loads.
 */
async function interleavedLoad(server: Running, hot: HotPath, durationS: number, windowMs: number) {
  const totals: Interleaved = { onNs: 0, onAnswers: 0, offNs: 0, offAnswers: 0 };
  let linesOn = true;
  let answers = 0;
  let cpuAtTurn = threadsCpuNs(server.pid);
  let firstTurn = true;
  const turn = setInterval(() => {
    const cpu = threadsCpuNs(server.pid);
    // The first turn also holds the load's 50 connections being accepted: it counts for neither state.
    if (firstTurn) firstTurn = false;
    else if (linesOn) {
      totals.onNs += cpu - cpuAtTurn;
      totals.onAnswers += answers;
    } else {
      totals.offNs += cpu - cpuAtTurn;
      totals.offAnswers += answers;
    }
    cpuAtTurn = cpu;
    answers = 0;
    process.kill(server.pid, 'SIGUSR2');
    linesOn = !linesOn;
  }, windowMs);
  try {
    const result = await load(server.origin, hot, {
      durationS,
      onResponse: () => {
        answers += 1;
      },
    });
    if (result.errors || result.non2xx)
      throw new Error(`${hot.name}: ${result.errors} errors, ${result.non2xx} answers not 2xx`);
  } finally {
    clearInterval(turn);
    // The last, partial turn is left out; the lines are left on.
    if (!linesOn) process.kill(server.pid, 'SIGUSR2');
  }
  return totals;
}

/** Where the server writes its access line: the function and the timer that writes out what is left. */
const ACCESS_LINE_FUNCTIONS = ['writeAccessLine', 'flushOnTime'];

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
    const loggedWithBare: ProductWithBare[] = [];
    const unloggedWithBare: ProductWithBare[] = [];
    for (let copy = 0; copy < copies; copy += 1) {
      loggedWithBare.push(await startProductWithBare({}));
      servers.push(loggedWithBare.at(-1)!.server);
      unloggedWithBare.push(await startProductWithBare({ LOG_LEVEL: 'warn' }));
      servers.push(unloggedWithBare.at(-1)!.server);
    }
    const logged = loggedWithBare.map((each) => each.server);
    const unlogged = unloggedWithBare.map((each) => each.server);
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
    // Runs by the origin loaded: a product process and the bare route it serves share one pid.
    const runs = new Map<string, Map<string, Measured[]>>();
    const runsOf = (server: Running, name: string) => runs.get(server.origin)?.get(name) ?? [];
    const record = async (server: Running, hot: HotPath) => {
      const byPath = runs.get(server.origin) ?? new Map<string, Measured[]>();
      runs.set(server.origin, byPath);
      byPath.set(hot.name, [...(byPath.get(hot.name) ?? []), await measure(server, hot)]);
    };
    // Each round loads, for each path and each copy, the bare route, the path logged and unlogged, and
    // the bare route in each of those two processes one after the other: the machine's speed drifts
    // over tens of seconds, so ratios are taken within these sets.
    for (let round = 0; round < rounds; round += 1) {
      for (const hot of CACHED_PATHS) {
        for (let copy = 0; copy < copies; copy += 1) {
          const beside = { ...BARE, name: bareName(hot.name) };
          await record(floors[copy]!, beside);
          await record(logged[copy]!, hot);
          await record(unlogged[copy]!, hot);
          await record(loggedWithBare[copy]!.bare, beside);
          await record(unloggedWithBare[copy]!.bare, beside);
        }
      }
    }
    const interleavedS = durationS * 4;
    const interleaved = new Map<string, Interleaved>();
    for (const hot of CACHED_PATHS) {
      const totals: Interleaved = { onNs: 0, onAnswers: 0, offNs: 0, offAnswers: 0 };
      for (const server of logged) {
        await runAlone(server, servers);
        const each = await interleavedLoad(server, hot, interleavedS, INTERLEAVED_WINDOW_MS);
        totals.onNs += each.onNs;
        totals.onAnswers += each.onAnswers;
        totals.offNs += each.offNs;
        totals.offAnswers += each.offAnswers;
      }
      interleaved.set(hot.name, totals);
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
    const of = (group: Running[], pathName: string) => group.flatMap((server) => runsOf(server, pathName));
    const reqPerSec = (measured: Measured[]) => median(measured.map((each) => each.reqPerSec));
    const cpuUs = (measured: Measured[]) => median(measured.map((each) => each.cpuUs));
    /** How far apart the processes of one kind are: (slowest - fastest) / fastest, of their medians. */
    const spreadOf = (group: Running[], pathName: string) =>
      spread(group.map((server) => cpuUs(runsOf(server, pathName))));
    const bareRuns = CACHED_PATHS.flatMap(({ name }) => of(floors, bareName(name)));
    const bareCpuUs = cpuUs(bareRuns);
    const bareInProduct = [...loggedWithBare, ...unloggedWithBare].map((each) => each.bare);
    const bareInProductCpuUs = cpuUs(CACHED_PATHS.flatMap(({ name }) => of(bareInProduct, bareName(name))));
    /** The median, over rounds and copies, of a ratio of two loads of the same set. */
    type RoundSet = {
      bare: Measured;
      logged: Measured;
      unlogged: Measured;
      bareInLogged: Measured;
      bareInUnlogged: Measured;
    };
    const pairedMedian = (pathName: string, ratio: (set: RoundSet) => number) =>
      median(
        Array.from({ length: copies }, (_, copy) => {
          const beside = bareName(pathName);
          const bare = runsOf(floors[copy]!, beside);
          const on = runsOf(logged[copy]!, pathName);
          const off = runsOf(unlogged[copy]!, pathName);
          const inLogged = runsOf(loggedWithBare[copy]!.bare, beside);
          const inUnlogged = runsOf(unloggedWithBare[copy]!.bare, beside);
          return bare.map((each, round) =>
            ratio({
              bare: each,
              logged: on[round]!,
              unlogged: off[round]!,
              bareInLogged: inLogged[round]!,
              bareInUnlogged: inUnlogged[round]!,
            }),
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
      bareInProductCpuUs: round1(bareInProductCpuUs),
      interleavedS,
      interleavedWindowMs: INTERLEAVED_WINDOW_MS,
      paths: CACHED_PATHS.map(({ name }) => {
        const loggedCpuUs = cpuUs(of(logged, name));
        const unloggedCpuUs = cpuUs(of(unlogged, name));
        const turns = interleaved.get(name)!;
        const linesOnCpuUs = turns.onNs / turns.onAnswers / 1000;
        const linesOffCpuUs = turns.offNs / turns.offAnswers / 1000;
        return {
          name,
          loggedReqPerSec: reqPerSec(of(logged, name)),
          unloggedReqPerSec: reqPerSec(of(unlogged, name)),
          loggedCpuUs: round1(loggedCpuUs),
          unloggedCpuUs: round1(unloggedCpuUs),
          loggedOverBare: round3(pairedMedian(name, (set) => set.bare.cpuUs / set.logged.cpuUs)),
          unloggedOverBare: round3(pairedMedian(name, (set) => set.bare.cpuUs / set.unlogged.cpuUs)),
          loggedOverBareInProcess: round3(
            pairedMedian(name, (set) => set.bareInLogged.cpuUs / set.logged.cpuUs),
          ),
          unloggedOverBareInProcess: round3(
            pairedMedian(name, (set) => set.bareInUnlogged.cpuUs / set.unlogged.cpuUs),
          ),
          loggingCost: round3(pairedMedian(name, (set) => 1 - set.unlogged.cpuUs / set.logged.cpuUs)),
          linesOnCpuUs: round1(linesOnCpuUs),
          linesOffCpuUs: round1(linesOffCpuUs),
          lineCostInterleaved: round3(1 - linesOffCpuUs / linesOnCpuUs),
          sameCodeSpread: round3(Math.max(spreadOf(logged, name), spreadOf(unlogged, name))),
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
    'round loads, for each path and process copy, the bare route, the path logged and unlogged, and the',
    'bare route served by each of those two processes, one after the other, and the ratios (× bare,',
    'logging cost) are medians over rounds and copies of the ratios within those sets: the machine’s speed',
    'drifts between sets more than within. The requests per second are shown too, but one load generator',
    'tops out near the bare route’s rate.',
    'Only the loaded process runs: the others are stopped (SIGSTOP) meanwhile, so no idle server’s',
    `workers run beside it, and it runs ${RESUME_SETTLE_MS} ms before its load (the timers it missed).`,
    `Bare route: ${result.bareCpuUs} µs of CPU per request, ${result.bareReqPerSec} req/s.`,
    '',
    'Each product process also serves the bare route on a port of its own (preloaded with',
    '`node --import`): × bare in its process compares the path with that route in the same process, so',
    'what the process itself costs every request (its heap, its idle workers, Node’s HTTP code as its many',
    'callers leave it) is on both sides and the spread between processes is not. The same route cost',
    `${result.bareInProductCpuUs} µs a request there, ${percent(result.bareInProductCpuUs / result.bareCpuUs - 1)} more than in a process of its own.`,
    '',
    `Each kind runs in ${result.copies} processes; the same-code spread is the widest gap between two`,
    'processes of one kind (their medians), the noise a difference must exceed to mean anything.',
    `The logged processes are also loaded for ${result.interleavedS} s with their access lines switched`,
    `off and on (SIGUSR2) every ${result.interleavedWindowMs} ms: each turn’s CPU (the threads’ scheduler`,
    'time) and answers count for its state, so both states see the same seconds of the machine, and the',
    'line’s cost is 1 − off / on over all turns of both copies.',
    'A third logged process runs under V8’s sampling profiler (`--cpu-prof`): the line, profiled, is the',
    `share of its busy main-thread samples during ${2 * result.durationS} s of the path’s load that were in`,
    `the code writing access lines (${ACCESS_LINE_FUNCTIONS.join(', ')}), out of the samples shown.`,
    '',
    '| path | logged µs/req | unlogged µs/req | logged × bare | unlogged × bare | logged × bare in its process | unlogged × bare in its process | logging cost | lines on, off µs/req (interleaved) | line cost, interleaved | line, profiled (samples) | same-code spread | logged req/s | unlogged req/s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...result.paths.map(
      (each) =>
        `| ${each.name} | ${each.loggedCpuUs} | ${each.unloggedCpuUs} | ${each.loggedOverBare} | ${each.unloggedOverBare} | ${each.loggedOverBareInProcess} | ${each.unloggedOverBareInProcess} | ${percent(each.loggingCost)} | ${each.linesOnCpuUs}, ${each.linesOffCpuUs} | ${percent(each.lineCostInterleaved)} | ${percent(each.lineShareProfiled)} (${each.profiledSamples}) | ${percent(each.sameCodeSpread)} | ${each.loggedReqPerSec} | ${each.unloggedReqPerSec} |`,
    ),
    '',
  ];
}

export const fixedCostSuite: Suite<FixedCost> = {
  name: 'fixed-cost',
  measures:
    "What every request pays before its route's work (the access line, the request's logger), by CPU profile and by loads within one process",
  takes: 'about 6 minutes',
  files: { json: 'fixed-cost.json', markdown: 'FIXED-COST.md' },
  async run() {
    buildServer();
    return measureFixedCost();
  },
  summary: fixedCostSummary,
};
