import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_ROOT } from '../paths';
import { MANY_BUYERS_ON_ONE_MACHINE } from './test-config';

export type ServerProcess = {
  origin: string;
  pid: number;
  /** The exit code once the process has stopped (a signal's name if one stopped it), null while it runs. */
  exitCode(): number | string | null;
  /** What the process wrote to stderr so far: the reason, when it stopped by itself. */
  stderr(): string;
  /** What it wrote to stdout after it said where it listens (the log), when started with `keepLog`. */
  log(): string;
  stop(): Promise<void>;
};

/** Compiles the server as `npm start` does, so the process below runs the code under test. */
async function catchingUp(origin: string): Promise<boolean> {
  const health = await fetch(`${origin}/healthz`)
    .then((response) => response.json() as Promise<{ status?: string }>)
    .catch(() => ({ status: 'catching-up' }));
  return health.status === 'catching-up';
}

export function buildServer() {
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_ROOT, stdio: 'inherit' });
}

/**
 * The server as `npm start` runs it on PostgreSQL (compiled, plain node, every worker started by
 * main), on a free port; `env` adds to or overrides the environment.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { keepLog = false }: { keepLog?: boolean } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join('dist', 'main.js')], {
    cwd: SERVER_ROOT,
    // Port 0: the system picks a free one, and the server says which once it listens.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      LOG_LEVEL: 'warn',
      ...MANY_BUYERS_ON_ONE_MACHINE,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let log = '';
  let origin: string | null = null;
  // Read to the end (a full pipe would block the server), kept only until it says where it listens
  // (and after that only when the caller reads the log).
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    if (!origin) stdout += chunk;
    else if (keepLog) log += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exitCode = () => child.exitCode ?? child.signalCode;
  const deadline = Date.now() + 60_000;
  while (!origin) {
    if (exitCode() !== null) throw new Error(`the server exited with ${exitCode()}:\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`the server did not start within 60 s:\n${stderr}`);
    const port = /is running at http:\/\/localhost:(\d+)/.exec(stdout)?.[1];
    if (port) origin = `http://127.0.0.1:${port}`;
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Ready once level with the ledger (it takes writes then), as a load balancer's health check would see.
  while (await catchingUp(origin)) {
    if (exitCode() !== null) throw new Error(`the server exited with ${exitCode()}:\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`the server did not catch up within 60 s:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    pid: child.pid!,
    exitCode,
    stderr: () => stderr,
    log: () => log,
    async stop() {
      if (exitCode() !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
