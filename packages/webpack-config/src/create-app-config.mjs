// One webpack configuration for the shell and every remote, so they share the same singletons.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack from 'webpack';
import TerserPlugin from 'terser-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { tsImport } from 'tsx/esm/api';
import { ModuleReportPlugin } from './module-report-plugin.mjs';

const WORKSPACE_VERSION = '0.1.0';
const require = createRequire(import.meta.url);
const CONTRACTS_SRC = fileURLToPath(new URL('../../contracts/src', import.meta.url));
const WALLET_DIR = fileURLToPath(new URL('../../wallet', import.meta.url));
/** Where a remote states what it was built with; the shell refuses one of another major. */
const BUILD_INFO_FILE = 'registry-build.json';
const versionOf = (pkg) =>
  JSON.parse(readFileSync(new URL(`../../${pkg}/package.json`, import.meta.url), 'utf8')).version;

/** Writes BUILD_INFO_FILE beside the remote's mf-manifest.json. */
class BuildInfoPlugin {
  apply(compiler) {
    const info = JSON.stringify({ contracts: versionOf('contracts'), bus: versionOf('bus') });
    compiler.hooks.thisCompilation.tap('BuildInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildInfoPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset(BUILD_INFO_FILE, new webpack.sources.RawSource(info)),
      );
    });
  }
}

const PROP_TYPES_NOOP = fileURLToPath(new URL('./prop-types-noop.mjs', import.meta.url));

/** The one HTML page of every app (the shell, and each remote mounted alone). */
const HTML_TEMPLATE = fileURLToPath(new URL('./index.html', import.meta.url));
/** Where a remote's standalone page is built, inside its dist folder. */
const STANDALONE_DIR = 'standalone';
/** Scripts other sites include (`<script src>` + an element): one file each, no federation. */
const EMBED_DIR = 'embed';

/**
 * Production builds also write each text file gzip- and brotli-compressed beside it: the server sends
 * those as they are (no compression per request), so pages download a third of the bytes.
 */
function precompressed(production) {
  if (!production) return [];
  const test = /\.(js|css|html|json|svg)$/;
  return [
    new CompressionPlugin({
      test,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      threshold: 1024,
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      test,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      threshold: 1024,
      minRatio: 0.9,
    }),
  ];
}

/** The apps' list lives in the contracts (TypeScript), read here through tsx. */
async function appsList() {
  const { REMOTE_APPS, SHELL_APP } = await tsImport('@registry/contracts/remotes', import.meta.url);
  return { remotes: REMOTE_APPS, shell: SHELL_APP };
}

/** The config of the remote whose webpack.config.mjs is at `configUrl`: name, port and title from the list. */
/**
 * @param {string} configUrl
 * @param {{ embeds?: Record<string, string> }} [options]
 *   embeds: file name under dist/embed/ → entry module, each built as one self-contained script
 */
export function createRemoteConfig(configUrl, { embeds = {} } = {}) {
  const appDir = fileURLToPath(new URL('.', configUrl));
  return async (env, argv) => {
    const { remotes } = await appsList();
    const app = remotes.find((each) => each.folder === path.basename(appDir));
    // A copy of a remote built elsewhere (the build-isolation check) is the remote its package names.
    const named = app ?? remotes.find((each) => each.folder === readPackageName(appDir));
    if (!named) throw new Error(`${appDir} is not one of the remotes in @registry/contracts/remotes`);
    const options = { appDir, name: named.name, devPort: named.devPort, title: named.title };
    // Two builds: the federated remote the shell loads, and the same pages mounted alone (no shell, no
    // federation) under standalone/ for working on the remote by itself.
    return [
      createAppConfig({ ...options, kind: 'remote', exposes: { './pages': './src/pages.tsx' } })(env, argv),
      createAppConfig({ ...options, kind: 'standalone' })(env, argv),
      ...Object.entries(embeds).map(([fileName, entry]) =>
        createEmbedConfig({ appDir, name: named.name, fileName, entry })(env, argv),
      ),
    ];
  };
}

/** TypeScript (and TSX) of the workspace through swc, with these compiler options. */
const typescriptRule = (jsc) => ({
  test: /\.[cm]?tsx?$/,
  exclude: /node_modules/,
  use: { loader: require.resolve('swc-loader'), options: { jsc } },
});

/**
 * A script another site includes with one tag: a single file (its lazy imports folded in), no
 * federation, no shared modules, no HTML, so it loads nothing but itself and calls the server it came
 * from.
 */
