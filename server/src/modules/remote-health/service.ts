import {
  UNRELEASED_VERSION,
  type RemoteHealthKind,
  type RemoteHealthRow,
} from '@registry/contracts/remote-health';
import type { Db } from '../../db/database';
import * as repo from './repo';

/** What browsers saw of one remote version over a period. */
export type HealthFigures = {
  mounts: number;
  loadFailures: number;
  renderErrors: number;
  unhandled: number;
};

/** The kind under which refused reports are kept (remote and version `*`). */
const REFUSED = { remote: '*', version: '*', kind: 'refused' } as const;
/** Rows waiting for the next write, at most: beyond, a database outage drops counts instead of memory. */
const MAX_PENDING_ROWS = 10_000;
/** Counts are kept this long: long enough for any canary's window. */
const KEEP_MS = 14 * 24 * 60 * 60 * 1000;

type Deps = {
  db: Db;
  /** Versions of each remote the server has recorded: reports of any other version are ignored. */
  recordedVersions: () => Promise<Map<string, Set<string>>>;
  /** Reports accepted by this server per minute, beyond which it refuses them (429) whoever sends them. */
  maxReportsPerMinute: number;
  /** Each accepted row, for `/metrics`; each refused report. */
  observe: (row: RemoteHealthRow) => void;
  observeRefused: () => void;
  clock?: () => number;
};

const minuteOf = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000);

/**
 * Counts of what browsers saw of each remote version, taken in from anonymous reports: only versions
 * the server recorded, bounded per report (route), per browser address (rate limit) and per minute
 * overall (here). They are summed in memory and written every few seconds, so a flood costs no more
 * database writes than normal traffic.
 */
export function createRemoteHealthService({
  db,
  recordedVersions,
  maxReportsPerMinute,
  observe,
  observeRefused,
  clock = Date.now,
}: Deps) {
  const pending = new Map<string, repo.HealthCountRow>();
  let reportsThisMinute = { minute: 0, count: 0 };
  let versions: { read: number; known: Promise<Map<string, Set<string>>> } | null = null;
  let lastCleanup = 0;

  function add(remote: string, version: string, kind: string, count: number) {
    const minute = minuteOf(clock());
    const key = `${remote}\n${version}\n${kind}\n${minute.getTime()}`;
    const row = pending.get(key);
    if (row) row.count += count;
    else if (pending.size < MAX_PENDING_ROWS) pending.set(key, { remote, version, kind, minute, count });
  }

  /**
   * The recorded versions, read again after 10 s, or after 1 s when a report names one not among them
   * (a release recorded a moment ago): a flood of made-up versions costs one read a second at most.
   */
  async function known(missing?: (known: Map<string, Set<string>>) => boolean) {
    const age = versions ? clock() - versions.read : Infinity;
    const stale =
      age > 10_000 ||
      (age > 1_000 && missing !== undefined && missing(await versions!.known.catch(() => new Map())));
    if (stale || !versions) {
      const read = { read: clock(), known: recordedVersions() };
      versions = read;
      read.known.catch(() => {
        if (versions === read) versions = null;
      });
      return read.known;
    }
    return versions.known;
  }

  return {
    /** A release was recorded on this server: the next report reads the versions again. */
    forgetVersions() {
      versions = null;
    },

    /** Whether one more report fits this minute's overall allowance; a refusal is counted. */
    admit(): boolean {
      const minute = Math.floor(clock() / 60_000);
      if (reportsThisMinute.minute !== minute) reportsThisMinute = { minute, count: 0 };
      if (reportsThisMinute.count >= maxReportsPerMinute) {
        this.refused();
        return false;
      }
      reportsThisMinute.count += 1;
      return true;
    },

    /** A report refused by a limit: while any are, no canary is promoted (see the canary judge). */
    refused() {
      add(REFUSED.remote, REFUSED.version, REFUSED.kind, 1);
      observeRefused();
    },

    /** Takes in a report's rows; rows of versions the server never recorded are left out. */
    async accept(rows: RemoteHealthRow[]) {
      const unknown = (recorded: Map<string, Set<string>>) =>
        rows.some((row) => row.version !== UNRELEASED_VERSION && !recorded.get(row.remote)?.has(row.version));
      const recorded = await known(unknown);
      let accepted = 0;
      for (const row of rows) {
        if (row.version !== UNRELEASED_VERSION && !recorded.get(row.remote)?.has(row.version)) continue;
        add(row.remote, row.version, row.kind, row.count);
        observe(row);
        accepted += 1;
      }
      return { accepted, ignored: rows.length - accepted };
    },

    /** Writes what was taken in since the last write; on failure it stays for the next one. */
    async flush() {
      if (pending.size === 0) return;
      const rows = [...pending.values()];
      pending.clear();
      try {
        await repo.addCounts(db, rows);
      } catch (error) {
        for (const row of rows) add(row.remote, row.version, row.kind, row.count);
        throw error;
      }
      if (clock() - lastCleanup > 60 * 60 * 1000) {
        lastCleanup = clock();
        await repo.deleteBefore(db, new Date(clock() - KEEP_MS));
      }
    },

    /** What browsers reported of a remote version from `since` (to the minute) on. */
    async figures(remote: string, version: string, since: Date): Promise<HealthFigures> {
      const totals = await repo.totalsSince(db, remote, version, since);
      const of = (kind: RemoteHealthKind) => totals.get(kind) ?? 0;
      return {
        mounts: of('mount'),
        loadFailures: of('load-failure'),
        renderErrors: of('render-error'),
        unhandled: of('unhandled'),
      };
    },

    /** Reports refused by a limit since `since` (to the minute), on every server. */
    async refusedSince(since: Date): Promise<number> {
      const totals = await repo.totalsSince(db, REFUSED.remote, REFUSED.version, since);
      return totals.get(REFUSED.kind) ?? 0;
    },
  };
}
export type RemoteHealthService = ReturnType<typeof createRemoteHealthService>;
