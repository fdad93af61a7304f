// Starts a package's command: its compiled form (dist/cli.js, from `npm run build`) with plain node, or,
// while any source is newer, the sources compiled on load by tsx.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

async function newestSource(packageRoot) {
  const entries = await readdir(path.join(packageRoot, 'src'), { recursive: true, withFileTypes: true });
  const times = await Promise.all(
    entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map(async (entry) => (await stat(path.join(entry.parentPath, entry.name))).mtimeMs),
  );
  return Math.max(...times);
}

/** Runs `<packageRoot>/dist/cli.js`, or `<packageRoot>/src/cli.ts` when a source is newer than it. */
export async function runPackageCommand(packageRoot) {
  const compiled = path.join(packageRoot, 'dist', 'cli.js');
  const built = await stat(compiled).then(
    (file) => file.mtimeMs,
    () => 0,
  );
  if (built > (await newestSource(packageRoot))) {
    await import(pathToFileURL(compiled).href);
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    await import(pathToFileURL(path.join(packageRoot, 'src', 'cli.ts')).href);
  }
}
