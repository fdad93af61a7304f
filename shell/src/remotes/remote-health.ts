import {
  MAX_HEALTH_COUNT,
  MAX_HEALTH_ROWS,
  REMOTE_HEALTH_PATH,
  UNRELEASED_VERSION,
  type RemoteHealthKind,
  type RemoteHealthRow,
} from '@registry/contracts/remote-health';
import type { RemoteName } from '@registry/contracts/remotes';

/** Counts not sent yet, by remote, version and kind. */
const pending = new Map<string, RemoteHealthRow>();
/** The version and file folder of each remote this page tried: errors from those files are its. */
const tried = new Map<RemoteName, { version: string; folder: string }>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** Sends what was counted (at most one report's worth; the rest goes next time). */
function send() {
  clearTimeout(timer);
  timer = undefined;
  const counts = [...pending.values()].slice(0, MAX_HEALTH_ROWS);
  if (counts.length === 0) return;
  for (const row of counts) pending.delete(`${row.remote}\n${row.version}\n${row.kind}`);
  const body = new Blob([JSON.stringify({ counts })], { type: 'application/json' });
  navigator.sendBeacon(REMOTE_HEALTH_PATH, body);
  if (pending.size > 0) timer = setTimeout(send, 30_000);
}

/** Counts one event of a remote the page tried (its version as the list named it). */
export function countRemote(remote: RemoteName, kind: RemoteHealthKind) {
  const version = tried.get(remote)?.version ?? UNRELEASED_VERSION;
  const key = `${remote}\n${version}\n${kind}`;
  const row = pending.get(key) ?? { remote, version, kind, count: 0 };
  row.count = Math.min(row.count + 1, MAX_HEALTH_COUNT);
  pending.set(key, row);
  timer ??= setTimeout(send, 30_000);
}

/** The remote this page runs from `entry` at `version`: errors raised from that folder count as its. */
export function remoteTried(remote: RemoteName, entry: string, version: string | undefined) {
  tried.set(remote, {
    version: version ?? UNRELEASED_VERSION,
    folder: entry.slice(0, entry.lastIndexOf('/') + 1),
  });
}

/** An uncaught error or rejection whose stack or file is in a remote's folder counts as that remote's. */
function countUnhandled(where: string | undefined) {
  if (!where) return;
  for (const [remote, { folder }] of tried)
    if (where.includes(folder)) return countRemote(remote, 'unhandled');
}

addEventListener('error', (event) =>
  countUnhandled(event.filename || (event.error as Error | undefined)?.stack),
);
addEventListener('unhandledrejection', (event) => countUnhandled((event.reason as Error | undefined)?.stack));
// Page hide is the last moment a page surely has: what it counted goes then.
addEventListener('pagehide', send);
addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') send();
});
