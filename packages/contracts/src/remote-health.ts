/**
 * What the shell tells the server of each remote it runs, per version, so a canary is judged on what
 * browsers saw: page mounts, and the errors that came from the remote.
 */
export const REMOTE_HEALTH_PATH = '/api/remote-health';

/**
 * `mount`: a page of the remote was given to React to render; `load-failure`: its entry or a chunk
 * could not be loaded; `render-error`: its error boundary caught an error; `unhandled`: an uncaught
 * error or rejection raised from the remote's own files.
 */
export const REMOTE_HEALTH_KINDS = ['mount', 'load-failure', 'render-error', 'unhandled'] as const;
export type RemoteHealthKind = (typeof REMOTE_HEALTH_KINDS)[number];

/** The version reported for a remote served without a release (the server's own build, or an address). */
export const UNRELEASED_VERSION = 'unreleased';

/** A report holds at most this many rows, and a row's count is at most MAX_HEALTH_COUNT. */
export const MAX_HEALTH_ROWS = 20;
export const MAX_HEALTH_COUNT = 50;

export type RemoteHealthRow = { remote: string; version: string; kind: RemoteHealthKind; count: number };
/** Body of `POST /api/remote-health`. */
export type RemoteHealthReport = { counts: RemoteHealthRow[] };
