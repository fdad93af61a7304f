import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { access, copyFile, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const PGLITE_ENTRY = createRequire(import.meta.url).resolve('@electric-sql/pglite');

/** Where a database cluster lives: PGlite writes its PG_VERSION file first. */
export const holdsCluster = (directory: string) =>
  access(path.join(directory, 'PG_VERSION')).then(
    () => true,
    () => false,
  );

/**
 * An empty database cluster made once per PGlite installation and machine, copied into every new data
 * folder. PostgreSQL's initdb, which PGlite runs on a new folder, takes seconds and leaves half a
 * gigabyte of WebAssembly memory behind in the process that ran it, so it runs in a child process that
 * exits, and never again on this machine.
 */
async function clusterTemplate(): Promise<string> {
  // One template per installed PGlite: a cluster is bound to the PostgreSQL build that made it.
  const installed = `${PGLITE_ENTRY} ${(await stat(PGLITE_ENTRY)).mtimeMs}`;
  const key = createHash('sha256').update(installed).digest('hex').slice(0, 16);
  const template = path.join(os.tmpdir(), `local-ledger-cluster-${key}`);
  if (await holdsCluster(template)) return template;
  const staging = await mkdtemp(`${template}-staging-`);
  const script = `
    const { PGlite } = await import(${JSON.stringify(pathToFileURL(PGLITE_ENTRY).href)});
    const db = new PGlite(${JSON.stringify(staging)});
    await db.waitReady;
    await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--v8-pool-size=1', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (errors += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Could not create the database cluster: ${errors}`)),
    );
  });
  // Another process may have made it meanwhile: the first one in stays.
  await rename(staging, template).catch(() => rm(staging, { recursive: true, force: true }));
  return template;
}

/**
 * Copies a folder's tree with every file copied at once (a clone where the file system can), folders
 * first: a cluster's thousand small files copy in tens of milliseconds, where `fs.cp`, one file after
 * another, takes half a second.
 */
async function copyTree(from: string, to: string) {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const relative = (entry: (typeof entries)[number]) =>
    path.relative(from, path.join(entry.parentPath, entry.name));
  await mkdir(to, { recursive: true });
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map(relative)
    .sort();
  for (const folder of folders) await mkdir(path.join(to, folder), { recursive: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(relative)
      .map((file) => copyFile(path.join(from, file), path.join(to, file), constants.COPYFILE_FICLONE)),
  );
}

/** Makes `directory` hold a database cluster, from the template when it holds none yet. */
export async function prepareDataDir(directory: string): Promise<void> {
  if (await holdsCluster(directory)) return;
  await copyTree(await clusterTemplate(), directory);
}
