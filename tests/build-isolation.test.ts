import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const APPS = ['shell', 'mfe-search', 'mfe-cart-checkout', 'mfe-my-domains', 'mfe-profile', 'mfe-resolver'];

async function hashTree(folder: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes[path.relative(folder, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return hashes;
}

async function hashAllBuilds() {
  return Object.fromEntries(
    await Promise.all(APPS.map(async (app) => [app, await hashTree(path.join(ROOT, app, 'dist'))] as const)),
  );
}

async function buildRemote(appDir: string) {
  const webpack = path.join(ROOT, 'mfe-search', 'node_modules', '.bin', 'webpack');
  await run(webpack, ['--mode', 'production'], { cwd: appDir });
}

describe('independent deployment', () => {
  it('rebuilding one remote leaves the shell and the other remotes byte for byte unchanged', async () => {
    const before = await hashAllBuilds();
    expect(Object.keys(before.shell ?? {})).toContain('index.html');

    await buildRemote(path.join(ROOT, 'mfe-search'));
    const after = await hashAllBuilds();
    for (const app of APPS) expect(after[app], app).toEqual(before[app]);

    // A changed search remote builds to new files of its own and still touches nobody else.
    const changed = path.join(ROOT, 'mfe-search', '.rebuild-check');
    await rm(changed, { recursive: true, force: true });
    try {
      await cp(path.join(ROOT, 'mfe-search', 'src'), path.join(changed, 'src'), { recursive: true });
      for (const file of ['package.json', 'webpack.config.mjs']) {
        await cp(path.join(ROOT, 'mfe-search', file), path.join(changed, file));
      }
      const claimPage = path.join(changed, 'src', 'features', 'claim', 'claim-page.tsx');
      await writeFile(
        claimPage,
        (await readFile(claimPage, 'utf8')).replace('Claim Domain', 'Claim Your Domain'),
      );
      await buildRemote(changed);

      const changedBuild = await hashTree(path.join(changed, 'dist'));
      expect(changedBuild['mf-manifest.json']).toBeDefined();
      const changedChunks = Object.keys(changedBuild).filter(
        (file) => !(file in (before['mfe-search'] ?? {})),
      );
      expect(changedChunks.length).toBeGreaterThan(0);
      const afterChange = await hashAllBuilds();
      for (const app of APPS) expect(afterChange[app], app).toEqual(before[app]);
    } finally {
      await rm(changed, { recursive: true, force: true });
    }
  });
});
