// Module aliases every app's bundle needs: one Hedera SDK, one federation runtime.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const WALLET_DIR = fileURLToPath(new URL('../../wallet', import.meta.url));

/**
 * One copy of the Hedera SDK in every bundle: wallet libraries that pin an older SDK (hashconnect) get
 * the workspace's browser build, and the renamed proto package stands in for the old one.
 */
export function hederaSdkAliases() {
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
export function federationRuntimeAliases() {
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