function createEmbedConfig({ appDir, name, fileName, entry }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      name: `${name}-embed-${fileName}`,
      mode: production ? 'production' : 'development',
      context: appDir,
      entry: { [fileName.replace(/\.js$/, '')]: entry },
      // Hidden maps feed the module report and are not emitted.
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.resolve(appDir, process.env.BUILD_OUT_DIR || 'dist', EMBED_DIR),
        filename: fileName,
        uniqueName: `registry_${name}_embed`,
        publicPath: 'auto',
        // The federated build's clean leaves this folder alone; each build overwrites its one file.
        clean: false,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
      module: {
        rules: [typescriptRule({ parser: { syntax: 'typescript' }, target: 'es2020' })],
      },
      plugins: [
        new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
        ...precompressed(production),
        production
          ? new ModuleReportPlugin({ appDir, report: `embed-${fileName.replace(/\.js$/, '')}` })
          : null,
      ].filter(Boolean),
      optimization: {
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
      },
      performance: { hints: false },
    };
  };
}

export function createShellConfig(configUrl) {
  const appDir = fileURLToPath(new URL('.', configUrl));
  return async (env, argv) => {
    const { shell } = await appsList();
    return createAppConfig({
      appDir,
      name: shell.name,
      kind: 'host',
      devPort: shell.devPort,
      title: shell.title,
    })(env, argv);
  };
}

function readPackageName(appDir) {
  return JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')).name;
}

/**
 * One copy of the Hedera SDK in every bundle: wallet libraries that pin an older SDK (hashconnect) get
 * the workspace's browser build, and the renamed proto package stands in for the old one.
 */
function hederaSdkAliases() {
  const fromWallet = createRequire(path.join(WALLET_DIR, 'package.json'));
  return {
    '@hashgraph/sdk$': path.join(
      path.dirname(fromWallet.resolve('@hashgraph/sdk/package.json')),
      'lib',
      'browser.js',
    ),
    '@hashgraph/proto$': fromWallet.resolve('@hiero-ledger/proto'),
  };
}

/**
 * The shell hands its federation runtime to the remotes (`provideExternalRuntime`) through a runtime
 * plugin that is required as CommonJS; pointing it at the ES build keeps one copy of the runtime.
 */
function federationRuntimeAliases() {
  const fromEnhanced = createRequire(require.resolve('@module-federation/enhanced'));
  const fromTools = createRequire(fromEnhanced.resolve('@module-federation/runtime-tools'));
  const runtimeCjs = createRequire(fromTools.resolve('@module-federation/runtime')).resolve(
    '@module-federation/runtime/core',
  );
  const coreEsm = path.join(path.dirname(runtimeCjs), 'core.js');
  return {
    '@module-federation/runtime-tools/runtime-core$': coreEsm,
    '@module-federation/runtime/core$': coreEsm,
  };
}

