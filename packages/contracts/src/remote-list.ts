// The shapes of the remotes list; the server builds and checks it with them, the shell checks it with
// the validator compiled from them (answer-checks.ts).
import * as z from 'zod/mini';
import { REMOTE_NAMES } from './remotes';

/** What a build states about itself (`registry-build.json` beside its `mf-manifest.json`). */
export const BuildInfoSchema = z.object({ contracts: z.string(), bus: z.string() });
export type BuildInfo = z.infer<typeof BuildInfoSchema>;

export const RemoteEntrySchema = z.object({
  name: z.enum(REMOTE_NAMES),
  /** URL of the remote's `remoteEntry.js` (absolute, or relative to the page). */
  entry: z.string().check(z.minLength(1)),
  /** The release serving it (absent: the server's own build or a configured address). */
  version: z.optional(z.string()),
  /** The entry's SHA-256 as recorded with its release (`sha256-…`): the browser refuses other bytes. */
  integrity: z.optional(z.string()),
  /** What its build states, when the server knows it. */
  build: z.optional(BuildInfoSchema),
});
export type RemoteEntry = z.infer<typeof RemoteEntrySchema>;

/** Answer of `GET /remotes.json`: where the shell finds each remote at run time. */
export const RemotesManifestSchema = z.object({
  remotes: z.array(RemoteEntrySchema),
});
export type RemotesManifest = z.infer<typeof RemotesManifestSchema>;
