// One webpack configuration for the shell and every remote, so they share the same singletons.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import TerserPlugin from 'terser-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { tsImport } from 'tsx/esm/api';

const WORKSPACE_VERSION = '0.1.0';
const require = createRequire(import.meta.url);
const CONTRACTS_SRC = fileURLToPath(new URL('../../contracts/src', import.meta.url));
const WALLET_DIR = fileURLToPath(new URL('../../wallet', import.meta.url));
/** The one HTML page of every app (the shell, and each remote mounted alone). */
const HTML_TEMPLATE = fileURLToPath(new URL('./index.html', import.meta.url));

/** The apps' list lives in the contracts (TypeScript), read here through tsx. */
async function appsList() {
  const { REMOTE_APPS, SHELL_APP } = await tsImport('@registry/contracts/remotes', import.meta.url);
  return { remotes: REMOTE_APPS, shell: SHELL_APP };
}

/** The config of the remote whose webpack.config.mjs is at `configUrl`: name, port and title from the list. */
export function createRemoteConfig(configUrl) {
  const appDir = fileURLToPath(new URL('.', configUrl));
  return async (env, argv) => {
    const { remotes } = await appsList();
    const app = remotes.find((each) => each.folder === path.basename(appDir));
    // A copy of a remote built elsewhere (the build-isolation check) is the remote its package names.
    const named = app ?? remotes.find((each) => each.folder === readPackageName(appDir));
    if (!named) throw new Error(`${appDir} is not one of the remotes in @registry/contracts/remotes`);
    return createAppConfig({
      appDir,
      name: named.name,
      kind: 'remote',
      exposes: { './pages': './src/pages.tsx' },
      devPort: named.devPort,
      title: named.title,
    })(env, argv);
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

/** Every module of `@registry/contracts` (one file each, no barrel). */
function contractsModules() {
  return readdirSync(CONTRACTS_SRC)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => `@registry/contracts/${file.slice(0, -3)}`);
}

const UI_SRC = fileURLToPath(new URL('../../ui/src', import.meta.url));

/** Every piece of the UI kit, each its own shared module: a page pays only for the pieces it uses. */
function uiModules() {
  return readdirSync(UI_SRC)
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .map((file) => `@registry/ui/${file.slice(0, -4)}`);
}

const PAID_FLOW_SRC = fileURLToPath(new URL('../../paid-flow/src', import.meta.url));

/** The one paid flow (its hook and runner) is shared like the stores. */
function paidFlowModules() {
  return readdirSync(PAID_FLOW_SRC)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => `@registry/paid-flow/${file.slice(0, -3)}`);
}

/** Libraries that must exist once per page: React state, router context, stores and the bus. */
export function sharedSingletons(appDir) {
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const deps = { ...pkg.dependencies };
  const library = (name, from = name) => ({ singleton: true, requiredVersion: deps[from] ?? false });
  const workspace = () => ({ singleton: true, requiredVersion: false, version: WORKSPACE_VERSION });
  return {
    react: library('react'),
    'react/jsx-runtime': library('react/jsx-runtime', 'react'),
    'react-dom': library('react-dom'),
    'react-dom/client': library('react-dom/client', 'react-dom'),
    'react-router-dom': library('react-router-dom'),
    'react-router': library('react-router', 'react-router-dom'),
    zustand: library('zustand'),
    '@registry/bus': workspace(),
    // One client (and one copy of the validation library it parses with) for the shell and every remote.
    '@registry/api-client/client': workspace(),
    // The stores the shell owns and remotes read: one instance per page.
    '@registry/cart/cart-store': workspace(),
    '@registry/wallet/wallet-session': workspace(),
    ...Object.fromEntries(contractsModules().map((name) => [name, workspace()])),
    ...Object.fromEntries(uiModules().map((name) => [name, workspace()])),
    ...Object.fromEntries(paidFlowModules().map((name) => [name, workspace()])),
  };
}

/**
 * @param {object} options
 * @param {string} options.appDir       folder of the app (holds package.json and src/)
 * @param {string} options.name         Module Federation name
 * @param {'host' | 'remote'} options.kind
 * @param {Record<string, string>} [options.exposes]
 * @param {number} options.devPort
 * @param {string} options.title        title of the standalone page
 * @param {string} [options.outDir]     build output (defaults to dist/; BUILD_OUT_DIR overrides)
 */
export function createAppConfig({ appDir, name, kind, exposes = {}, devPort, title, outDir }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const isHost = kind === 'host';
    const outputPath = path.resolve(appDir, process.env.BUILD_OUT_DIR || outDir || 'dist');
    // `output.clean` empties this folder: never let it be the app itself or one of its parents.
    if (!path.relative(outputPath, appDir).startsWith('..')) {
      throw new Error(`Refusing to build into ${outputPath}: it would erase ${appDir}`);
    }
    return {
      mode: production ? 'production' : 'development',
      context: appDir,
      entry: { main: './src/index.ts' },
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: outputPath,
        // Entry files keep stable names (the federation runtime cannot hash them); chunks are hashed.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        publicPath: isHost ? '/' : 'auto',
        uniqueName: `registry_${name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: hederaSdkAliases(),
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  target: 'es2020',
                  transform: { react: { runtime: 'automatic', development: !production } },
                },
              },
            },
          },
          { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
          { test: /\.(png|svg|jpe?g|gif|webp)$/, type: 'asset' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
          shared: sharedSingletons(appDir),
          manifest: isHost ? false : { fileName: 'mf-manifest.json' },
          dts: false,
        }),
        // Wallet libraries use Node's Buffer and process; only modules that mention them get these.
        new webpack.ProvidePlugin({
          Buffer: [require.resolve('buffer/'), 'Buffer'],
          process: require.resolve('process/browser'),
        }),
        new HtmlWebpackPlugin({
          template: HTML_TEMPLATE,
          title,
          chunks: ['main'],
        }),
      ],
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
      devServer: {
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
