#!/usr/bin/env -S node --v8-pool-size=1 --max-old-space-size=160
// One V8 worker thread (PGlite's WebAssembly is compiled on them, each keeping its own malloc arena) and
// a JavaScript heap of at most 160 MB keep the ledger small. The compiled command (dist/cli.js, from
// `npm run build`) starts with plain node; while the sources are newer, tsx compiles them on load.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const compiled = path.join(packageRoot, 'dist', 'cli.js');

async function newestSource() {
  const entries = await readdir(path.join(packageRoot, 'src'), { recursive: true, withFileTypes: true });
  const times = await Promise.all(
    entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map(async (entry) => (await stat(path.join(entry.parentPath, entry.name))).mtimeMs),
  );
  return Math.max(...times);
}

const built = await stat(compiled).then(
  (file) => file.mtimeMs,
  () => 0,
);
if (built > (await newestSource())) {
  await import(pathToFileURL(compiled).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
