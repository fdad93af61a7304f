import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
// Kept in the environment so the test workers find the server's mail folder (DATA_DIR/mail).
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'registry-e2e-')));
/** A second server set up for the Hedera network (unreachable here) to test HashPack and Blade. */
export const hederaPort = port + 1;
/**
 * A third server whose rate journeys move the HBAR rate: prices on the shared server stay put for
 * the journeys running beside them. It reads the rate on every price (no cache).
 */
export const ratePort = port + 2;
const rateDataDir = mkdtempSync(path.join(tmpdir(), 'registry-e2e-rate-'));
/** A fourth server whose remotes the release journeys switch, away from the journeys beside them. */
export const releasePort = port + 3;
export const releaseDataDir = (process.env.E2E_RELEASE_DATA_DIR ??= mkdtempSync(
  path.join(tmpdir(), 'registry-e2e-release-'),
));
/** The release server's deploy token, made for this run. */
export const deployToken = (process.env.E2E_DEPLOY_TOKEN ??= `e2e-${generateKeyPairSync('ed25519')
  .publicKey.export({ format: 'der', type: 'spki' })
  .toString('hex')}`);
const hederaDataDir = mkdtempSync(path.join(tmpdir(), 'registry-e2e-hedera-'));
/** A throwaway operator key made for this run: it controls no account. */
const throwawayOperatorKey = generateKeyPairSync('ed25519')
  .privateKey.export({ format: 'der', type: 'pkcs8' })
  .toString('hex');

/**
 * A fifth server in the real-network mode (LEDGER=hedera) on a local Hedera network of its own
 * (`npx local-ledger`, reached over gRPC and its mirror REST only), for the wallets that pair through
 * WalletConnect: HashPack, Blade and any HIP-820 wallet.
 */
export const realNetwork = {
  port: port + 4,
  ledgerPort: port + 5,
  grpcPort: port + 6,
  mirrorPort: port + 7,
  /** The local network's genesis account 0.0.2 is the registry's operator and treasury there. */
  genesisKey: (process.env.E2E_GENESIS_KEY ??= generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'der', type: 'pkcs8' })
    .toString('hex')),
};
const realNetworkDataDir = mkdtempSync(path.join(tmpdir(), 'registry-e2e-real-network-'));

/**
 * A sixth server configured as on testnet (HEDERA_NETWORK=testnet: the page is told `testnet`, wallets
 * are asked for `hedera:testnet`), with the network's endpoints replaced by a local network of its own
 * (HEDERA_NODES, MIRROR_NODE_URL): HashPack and Blade, which know no local network, are tried there.
 */
