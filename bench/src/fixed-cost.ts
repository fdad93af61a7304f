/**
 * The fixed cost of a request: the product's cached routes (tlds, rate) against a bare Fastify route,
 * on a server writing its access log (LOG_LEVEL info, as `npm start` runs) and on one that does not
 * (warn). The load generator and the servers run on cores of their own where the machine has two or
 * more (taskset), and each figure is the median of rounds loaded in turns: shared cores made these
 * figures move by a quarter from one run to the next, more than the costs they are to show.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { load, type HotPath } from './load';
import { startFloorServer, startProductServer, type Running } from './processes';

export type FixedCost = {
  rounds: number;
  pinned: boolean;
  bareReqPerSec: number;
  paths: {
    name: string;
    loggedReqPerSec: number;
    unloggedReqPerSec: number;
    /** Logged over the bare route. */
    loggedOverBare: number;
    /** 1 - logged / unlogged: the share of the route's throughput its access line costs. */
    loggingCost: number;
  }[];
};

const CACHED_PATHS: HotPath[] = [
  { name: 'tlds', path: () => '/api/tlds' },
  { name: 'rate', path: () => '/api/rate' },
];
const BARE: HotPath = { name: 'bare', path: () => '/json' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

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
}: { rounds?: number; durationS?: number } = {}): Promise<FixedCost> {
  const cores = availableParallelism();
  const servers: Running[] = [];
  let pinned = false;
  try {
    const floor = await startFloorServer();
    servers.push(floor);
    const logged = await startProductServer({});
    servers.push(logged);
    const unlogged = await startProductServer({ LOG_LEVEL: 'warn' });
    servers.push(unlogged);
    if (cores >= 2) {
      pinned = pin(process.pid, '0') && servers.every((server) => pin(server.pid, `1-${cores - 1}`));
    }
    const measure = async (server: Running, hot: HotPath) => {
      const result = await load(server.origin, hot, { durationS });
      if (result.errors || result.non2xx)
        throw new Error(`${hot.name}: ${result.errors} errors, ${result.non2xx} answers not 2xx`);
      return result.reqPerSec;
    };
    // Warm up: the first seconds of a process run code not yet optimised.
    await measure(floor, BARE);
    for (const hot of CACHED_PATHS) {
      await measure(logged, hot);
      await measure(unlogged, hot);
    }
    const bare: number[] = [];
    const runs = new Map(
      CACHED_PATHS.map((hot) => [hot.name, { logged: [] as number[], unlogged: [] as number[] }]),
    );
    for (let round = 0; round < rounds; round += 1) {
      bare.push(await measure(floor, BARE));
      for (const hot of CACHED_PATHS) {
        runs.get(hot.name)!.logged.push(await measure(logged, hot));
        runs.get(hot.name)!.unlogged.push(await measure(unlogged, hot));
      }
    }
    const bareReqPerSec = median(bare);
    return {
      rounds,
      pinned,
      bareReqPerSec,
      paths: CACHED_PATHS.map(({ name }) => {
        const { logged: loggedRuns, unlogged: unloggedRuns } = runs.get(name)!;
        const loggedReqPerSec = median(loggedRuns);
        const unloggedReqPerSec = median(unloggedRuns);
        return {
          name,
          loggedReqPerSec,
          unloggedReqPerSec,
          loggedOverBare: round3(loggedReqPerSec / bareReqPerSec),
          loggingCost: round3(1 - loggedReqPerSec / unloggedReqPerSec),
        };
      }),
    };
  } finally {
    if (pinned) pin(process.pid, `0-${cores - 1}`);
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
    `Bare route: ${result.bareReqPerSec} req/s.`,
    '',
    '| path | logged req/s | unlogged req/s | logged × bare | unlogged × bare | logging cost |',
    '|---|---:|---:|---:|---:|---:|',
    ...result.paths.map(
      (each) =>
        `| ${each.name} | ${each.loggedReqPerSec} | ${each.unloggedReqPerSec} | ${each.loggedOverBare} | ${round3(each.unloggedReqPerSec / result.bareReqPerSec)} | ${Math.round(each.loggingCost * 1000) / 10} % |`,
    ),
    '',
  ];
}
