import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A free TCP port on this machine. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB (from /proc, Linux). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000, pollMs = 100) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(pollMs);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export type Running = { origin: string; pid: number; startMs: number; stop: () => Promise<void> };

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
}

/** How the server is run: compiled (as `npm start` runs it) or transpiled on load by tsx. */
export type ServerRunner = 'compiled' | 'tsx';

/** The node flags `npm start` adds on the embedded database, in the checkout at `root`. */
const embeddedNodeFlags = (root: string) =>
  readFileSync(path.join(root, 'scripts', 'embedded-node-flags'), 'utf8')
    .trim()
    .split(/\s+/);

const RUNNER_ARGS: Record<ServerRunner, string[]> = {
  compiled: ['--enable-source-maps', 'server/dist/main.js'],
  tsx: ['--import', 'tsx', 'server/src/main.ts'],
};

/** Compiles the server of the checkout at `root` as `npm start` does (a second or so). */
export function buildServer(root = ROOT) {
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'server'), stdio: 'inherit' });
}

/** The product's server as `npm start` runs it, with rate limits raised for the load. */
export async function startProductServer(
  env: Record<string, string>,
  {
    runner = 'compiled',
    dataDir: keptDataDir,
    root = ROOT,
    nodeArgs = [],
  }: {
    runner?: ServerRunner;
    dataDir?: string;
    /** The checkout whose server runs (another commit's worktree, to compare with). */
    root?: string;
    /** More node flags (a CPU profile). */
    nodeArgs?: string[];
  } = {},
): Promise<Running> {
  const port = await freePort();
  // A folder of the caller's is kept; a fresh one is removed on stop.
  const dataDir = keptDataDir ?? mkdtempSync(path.join(tmpdir(), 'registry-bench-'));
  // As scripts/start.sh runs it: on the embedded database with the node flags it uses there.
  const embeddedFlags = env.DATABASE_URL ? [] : embeddedNodeFlags(root);
  const child = spawn(process.execPath, [...embeddedFlags, ...nodeArgs, ...RUNNER_ARGS[runner]], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      RATE_LIMIT_SEARCH: '100000000',
      RATE_LIMIT_SIGN_IN: '100000000',
      RATE_LIMIT_FAUCET: '100000000',
      RATE_LIMIT_QUOTE: '100000000',
      RATE_LIMIT_QUOTE_ADDRESS: '100000000',
      HELD_NAMES_PER_ACCOUNT: '100000000',
      HELD_NAMES_PER_ADDRESS: '100000000',
      ...env,
    },
    // The log is written as `npm start` writes it (JSON lines at LOG_LEVEL info on standard output),
    // to nowhere: its cost counts, its lines would drown the bench's.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const startMs = await waitFor(`${origin}/healthz`, child);
  return {
    origin,
    pid: child.pid!,
    startMs,
    stop: async () => {
      await stop(child);
      if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The floor server, in a process of its own like the product's; `databaseUrl` picks PostgreSQL for its query floor. */
export async function startFloorServer(databaseUrl?: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'floor-server.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        ...(databaseUrl ? { FLOOR_DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  const startMs = await waitFor(`${origin}/json`, child);
  return { origin, pid: child.pid!, startMs, stop: () => stop(child) };
}

/** `npx local-ledger` as its command runs it (compiled, with the flags its first line gives node). */
const LOCAL_LEDGER_BIN = (root: string) =>
  path.join(root, 'packages', 'local-ledger', 'bin', 'local-ledger.mjs');

export type RunningLedger = Running & {
  /** Its consensus node 0.0.3, `host:port`. */
  grpc: string;
};

/**
 * The local ledger in a process of its own on free ports, its state in a temporary folder, in
 * `dataDir` or in the PostgreSQL database at `databaseUrl`; `startMs` is the time until its mirror REST answers.
 */
export async function startLocalLedger({
  dataDir,
  databaseUrl,
  root = ROOT,
}: { dataDir?: string; databaseUrl?: string; root?: string } = {}): Promise<RunningLedger> {
  const [port, grpcPort, mirrorPort] = [await freePort(), await freePort(), await freePort()];
  const bin = LOCAL_LEDGER_BIN(root);
  const flags = /^#!.*node (.*)$/m.exec(readFileSync(bin, 'utf8'))?.[1]?.split(/\s+/) ?? [];
  const child = spawn(
    process.execPath,
    [
      ...flags,
      bin,
      ...['--port', String(port), '--grpc-port', String(grpcPort), '--mirror-port', String(mirrorPort)],
      ...(dataDir ? ['--data-dir', dataDir] : []),
      ...(databaseUrl ? ['--database-url', databaseUrl] : []),
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const origin = `http://127.0.0.1:${port}`;
  // Asked every 20 ms: its start is held to two seconds, which 100 ms steps would blur.
  const startMs = await waitFor(`${origin}/ledger/api/v1/network/exchangerate`, child, 60_000, 20);
  return { origin, pid: child.pid!, startMs, grpc: `127.0.0.1:${grpcPort}`, stop: () => stop(child) };
}

/** CPU time (user + system) of every thread of a process so far, in µs. */
export async function processCpuUs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksToUs = 1_000_000 / CLOCK_TICKS;
  return (Number(fields[11]) + Number(fields[12])) * ticksToUs;
}

/**
 * CPU time of every thread of a process so far, in ns (the scheduler's own count, from
 * /proc/<pid>/task/<tid>/schedstat): precise enough for windows of a few hundred milliseconds, where
 * /proc/<pid>/stat's clock ticks (10 ms) are not. A thread that ends between the listing and its read
 * is left out.
 */
export function threadsCpuNs(pid: number): number {
  let total = 0;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended
    }
  }
  return total;
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** How long a process resumed from SIGSTOP runs before its load: the timers it missed fire first. */
export const RESUME_SETTLE_MS = 300;

/** Stops or resumes a server; one that has exited is left alone. */
export function signal(server: Running, name: 'SIGSTOP' | 'SIGCONT') {
  try {
    process.kill(server.pid, name);
  } catch {
    // exited already (the profiled server, once its profile is written)
  }
}

/**
 * Lets only `server` of `servers` run: the others are stopped (SIGSTOP), since idle product servers
 * still run their workers (the ledger watcher, the job queue) on the servers' cores and their bursts
 * landed in the loaded one's figures. The resumed one first runs the timers it missed.
 */
export async function runAlone(server: Running, servers: Running[]) {
  for (const other of servers) if (other !== server) signal(other, 'SIGSTOP');
  signal(server, 'SIGCONT');
  await sleep(RESUME_SETTLE_MS);
}
