/**
 * The apps, where they live and what they must agree on: plain values with no schema library behind
 * them, read by the shell's first load. The list's shape (`RemotesManifestSchema`) is in remote-list.ts.
 */

/**
 * The one list of apps: Module Federation name, folder (in the workspace and under `/remotes/` on the
 * server), port of its own dev server, and title of its standalone page. Builds, the server and the
 * shell all read it.
 */
export const REMOTE_APPS = [
  { name: 'search', folder: 'mfe-search', devPort: 3001, title: 'Search' },
  { name: 'cart_checkout', folder: 'mfe-cart-checkout', devPort: 3002, title: 'Cart' },
  { name: 'my_domains', folder: 'mfe-my-domains', devPort: 3003, title: 'My Domains' },
  { name: 'profile', folder: 'mfe-profile', devPort: 3004, title: 'Profile' },
  { name: 'resolver', folder: 'mfe-resolver', devPort: 3005, title: 'Resolver' },
] as const;
export const SHELL_APP = { name: 'shell', folder: 'shell', devPort: 3000, title: 'Hedera Domains' } as const;

export type RemoteName = (typeof REMOTE_APPS)[number]['name'];

/** Module Federation names of the feature remotes, as their builds declare them. */
export const REMOTE_NAMES = REMOTE_APPS.map((app) => app.name) as [RemoteName, ...RemoteName[]];

/** Folder of each remote in the workspace and under `/remotes/` on the server. */
export const REMOTE_FOLDERS = Object.fromEntries(REMOTE_APPS.map((app) => [app.name, app.folder])) as Record<
  RemoteName,
  string
>;

/**
 * Versions of the shared contracts and event bus this build was made with. A remote built against
 * another major of either is not loaded into this shell (see `buildSkew`).
 */
export const CONTRACTS_VERSION = '1.1.0';
export const BUS_VERSION = '1.1.0';

/** What a build states about itself, beside its `mf-manifest.json` (`BuildInfoSchema`). */
export const BUILD_INFO_FILE = 'registry-build.json';

const major = (version: string) => Number(version.split('.')[0]);

/** Why a remote built with `build` cannot run in this shell, or null when it can. */
export function buildSkew(build: { contracts: string; bus: string }): string | null {
  if (major(build.contracts) !== major(CONTRACTS_VERSION))
    return `it was built for contracts ${build.contracts}; this app runs contracts ${CONTRACTS_VERSION}`;
  if (major(build.bus) !== major(BUS_VERSION))
    return `it was built for event bus ${build.bus}; this app runs event bus ${BUS_VERSION}`;
  return null;
}

/** The container file every remote build writes; the shell loads it directly (no manifest fetch first). */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/**
 * The container address for a configured address: builds write `mf-manifest.json` beside
 * `remoteEntry.js`, so an address of the manifest (as configured before) names its entry too.
 */
export function remoteEntryAddress(address: string): string {
  return address.replace(/(^|\/)mf-manifest\.json(?=$|[?#])/, `$1${REMOTE_ENTRY_FILE}`);
}

/** What every remote exposes as `./pages`: page components keyed by page id. */
export const EXPOSED_PAGES_MODULE = './pages';

/** The element of the shell's HTML where the server writes the remotes list `/remotes.json` would give. */
export const REMOTES_LIST_ELEMENT = 'remotes-list';
