/**
 * `npm run bench -- --profile=<path> [--at=<git ref>] [--engine=pglite]`: a CPU profile of the compiled
 * server (this checkout's, or the one at a git ref) under one hot path's load on PostgreSQL (or the
 * embedded database), and its top frames by self time, by function and by package. The profile itself
 * is kept under bench/results/profiles/ for Chrome's DevTools.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkoutAndBuild } from './compare';
import { withPostgresDatabase } from '../lib/databases';
import { HOT_PATHS, load } from '../lib/load';
import { buildServer, ROOT, startProductServer } from '../lib/processes';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};

/** Where a frame's code lives: an npm package, the server, Node itself, or V8's own bookkeeping. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node';
  const packaged = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packaged) return packaged[1]!;
  return url.includes('/server/') ? 'server' : path.basename(url);
}

/** The top frames of a .cpuprofile by self time. */
export function topFrames(profileFile: string, count = 15) {
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as { nodes: ProfileNode[] };
  const total = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const byFrame = new Map<string, number>();
  const byOwner = new Map<string, number>();
  for (const { callFrame, hitCount = 0 } of profile.nodes) {
    if (hitCount === 0) continue;
    const owner = ownerOf(callFrame.url, callFrame.functionName);
    const frame = `${callFrame.functionName || '(anonymous)'} ${owner}${callFrame.url ? `:${path.basename(callFrame.url)}:${callFrame.lineNumber + 1}` : ''}`;
    byFrame.set(frame, (byFrame.get(frame) ?? 0) + hitCount);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + hitCount);
  }
  const top = (counts: Map<string, number>) =>
    [...counts]
      .sort(([, a], [, b]) => b - a)
      .slice(0, count)
      .map(([name, hits]) => ({ name, percent: Math.round((hits / total) * 1000) / 10 }));
  return { frames: top(byFrame), owners: top(byOwner) };
}

export async function profilePath(
  pathName: string,
  { at, engine, durationS }: { at?: string; engine: 'postgres' | 'pglite'; durationS: number },
) {
  const hot = HOT_PATHS.find((each) => each.name === pathName);
  if (!hot) throw new Error(`no hot path ${pathName}: ${HOT_PATHS.map((each) => each.name).join(', ')}`);
  const checkout = at ? checkoutAndBuild(at) : null;
  const profileDir = mkdtempSync(path.join(tmpdir(), 'registry-profile-'));
  try {
    if (!checkout) buildServer();
    const run = async (env: Record<string, string>) => {
      const server = await startProductServer(env, {
        root: checkout?.dir ?? ROOT,
        nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
      });
      try {
        return await load(server.origin, hot, { durationS });
      } finally {
        await server.stop();
      }
    };
    const measure =
      engine === 'postgres' ? await withPostgresDatabase((url) => run({ DATABASE_URL: url })) : await run({});
    if (!measure) return;
    const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no profile');
    const label = `${pathName.replace(/\W+/g, '-')}-${engine}-${checkout ? checkout.sha.slice(0, 7) : 'this'}`;
    const kept = path.join(ROOT, 'bench', 'results', 'profiles', `${label}.cpuprofile`);
    await mkdir(path.dirname(kept), { recursive: true });
    await copyFile(path.join(profileDir, file), kept);
    const { frames, owners } = topFrames(kept);
    console.log(`\n${pathName} on ${engine} at ${at ?? 'this checkout'}: ${measure.reqPerSec} req/s`);
    console.log('\nself time by package:');
    for (const owner of owners.slice(0, 10))
      console.log(`  ${String(owner.percent).padStart(5)} %  ${owner.name}`);
    console.log('\nself time by function:');
    for (const frame of frames) console.log(`  ${String(frame.percent).padStart(5)} %  ${frame.name}`);
    console.log(`\nprofile: ${path.relative(ROOT, kept)}`);
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
    checkout?.remove();
  }
}
