// One webpack configuration for the shell and every remote, so they share the same singletons.
import { readFileSync } from 'node:fs';
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
import { federationRuntimeAliases, hederaSdkAliases } from './aliases.mjs';
import { FirstLoadPlugin } from './first-load-plugin.mjs';
import { ModuleReportPlugin } from './module-report-plugin.mjs';
import { sharedSingletons } from './shared-singletons.mjs';

const require = createRequire(import.meta.url);
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

/**
 * swc's minifier; three compress passes find what one pass opens up (inlined constants, then dead
 * branches): about 0.2 KB gzip off the search page's first load for a few seconds of build.
 */
const minifier = () =>
  new TerserPlugin({
    minify: TerserPlugin.swcMinify,
    terserOptions: { compress: { passes: 3 } },
    extractComments: false,
  });

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
        minimizer: [minifier()],
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
                // Browser only: the runtime's Node loading code is left out. The shell registers each
                // remote by its remoteEntry.js, so the manifest-reading (snapshot) code is left out too.
                optimization: { target: 'web', ...(isHost ? { disableSnapshot: true } : {}) },
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
        isStandalone ? null : new FirstLoadPlugin({ kind }),
        ...precompressed(production),
        // What the product serves (not the standalone page) is reported for the page figures.
        production && !isStandalone ? new ModuleReportPlugin({ appDir, report: kind }) : null,
      ].filter(Boolean),
      optimization: {
        minimizer: [minifier()],
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