export const testnetStandIn = {
  port: port + 8,
  ledgerPort: port + 9,
  mirrorPort: port + 10,
  /** Seven consensus nodes, 0.0.3 to 0.0.9 as on testnet, on consecutive ports from this one. */
  grpcPort: port + 11,
  nodes: 7,
  genesisKey: (process.env.E2E_TESTNET_GENESIS_KEY ??= generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'der', type: 'pkcs8' })
    .toString('hex')),
};
/** Its nodes as `host:port` and node account, 0.0.3 onwards. */
export function testnetStandInNodes(): [string, string][] {
  return Array.from({ length: testnetStandIn.nodes }, (_, index) => [
    `127.0.0.1:${testnetStandIn.grpcPort + index}`,
    `0.0.${3 + index}`,
  ]);
}
const testnetStandInDataDir = mkdtempSync(path.join(tmpdir(), 'registry-e2e-testnet-stand-in-'));

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node --enable-source-maps ../server/dist/main.js',
      url: `http://localhost:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Every journey opens its own Local Wallet from this one client.
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_FAUCET: '10000',
        // Every journey signs its own wallet in from this one client.
        RATE_LIMIT_SIGN_IN: '10000',
        RATE_LIMIT_SEARCH: '10000',
        // Every journey's browser quotes from this machine, and fixtures buy a dozen names for one account.
        RATE_LIMIT_QUOTE: '10000',
        RATE_LIMIT_QUOTE_ADDRESS: '10000',
        HELD_NAMES_PER_ACCOUNT: '10000',
        HELD_NAMES_PER_ADDRESS: '10000',
        // Due expiry reminders are looked for every 2 s instead of every 10 minutes.
        REMINDER_SWEEP_MS: '2000',
        // The search remote is deployed on another origin, as a separately deployed remote would be.
        REMOTE_URL_SEARCH: `http://127.0.0.1:${port}/remotes/mfe-search/remoteEntry.js`,
      },
    },
    {
      command: 'node --enable-source-maps ../server/dist/main.js',
      url: `http://localhost:${hederaPort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(hederaPort),
        DATA_DIR: hederaDataDir,
        LOG_LEVEL: 'error',
        LEDGER: 'hedera',
        HEDERA_NETWORK: 'testnet',
        HEDERA_OPERATOR_ID: '0.0.4321',
        HEDERA_OPERATOR_KEY: throwawayOperatorKey,
        MIRROR_NODE_URL: 'http://127.0.0.1:9',
        WALLETCONNECT_PROJECT_ID: 'e2e-project-id',
      },
    },
    {
      command: 'node --enable-source-maps ../server/dist/main.js',
      url: `http://localhost:${ratePort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(ratePort),
        DATA_DIR: rateDataDir,
        LOG_LEVEL: 'error',
        RATE_CACHE_MS: '0',
        RATE_LIMIT_SEARCH: '10000',
        // Every journey's browser quotes from this machine, and fixtures buy a dozen names for one account.
        RATE_LIMIT_QUOTE: '10000',
        RATE_LIMIT_QUOTE_ADDRESS: '10000',
        HELD_NAMES_PER_ACCOUNT: '10000',
        HELD_NAMES_PER_ADDRESS: '10000',
      },
    },
    {
      command: 'node --enable-source-maps ../server/dist/main.js',
      url: `http://localhost:${releasePort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(releasePort),
        DATA_DIR: releaseDataDir,
        LOG_LEVEL: 'error',
        DEPLOY_TOKEN: deployToken,
        // Canaries are judged every second, and every journey's browser reports from this one machine.
        CANARY_JUDGE_MS: '1000',
        RATE_LIMIT_REMOTE_HEALTH: '10000',
      },
    },
    {
      command: [
        'node ../packages/local-ledger/bin/local-ledger.mjs',
        `--port ${realNetwork.ledgerPort} --grpc-port ${realNetwork.grpcPort}`,
        `--mirror-port ${realNetwork.mirrorPort} --mirror-grpc-port 0 --genesis-key ${realNetwork.genesisKey}`,
      ].join(' '),
      url: `http://127.0.0.1:${realNetwork.ledgerPort}/ledger/api/v1/network/exchangerate`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'node --enable-source-maps ../server/dist/main.js',
      url: `http://localhost:${realNetwork.port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(realNetwork.port),
        DATA_DIR: realNetworkDataDir,
        LOG_LEVEL: 'error',
        LEDGER: 'hedera',
        HEDERA_NETWORK: 'local',
        HEDERA_NODES: `127.0.0.1:${realNetwork.grpcPort}=0.0.3`,
        HEDERA_OPERATOR_ID: '0.0.2',
        HEDERA_OPERATOR_KEY: realNetwork.genesisKey,
        MIRROR_NODE_URL: `http://127.0.0.1:${realNetwork.mirrorPort}`,
        WALLETCONNECT_PROJECT_ID: 'e2e-project-id',
        RATE_LIMIT_SIGN_IN: '10000',
        RATE_LIMIT_SEARCH: '10000',
        // Every journey's browser quotes from this machine, and fixtures buy a dozen names for one account.
        RATE_LIMIT_QUOTE: '10000',
        RATE_LIMIT_QUOTE_ADDRESS: '10000',
        HELD_NAMES_PER_ACCOUNT: '10000',
        HELD_NAMES_PER_ADDRESS: '10000',
        // A quote lapses while a test's wallet holds the payment; a payment after it is still taken
        // while its names are free, so the other journeys are not hurried.
        QUOTE_TTL_MS: '20000',
      },
    },
    {
      command: [
        'node ../packages/local-ledger/bin/local-ledger.mjs',
        `--port ${testnetStandIn.ledgerPort} --grpc-port ${testnetStandIn.grpcPort}`,
        `--nodes ${testnetStandIn.nodes}`,
        `--mirror-port ${testnetStandIn.mirrorPort} --mirror-grpc-port 0 --genesis-key ${testnetStandIn.genesisKey}`,
      ].join(' '),
      url: `http://127.0.0.1:${testnetStandIn.ledgerPort}/ledger/api/v1/network/exchangerate`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'node --enable-source-maps ../server/dist/main.js',
      url: `http://localhost:${testnetStandIn.port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(testnetStandIn.port),
        DATA_DIR: testnetStandInDataDir,
        LOG_LEVEL: 'error',
        LEDGER: 'hedera',
        HEDERA_NETWORK: 'testnet',
        HEDERA_NODES: testnetStandInNodes()
          .map(([address, id]) => `${address}=${id}`)
          .join(','),
        HEDERA_OPERATOR_ID: '0.0.2',
        HEDERA_OPERATOR_KEY: testnetStandIn.genesisKey,
        MIRROR_NODE_URL: `http://127.0.0.1:${testnetStandIn.mirrorPort}`,
        WALLETCONNECT_PROJECT_ID: 'e2e-project-id',
        RATE_LIMIT_SIGN_IN: '10000',
        RATE_LIMIT_SEARCH: '10000',
        // Every journey's browser quotes from this machine, and fixtures buy a dozen names for one account.
        RATE_LIMIT_QUOTE: '10000',
        RATE_LIMIT_QUOTE_ADDRESS: '10000',
        HELD_NAMES_PER_ACCOUNT: '10000',
        HELD_NAMES_PER_ADDRESS: '10000',
      },
    },
  ],
});
