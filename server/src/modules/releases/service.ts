import { existsSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  BUILD_INFO_FILE,
  REMOTE_APPS,
  REMOTE_ENTRY_FILE,
  REMOTE_FOLDERS,
  type RemoteName,
} from '@registry/contracts/remotes';
import {
  BuildInfoSchema,
  RemotesManifestSchema,
  type BuildInfo,
  type RemotesManifest,
} from '@registry/contracts/remote-list';
import type { Db } from '../../db/database';
import { HttpError, badRequest, notFound } from '../../http-error';
import * as repo from './repo';
import { contentHash, fileDigest, RELEASE_VERSION, releaseFiles } from './release-files';

/** Who the release history names for what the server decided on its own. */
export const CANARY_JUDGE = 'canary-judge';

/** A remote as the CLI or the API names it: `search` or its folder `mfe-search`. */
export function remoteNamed(name: string): RemoteName {
  const app = REMOTE_APPS.find((each) => each.name === name || each.folder === name);
  if (!app) throw notFound(`No remote is named ${name}`);
  return app.name;
}

async function readBuildInfo(folder: string): Promise<BuildInfo | null> {
  try {
    return BuildInfoSchema.parse(JSON.parse(await readFile(path.join(folder, BUILD_INFO_FILE), 'utf8')));
  } catch {
    return null;
  }
}

export type ActivationRequest = {
  /** A recorded release, or null for the server's own build. */
  version?: string | null;
  /** Back to the version that was live before the current one. */
  rollback?: boolean;
  /** Refused (409) unless this is still the live version: two deploys at once cannot both win. */
  expectedActive?: string | null;
};

type Deps = {
  db: Db;
  releasesDir: string;
  /** Where each remote is found without a release: configured addresses or the server's own build. */
  defaults: RemotesManifest;
  appsRoot: string;
  /** Who switched what (info), and trouble reading the releases (warn). */
  log: (level: 'info' | 'warn', line: string, details: object) => void;
  /** Told after each release recorded (the health reports of its version are taken from then on). */
  onRecorded?: () => void;
};

/** Where each remote is found for a browser: its canary, the live release, or the server's own build. */
function createReleaseManifest({ db, defaults, appsRoot, log }: Deps) {
  const ownBuilds = Promise.all(
    defaults.remotes.map(async (entry) => {
      const own = `/remotes/${REMOTE_FOLDERS[entry.name]}/`;
      const build = entry.entry.startsWith(own)
        ? await readBuildInfo(path.join(appsRoot, REMOTE_FOLDERS[entry.name], 'dist'))
        : null;
      return build ? { ...entry, build } : entry;
    }),
  );
  const lastManifests = new Map<number, RemotesManifest>();

  /** Each remote as a browser in `bucket` (0–99) gets it: a canary below its share, else the live one. */
  async function liveManifest(bucket: number): Promise<RemotesManifest> {
    const [liveRows, canaryRows] = await Promise.all([repo.liveReleases(db), repo.canaries(db)]);
    const live = new Map(liveRows.map((row) => [row.remote, row]));
    for (const canary of canaryRows) if (bucket < canary.percent) live.set(canary.remote, canary);
    const remotes = (await ownBuilds).map((entry) => {
      const release = live.get(entry.name);
      if (!release?.version) return entry;
      return {
        name: entry.name,
        entry: `/releases/${REMOTE_FOLDERS[entry.name]}/${release.version}/${REMOTE_ENTRY_FILE}`,
        version: release.version,
        ...(release.build ? { build: release.build } : {}),
        ...(release.entryIntegrity ? { integrity: release.entryIntegrity } : {}),
      };
    });
    return RemotesManifestSchema.parse({ remotes });
  }

  return {
    /**
     * Where the shell finds each remote now, for a browser in `bucket` (0–99, kept in a cookie); while
     * the database is down, the last answer given to that bucket.
     */
    async manifest(bucket = 99): Promise<RemotesManifest> {
      try {
        lastManifests.set(bucket, await liveManifest(bucket));
      } catch (error) {
        log('warn', 'remotes.json answered from memory: the releases could not be read', { err: error });
      }
      return lastManifests.get(bucket) ?? { remotes: await ownBuilds };
    },
  };
}

