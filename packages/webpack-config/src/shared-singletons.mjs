// The modules the shell provides once per page and every remote takes from it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WORKSPACE_VERSION = '0.1.0';
const CONTRACTS_SRC = fileURLToPath(new URL('../../contracts/src', import.meta.url));

/**
 * Modules of plain constants, with no state and nothing to keep once per page: each bundle that uses
 * them carries its own few bytes, cheaper than a shared module's registration in every entry.
 */
export const UNSHARED_CONTRACTS = new Set([
  '@registry/contracts/status-codes',
  '@registry/contracts/remote-health',
  // The pages' fixed titles: a remote draws its own copy even in a shell built before a title changed.
  '@registry/contracts/page-headings',
]);

/**
 * Modules no page imports (the server, the journal and the audit read them): shared, they would only
 * add their registration to every entry.
 */
const SERVER_ONLY_CONTRACTS = new Set([
  '@registry/contracts/journal',
  '@registry/contracts/discounts',
  '@registry/contracts/similarity',
]);

/** Every module of `@registry/contracts` (one file each, no barrel) but the unshared and server-only ones. */
function contractsModules() {
  return readdirSync(CONTRACTS_SRC)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => `@registry/contracts/${file.slice(0, -3)}`)
    .filter((name) => !UNSHARED_CONTRACTS.has(name) && !SERVER_ONLY_CONTRACTS.has(name));
}

const UI_SRC = fileURLToPath(new URL('../../ui/src', import.meta.url));

/**
 * Every piece of the UI kit, each its own shared module: a page pays only for the pieces it uses.
 * The standalone mount is not one: it runs only when a remote is opened alone, with its own router.
 */
function uiModules() {
  return readdirSync(UI_SRC)
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .filter((file) => file !== 'mount-standalone.tsx')
    .map((file) => `@registry/ui/${file.slice(0, -4)}`);
}

const PAID_FLOW_SRC = fileURLToPath(new URL('../../paid-flow/src', import.meta.url));

/** The one paid flow (its hook, runner and journal) is shared like the stores, through its entry point. */
const PAID_FLOW_MODULE = { name: '@registry/paid-flow', file: path.join(PAID_FLOW_SRC, 'index.ts') };

/**
 * The shared modules the shell's frame (header, wallet menu, cart, rate line, routes) imports, with
 * every shared module they import in turn (an eager module cannot wait for a lazy one).
 */
export const SHELL_FRAME_MODULES = new Set([
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'zustand',
  '@registry/bus',
  '@registry/api-client/client',
  '@registry/cart/cart-store',
  '@registry/wallet/wallet-session',
  // The answers the frame and the search page read are checked by compiled validators: no module of
  // the first load imports the schema library (the contracts' zod schemas load with their pages).
  '@registry/contracts/answer-checks',
  '@registry/contracts/bus-events',
  '@registry/contracts/domain-name',
  '@registry/contracts/pricing',
  '@registry/contracts/remotes',
  '@registry/contracts/routes',
  '@registry/ui/button',
  '@registry/ui/spinner',
  // The kit's small pieces that nearly every page shows: cheaper inside the entry than a request each.
  // (Pagination is not one: only signed-in lists page, and the search page's first load has none.)
  '@registry/ui/add-to-cart-button',
  '@registry/ui/app-link',
  '@registry/ui/badge',
  '@registry/ui/card',
  '@registry/ui/empty-state',
  '@registry/ui/page-heading',
]);

/**
 * Libraries that must exist once per page: React state, stores, the bus, the contracts, the UI kit and
 * the paid flow. The shell provides them all; a remote takes every one from the shell (`import: false`):
 * it bundles no copy of its own, so its entry lists no providers and carries no fallback chunks. The
 * router is one instance without being shared: it lives in the shell alone (remote pages get their
 * location as props and navigate through the bus), so the shell's copy is tree-shaken.
 */
export function sharedSingletons(appDir, kind = 'host') {
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const deps = { ...pkg.dependencies };
  const fromShell = kind === 'remote' ? { import: false } : {};
  // What the shell's own frame needs on every page is bundled into its entry (one file, one request);
  // the rest stays a chunk of its own, downloaded by the first page that uses it.
  const eager = (name) => (kind === 'host' && SHELL_FRAME_MODULES.has(name) ? { eager: true } : {});
  const library = (name, from = name) => ({
    singleton: true,
    requiredVersion: deps[from] ?? false,
    ...fromShell,
    ...eager(name),
  });
  const workspaceModule = (name) => ({
    singleton: true,
    requiredVersion: false,
    version: WORKSPACE_VERSION,
    ...fromShell,
    ...eager(name),
  });
  const packageModules = [
    ...workspaceModules(contractsModules(), CONTRACTS_SRC),
    ...workspaceModules(uiModules(), UI_SRC),
    PAID_FLOW_MODULE,
  ];
  return {
    react: library('react'),
    'react/jsx-runtime': library('react/jsx-runtime', 'react'),
    'react-dom': library('react-dom'),
    'react-dom/client': library('react-dom/client', 'react-dom'),
    zustand: library('zustand'),
    '@registry/bus': workspaceModule('@registry/bus'),
    // One client (and one copy of the validation library it parses with) for the shell and every remote.
    '@registry/api-client/client': workspaceModule('@registry/api-client/client'),
    // The stores the shell owns and remotes read: one instance per page.
    '@registry/cart/cart-store': workspaceModule('@registry/cart/cart-store'),
    '@registry/wallet/wallet-session': workspaceModule('@registry/wallet/wallet-session'),
    // The shell keys the packages' modules by file: webpack then provides every one (used by the shell
    // or not) and a neighbour's relative import (`./domains`) gets the shared instance, not a copy.
    // Remotes ask for them by package name.
    ...Object.fromEntries(
      packageModules.map(({ name, file }) =>
        kind === 'remote'
          ? [name, workspaceModule(name)]
          : [file, { ...workspaceModule(name), shareKey: name }],
      ),
    ),
  };
}

/** A package's modules: the name others import and the file it is. */
function workspaceModules(names, sourceDir) {
  const files = readdirSync(sourceDir);
  return names.map((name) => {
    const base = name.slice(name.lastIndexOf('/') + 1);
    return {
      name,
      file: path.join(
        sourceDir,
        files.find((each) => each === `${base}.ts` || each === `${base}.tsx`),
      ),
    };
  });
}
