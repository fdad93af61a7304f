import { z } from 'zod';

/** Module Federation names of the feature remotes, as their builds declare them. */
export const REMOTE_NAMES = ['search', 'cart_checkout', 'my_domains', 'profile', 'resolver'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Folder of each remote in the workspace and under `/remotes/` on the server. */
export const REMOTE_FOLDERS: Record<RemoteName, string> = {
  search: 'mfe-search',
  cart_checkout: 'mfe-cart-checkout',
  my_domains: 'mfe-my-domains',
  profile: 'mfe-profile',
  resolver: 'mfe-resolver',
};

export const RemoteEntrySchema = z.object({
  name: z.enum(REMOTE_NAMES),
  /** URL of the remote's `mf-manifest.json` (absolute, or relative to the page). */
  entry: z.string().min(1),
});
export type RemoteEntry = z.infer<typeof RemoteEntrySchema>;

/** Answer of `GET /remotes.json`: where the shell finds each remote at run time. */
export const RemotesManifestSchema = z.object({
  remotes: z.array(RemoteEntrySchema),
});
export type RemotesManifest = z.infer<typeof RemotesManifestSchema>;

/** What every remote exposes as `./pages`: page components keyed by page id. */
export const EXPOSED_PAGES_MODULE = './pages';