/** Switches a remote to a recorded release (or back), one deploy at a time, with its history. */
function createActivation({ db, log }: Deps) {
  return {
    async activate(remote: RemoteName, request: ActivationRequest, actor: string) {
      const result = await repo.withRemoteLocked(db, remote, async (tx) => {
        const current = await repo.currentActivation(tx, remote);
        const live = current?.version ?? null;
        if (request.expectedActive !== undefined && request.expectedActive !== live)
          throw new HttpError(409, 'ACTIVE_CHANGED', `${remote} is at ${live ?? 'its own build'} now`);
        let target: string | null;
        if (request.rollback) {
          if (!current) throw new HttpError(409, 'NOTHING_TO_ROLL_BACK', `${remote} was never switched`);
          target = current.previousVersion;
        } else {
          target = request.version ?? null;
          if (target !== null && !(await repo.findRelease(tx, remote, target)))
            throw notFound(`No release ${target} of ${remote} is recorded`);
        }
        if (target === live)
          return { remote, live, previous: current?.previousVersion ?? null, changed: false };
        await repo.insertActivation(tx, { remote, version: target, previousVersion: live, actor });
        return { remote, live: target, previous: live, changed: true };
      });
      if (result.changed)
        log('info', 'remote switched', {
          audit: 'remote-activation',
          remote,
          from: result.previous,
          to: result.live,
          actor,
        });
      return { remote: result.remote, live: result.live, previous: result.previous };
    },
  };
}