/** Every module of `@registry/contracts` (one file each, no barrel). */
function contractsModules() {
  return readdirSync(CONTRACTS_SRC)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => `@registry/contracts/${file.slice(0, -3)}`);
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
const SHELL_FRAME_MODULES = new Set([
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'zustand',
  '@registry/bus',
  '@registry/api-client/client',
  '@registry/cart/cart-store',
  '@registry/wallet/wallet-session',
  '@registry/contracts/account',
  '@registry/contracts/api-error',
  '@registry/contracts/auth',
  '@registry/contracts/bus-events',
  '@registry/contracts/domain-name',
  '@registry/contracts/domains',
  '@registry/contracts/network',
  '@registry/contracts/pricing',
  '@registry/contracts/remotes',
  '@registry/contracts/routes',
  '@registry/contracts/tld',
  '@registry/ui/button',
  '@registry/ui/spinner',
  // The kit's small pieces that nearly every page shows: cheaper inside the entry than a request each.
  '@registry/ui/add-to-cart-button',
  '@registry/ui/app-link',
  '@registry/ui/badge',
  '@registry/ui/card',
  '@registry/ui/empty-state',
  '@registry/ui/page-heading',
  '@registry/ui/pagination',
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

/**
 * @param {object} options
 * @param {string} options.appDir       folder of the app (holds package.json and src/)
 * @param {string} options.name         Module Federation name
 * @param {'host' | 'remote' | 'standalone'} options.kind
 *   host: the shell; remote: the federated container only, on the shell's federation runtime;
 *   standalone: a remote's pages as a page of their own, without federation
 * @param {Record<string, string>} [options.exposes]
 * @param {number} options.devPort
 * @param {string} options.title        title of the standalone page
 * @param {string} [options.outDir]     build output (defaults to dist/; BUILD_OUT_DIR overrides)
 */
export function createAppConfig({ appDir, name, kind, exposes = {}, devPort, title, outDir }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const isHost = kind === 'host';
    const isStandalone = kind === 'standalone';
    const distPath = path.resolve(appDir, process.env.BUILD_OUT_DIR || outDir || 'dist');
    const outputPath = isStandalone ? path.join(distPath, STANDALONE_DIR) : distPath;
    // `output.clean` empties this folder: never let it be the app itself or one of its parents.
    if (!path.relative(outputPath, appDir).startsWith('..')) {
      throw new Error(`Refusing to build into ${outputPath}: it would erase ${appDir}`);
    }
    return {
      mode: production ? 'production' : 'development',
      context: appDir,
      // The federated remote's only entry is its container (remoteEntry.js).
      entry: kind === 'remote' ? {} : { main: './src/index.ts' },
      // Hidden maps feed the module report (what the product serves) and are not emitted.
      devtool: production ? (isStandalone ? false : 'hidden-source-map') : 'eval-cheap-module-source-map',
      output: {
        path: outputPath,
        // Entry files keep stable names (the federation runtime cannot hash them); chunks are hashed.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        // The standalone page's dev server answers every path with it: its scripts are addressed from the root.
        publicPath: isHost || (isStandalone && !production) ? '/' : 'auto',
        uniqueName: isStandalone ? `registry_${name}_standalone` : `registry_${name}`,
        clean:
          kind === 'remote'
            ? { keep: (file) => file.startsWith(STANDALONE_DIR) || file.startsWith(EMBED_DIR) }
            : true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: {
          ...hederaSdkAliases(),
          ...federationRuntimeAliases(),
          ...(production ? { 'prop-types$': PROP_TYPES_NOOP } : {}),
        },
      },
      module: {
        rules: [
          typescriptRule({
            parser: { syntax: 'typescript', tsx: true },
            target: 'es2020',
            transform: { react: { runtime: 'automatic', development: !production } },
          }),
          // Style sheets are files of their own, not JavaScript: they load in parallel and cost no script time.
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] },
          { test: /\.(png|svg|jpe?g|gif|webp)$/, type: 'asset' },
        ],
      },
      plugins: [
        isStandalone
          ? null
          : new ModuleFederationPlugin({
              name,
              ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
              shared: sharedSingletons(appDir, kind),
              // Take the singletons already loaded (the shell's) instead of first loading every remote's
              // entry to compare versions: a page downloads only the remotes it shows.
              shareStrategy: 'loaded-first',
              manifest: isHost ? false : { fileName: 'mf-manifest.json' },
              dts: false,
              experiments: {
                // One federation runtime per page: the shell's, handed to every remote it loads.
                ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
                // Browser only: the runtime's Node loading code is left out.
                optimization: { target: 'web' },
              },
            }),
        // Wallet libraries use Node's Buffer: only modules that mention it get it. Their global
        // `process` is set up when a wallet loads (`load-wallet.ts`): React and the federation
        // runtime only test for it, and must not pull a shim into every page.
        new webpack.ProvidePlugin({ Buffer: [require.resolve('buffer/'), 'Buffer'] }),
        new MiniCssExtractPlugin({
          filename: '[name].css',
          chunkFilename: '[name].[contenthash:8].css',
        }),
        kind === 'remote'
          ? null
          : new HtmlWebpackPlugin({
              template: HTML_TEMPLATE,
              title,
              chunks: ['main'],
            }),
        kind === 'remote' ? new BuildInfoPlugin() : null,
        ...precompressed(production),
        // What the product serves (not the standalone page) is reported for the page figures.
        production && !isStandalone ? new ModuleReportPlugin({ appDir, report: kind }) : null,
      ].filter(Boolean),
      optimization: {
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
      },
      performance: { hints: false },
      // protobufjs probes for optional modules with a dynamic require; harmless in the browser.
      // hedera-wallet-connect ships a prebundled file with its own require shim.
      ignoreWarnings: [
        { module: /@protobufjs[\\/]inquire/ },
        { module: /hedera-wallet-connect[\\/]dist[\\/]browser-esm/ },
      ],
      stats: 'errors-warnings',
      // One dev server per remote: the federated build's, which also serves the standalone page.
      devServer: isStandalone
        ? undefined
        : {
            port: devPort,
            historyApiFallback: true,
            hot: false,
            headers: { 'Access-Control-Allow-Origin': '*' },
            ...(isHost
              ? {
                  proxy: [
                    {
                      context: ['/api', '/remotes.json', '/remotes', '/ledger', '/healthz'],
                      target: process.env.API_ORIGIN ?? 'http://localhost:8080',
                    },
                  ],
                }
              : {}),
          },
    };
  };
}
