import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const PGLITE_ENTRY = createRequire(import.meta.url).resolve('@electric-sql/pglite');

/** Where a database cluster lives: PGlite writes its PG_VERSION file first. */
export const holdsCluster = (directory: string) => existsSync(path.join(directory, 'PG_VERSION'));

/**
 * A database cluster holding the ledger's schema, made once per PGlite installation, schema and machine,
 * copied into every new data folder. PostgreSQL's initdb, which PGlite runs on a new folder, takes
 * seconds and leaves half a gigabyte of WebAssembly memory behind in the process that ran it, so it runs
 * in a child process that exits, and never again on this machine; the schema's statements, a few hundred
 * milliseconds on a new cluster, run there too.
 */
async function clusterTemplate(schema: string[]): Promise<string> {
  // A cluster is bound to the PostgreSQL build that made it, and holds one version of the schema.
  const installed = `${PGLITE_ENTRY} ${statSync(PGLITE_ENTRY).mtimeMs}`;
  const key = createHash('sha256')
    .update(installed)
    .update(JSON.stringify(schema))
    .digest('hex')
    .slice(0, 16);
  const template = path.join(os.tmpdir(), `local-ledger-cluster-${key}`);
  if (holdsCluster(template)) return template;
  const staging = await mkdtemp(`${template}-staging-`);
  const script = `
    const { PGlite } = await import(${JSON.stringify(pathToFileURL(PGLITE_ENTRY).href)});
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const db = new PGlite(${JSON.stringify(staging)});
    await db.transaction(async (tx) => {
      for (const statement of JSON.parse(input)) await tx.exec(statement);
    });
    await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--v8-pool-size=1', '--input-type=module', '-e', script], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (errors += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Could not create the database cluster: ${errors}`)),
    );
    // A child that fails before reading its input closes the pipe: its exit says why, not the write.
    child.stdin.once('error', () => undefined);
    child.stdin.end(JSON.stringify(schema));
  });
  // Another process may have made it meanwhile: the first one in stays.
  await rename(staging, template).catch(() => rm(staging, { recursive: true, force: true }));
  return template;
}

/**
 * Copies a folder's tree on a thread of its own: a cluster's thousand files take a few hundred
 * milliseconds, in which the ledger's own code loads.
 */
function copyTree(from: string, to: string): Promise<void> {
  const copy = `const { workerData } = require('node:worker_threads');
    require('node:fs').cpSync(workerData.from, workerData.to, { recursive: true });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(copy, { eval: true, workerData: { from, to } });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Could not copy the database cluster into ${to}`)),
    );
  });
}

/**
 * Makes `directory` hold a database cluster, from the template with `schema` applied when it holds none
 * yet; answers whether it did (the folder then holds exactly that schema).
 */
export async function prepareDataDir(directory: string, schema: string[]): Promise<boolean> {
  if (holdsCluster(directory)) return false;
  await copyTree(await clusterTemplate(schema), directory);
  return true;
}

/**
 * PGlite's PostgreSQL, compiled by V8's own thread meanwhile (PGlite compiles it only once it is opened,
 * after the cluster's copy).
 */
export async function compilePostgres(): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(path.join(path.dirname(PGLITE_ENTRY), 'pglite.wasm')));
}