/** A stat that changes whenever a file's bytes can have changed (a write moves its ctime). */
const statKey = (stats: Stats) => `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;

export type ReleaseFileCheck =
  | { verdict: 'intact' }
  | { verdict: 'unknown' }
  | { verdict: 'changed'; remote: RemoteName; version: string; file: string };

/**
 * Whether a release file may be served: it belongs to a recorded release and its bytes still have the
 * digest taken when the release was recorded. A file is read and hashed again only when its stat moved.
 */
function createFileCheck({ db, releasesDir, log }: Deps) {
  const digestsOf = new Map<string, Promise<Record<string, string> | null>>();
  const verified = new Map<string, string>();
  const remoteOfFolder = new Map(
    Object.entries(REMOTE_FOLDERS).map(([remote, folder]) => [folder, remote as RemoteName]),
  );

  async function loadDigests(remote: RemoteName, version: string) {
    const row = await repo.findRelease(db, remote, version);
    if (!row) return null;
    if (row.fileHashes) return row.fileHashes;
    // Recorded before digests were kept: taken now, if the folder still hashes to its version.
    const folder = path.join(releasesDir, REMOTE_FOLDERS[remote], version);
    const { hash, digests } = await contentHash(folder, await releaseFiles(folder));
    if (hash !== RELEASE_VERSION.exec(version)?.[1]) {
      log('warn', 'release files no longer hash to their version', { remote, version, hash });
      return {};
    }
    await repo.setFileHashes(db, remote, version, digests);
    return digests;
  }

  return {
    /** `relative` is `<folder>/<version>/<file>` as requested under `/releases/`. */
    async checkReleaseFile(relative: string): Promise<ReleaseFileCheck> {
      const [folder = '', version = '', ...rest] = relative.split('/');
      const file = rest.join('/');
      const remote = remoteOfFolder.get(folder);
      if (!remote || !RELEASE_VERSION.test(version) || !file) return { verdict: 'unknown' };
      const key = `${remote}/${version}`;
      let digests = digestsOf.get(key);
      if (!digests) {
        digests = loadDigests(remote, version);
        digestsOf.set(key, digests);
        // A failed read (the database down) is tried again on the next request.
        digests.catch(() => digestsOf.delete(key));
      }
      const known = await digests;
      if (!known) {
        digestsOf.delete(key);
        return { verdict: 'unknown' };
      }
      const full = path.join(releasesDir, folder, version, file);
      const stats = await stat(full).catch(() => null);
      const expected = known[file];
      if (!stats?.isFile()) return { verdict: 'unknown' };
      if (expected === undefined) return { verdict: 'changed', remote, version, file };
      if (verified.get(full) === statKey(stats)) return { verdict: 'intact' };
      if (fileDigest(await readFile(full)) !== expected) {
        verified.delete(full);
        return { verdict: 'changed', remote, version, file };
      }
      verified.set(full, statKey(stats));
      return { verdict: 'intact' };
    },
  };
}

/**
 * Releases of remotes: immutable folders under `releasesDir`, recorded in the database; which one is
 * live is the latest activation of each remote, read on every `/remotes.json`, so every server on the
 * database switches together.
 */
export function createReleaseService(deps: Deps) {
  const { db, releasesDir, log } = deps;
  const folderOf = (remote: RemoteName, version: string) =>
    path.join(releasesDir, REMOTE_FOLDERS[remote], version);
  return {
    ...createReleaseManifest(deps),
    ...createActivation(deps),
    ...createFileCheck(deps),

    /**
     * Serves a recorded release to `percent` of browsers (1–99), or stops the canary (0). With `auto`
     * the server judges it against the live version: stopped when worse, made live when healthy.
     */
    async setCanary(
      remote: RemoteName,
      version: string,
      percent: number,
      actor: string,
      auto: repo.CanaryAuto | null = null,
    ) {
      if (percent > 0 && !(await repo.findRelease(db, remote, version)))
        throw notFound(`No release ${version} of ${remote} is recorded`);
      await repo.setCanary(db, { remote, version, percent, actor, auto });
      log('info', 'remote canary', { audit: 'remote-canary', remote, version, percent, auto, actor });
      return { remote, version, percent, auto };
    },

    /** The canaries running and each remote's live version (absent: its own build). */
    async current() {
      const [canaries, liveRows] = await Promise.all([repo.canaries(db), repo.liveReleases(db)]);
      const live = new Map<string, string>();
      for (const row of liveRows) if (row.version) live.set(row.remote, row.version);
      return { canaries, live };
    },

    /** Every recorded version, by remote. */
    async recordedVersions() {
      const versions = new Map<string, Set<string>>();
      for (const { remote, version } of await repo.recordedVersions(db)) {
        const known = versions.get(remote) ?? new Set<string>();
        known.add(version);
        versions.set(remote, known);
      }
      return versions;
    },

    /**
     * Ends an auto canary as judged: `promoted` makes it live, `stopped` sends everybody back to the
     * live version; either is recorded with its reason and figures. Nothing happens (false) when the
     * canary changed meanwhile (a person stopped or replaced it, or another server decided first).
     */
    async decideCanary(decision: {
      remote: string;
      version: string;
      outcome: 'promoted' | 'stopped';
      reason: string;
      figures: object;
    }) {
      const { remote, version, outcome } = decision;
      const decided = await repo.withRemoteLocked(db, remote, async (tx) => {
        const canary = (await repo.canaries(tx)).find((each) => each.remote === remote);
        if (!canary?.auto || canary.version !== version) return false;
        await repo.setCanary(tx, { remote, version, percent: 0, actor: CANARY_JUDGE });
        if (outcome === 'promoted') {
          const current = await repo.currentActivation(tx, remote);
          if ((current?.version ?? null) !== version)
            await repo.insertActivation(tx, {
              remote,
              version,
              previousVersion: current?.version ?? null,
              actor: CANARY_JUDGE,
            });
        }
        await repo.insertDecision(tx, decision);
        return true;
      });
      if (decided)
        log('info', `canary ${outcome}`, {
          audit: 'remote-canary-decision',
          ...decision,
          actor: CANARY_JUDGE,
        });
      return decided;
    },

    /** Records a release folder the CLI wrote, after checking its files still hash to its version. */
    async record(remote: RemoteName, version: string) {
      const match = RELEASE_VERSION.exec(version);
      if (!match)
        throw badRequest('BAD_VERSION', 'A version is <12 hex of the content hash>-<yyyymmddhhmmss>');
      const folder = folderOf(remote, version);
      if (!existsSync(path.join(folder, 'mf-manifest.json')))
        throw notFound(`No release ${version} of ${remote} is in the releases folder`);
      const files = await releaseFiles(folder);
      const { hash, bytes, digests } = await contentHash(folder, files);
      if (hash !== match[1])
        throw badRequest('RELEASE_CHANGED', `The files of ${version} no longer hash to it (${hash})`);
      const build = await readBuildInfo(folder);
      const row = await repo.insertRelease(db, {
        remote,
        version,
        build,
        files: files.length,
        bytes,
        fileHashes: digests,
      });
      deps.onRecorded?.();
      return row!;
    },

    /** Every remote's releases, newest first, which one is live, and its recent switches. */
    async list() {
      const canaries = await repo.canaries(db);
      return Promise.all(
        REMOTE_APPS.map(async ({ name }) => {
          const [releases, activations, decisions] = await Promise.all([
            repo.releasesOf(db, name),
            repo.activationsOf(db, name, 20),
            repo.decisionsOf(db, name, 20),
          ]);
          const canary = canaries.find((each) => each.remote === name);
          return {
            remote: name,
            live: activations[0]?.version ?? null,
            canary: canary
              ? {
                  version: canary.version,
                  percent: canary.percent,
                  auto: canary.auto,
                  startedAt: canary.startedAt.toISOString(),
                }
              : null,
            decisions: decisions.map((each) => ({
              version: each.version,
              outcome: each.outcome,
              reason: each.reason,
              decidedAt: each.decidedAt.toISOString(),
            })),
            releases: releases.map((release) => ({
              version: release.version,
              createdAt: release.createdAt.toISOString(),
              files: release.files,
              bytes: release.bytes,
              build: release.build,
            })),
            history: activations.map((activation) => ({
              version: activation.version,
              previousVersion: activation.previousVersion,
              actor: activation.actor,
              activatedAt: activation.activatedAt.toISOString(),
            })),
          };
        }),
      );
    },
  };
}
export type ReleaseService = ReturnType<typeof createReleaseService>;
