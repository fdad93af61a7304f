/**
 * npm run release -- <remote> [--from <folder>] [--activate]   build (or take a built folder), publish, record
 * npm run release -- <remote> --activate <version>               make a recorded release live
 * npm run release -- <remote> --rollback                         back to the version live before
 * npm run release -- <remote> <version> --canary <percent>       serve it to a share of browsers (0 stops)
 *   [--auto [--window <seconds>] [--min-mounts <n>]]             …judged by the server: stopped when its
 *                                                                  errors are worse than live's, else made live
 * npm run release -- --list                                      each remote's releases, the live one, decisions
 * npm run release -- --status                                    each remote's live and canary health
 *
 * Talks to the server at RELEASE_SERVER (default http://localhost:$PORT) with DEPLOY_TOKEN; writes
 * release folders into the server's RELEASES_DIR (default DATA_DIR/releases).
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REMOTE_FOLDERS } from '@registry/contracts/remotes';
import { loadConfig } from '../../config';
import { contentHash, newVersion, releaseFiles } from './release-files';
import { remoteNamed } from './service';

const WORKSPACE = fileURLToPath(new URL('../../../..', import.meta.url));

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    activate: { type: 'boolean' },
    rollback: { type: 'boolean' },
    list: { type: 'boolean' },
    from: { type: 'string' },
    canary: { type: 'string' },
    auto: { type: 'boolean' },
    window: { type: 'string', default: '600' },
    'min-mounts': { type: 'string', default: '200' },
    status: { type: 'boolean' },
  },
});

const config = loadConfig();
const server = process.env.RELEASE_SERVER ?? `http://localhost:${config.PORT}`;
const releasesDir = path.resolve(config.RELEASES_DIR ?? path.join(config.DATA_DIR, 'releases'));

async function api<T>(method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  if (!config.DEPLOY_TOKEN) throw new Error('Set DEPLOY_TOKEN to the server’s deploy token');
  const response = await fetch(new URL(url, server), {
    method,
    headers: {
      authorization: `Bearer ${config.DEPLOY_TOKEN}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${response.status}: ${answer.message ?? 'the server refused'}`);
  return answer;
}

type Listing = {
  remotes: Array<{
    remote: string;
    live: string | null;
    canary: { version: string; percent: number; auto: object | null } | null;
    releases: Array<{ version: string; createdAt: string }>;
    decisions: Array<{ version: string; outcome: string; reason: string; decidedAt: string }>;
  }>;
};

async function list() {
  const { remotes } = await api<Listing>('GET', '/api/admin/remotes');
  for (const { remote, live, canary, releases, decisions } of remotes) {
    const judged = canary?.auto ? ', judged by the server' : '';
    const trial = canary ? `, canary ${canary.version} for ${canary.percent} % of browsers${judged}` : '';
    console.log(`${remote}: live ${live ?? 'own build'}${trial}`);
    for (const release of releases)
      console.log(`  ${release.version === live ? '*' : ' '} ${release.version}  ${release.createdAt}`);
    for (const decision of decisions.slice(0, 3))
      console.log(`  ${decision.decidedAt} ${decision.version} ${decision.outcome}: ${decision.reason}`);
  }
}

type Figures = { version: string; loads: number; errors: number; rate: number };
type Health = {
  remotes: Array<{
    remote: string;
    since: string;
    live: Figures;
    canary: (Figures & { percent: number; auto: object | null }) | null;
  }>;
};

const described = ({ version, loads, errors, rate }: Figures) =>
  `${version}: ${loads} page loads, ${errors} with errors (${(rate * 100).toFixed(1)} %)`;

/** Each remote's live and canary versions with what browsers reported of them. */
async function status() {
  const { remotes } = await api<Health>('GET', '/api/admin/remotes/health');
  for (const { remote, since, live, canary } of remotes) {
    console.log(`${remote} since ${since}`);
    console.log(`  live    ${described(live)}`);
    if (canary)
      console.log(
        `  canary  ${described(canary)}, ${canary.percent} % of browsers${canary.auto ? ', judged by the server' : ''}`,
      );
  }
}

/** Copies the build into a hidden folder first, then renames it: a release appears whole or not at all. */
async function publish(remote: ReturnType<typeof remoteNamed>, from: string) {
  const files = await releaseFiles(from);
  if (!files.includes('mf-manifest.json'))
    throw new Error(`${from} holds no mf-manifest.json: build it first`);
  const { hash } = await contentHash(from, files);
  const version = newVersion(hash);
  const target = path.join(releasesDir, REMOTE_FOLDERS[remote], version);
  if (existsSync(target)) throw new Error(`${target} exists already: releases are never overwritten`);
  const staging = path.join(releasesDir, REMOTE_FOLDERS[remote], `.staging-${process.pid}-${Date.now()}`);
  await mkdir(staging, { recursive: true });
  try {
    for (const file of files) await cp(path.join(from, file), path.join(staging, file));
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return version;
}

async function live(remote: string): Promise<string | null> {
  const { remotes } = await api<Listing>('GET', '/api/admin/remotes');
  return remotes.find((each) => each.remote === remote)?.live ?? null;
}

async function main() {
  if (values.list) return list();
  if (values.status) return status();
  const [name, version] = positionals;
  if (!name) throw new Error('Name a remote, e.g. npm run release -- mfe-search');
  const remote = remoteNamed(name);
  const switchTo = async (body: object) => {
    const answer = await api<{ live: string | null; previous: string | null }>(
      'POST',
      `/api/admin/remotes/${remote}`,
      { ...body, expectedActive: await live(remote) },
    );
    console.log(
      `${remote} is live at ${answer.live ?? 'its own build'} (was ${answer.previous ?? 'its own build'})`,
    );
  };
  if (values.rollback) return switchTo({ rollback: true });
  if (values.canary !== undefined) {
    if (!version)
      throw new Error('Name the version to serve, e.g. npm run release -- mfe-search <version> --canary 10');
    const auto = values.auto
      ? { windowSeconds: Number(values.window), minMounts: Number(values['min-mounts']) }
      : undefined;
    const answer = await api<{ percent: number }>('POST', `/api/admin/remotes/${remote}/canary`, {
      version,
      percent: Number(values.canary),
      ...(auto ? { auto } : {}),
    });
    const judged = auto
      ? `; the server makes it live after ${auto.windowSeconds} s and ${auto.minMounts} page loads if its errors are no worse than live's, and stops it as soon as they are`
      : '';
    console.log(`${remote} ${version} goes to ${answer.percent} % of browsers${judged}`);
    return;
  }
  if (version) {
    if (!values.activate) throw new Error('Add --activate to make that version live');
    return switchTo({ version });
  }
  let from = values.from ? path.resolve(values.from) : path.join(WORKSPACE, REMOTE_FOLDERS[remote], 'dist');
  if (!values.from) {
    console.log(`Building ${REMOTE_FOLDERS[remote]}…`);
    const built = spawnSync(
      'bash',
      ['scripts/pnpm.sh', '--filter', `./${REMOTE_FOLDERS[remote]}`, 'run', 'build'],
      {
        cwd: WORKSPACE,
        stdio: 'inherit',
      },
    );
    if (built.status !== 0) throw new Error('The build failed');
    from = path.join(WORKSPACE, REMOTE_FOLDERS[remote], 'dist');
  }
  const published = await publish(remote, from);
  await api('POST', `/api/admin/remotes/${remote}/releases`, { version: published });
  console.log(`Published ${remote} ${published}`);
  if (values.activate) await switchTo({ version: published });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
