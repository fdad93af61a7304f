import type { LedgerInfo } from '@registry/contracts/network';

/** What the WalletConnect-based adapters need, from the server's /api/ledger-info. */
/** A Hedera network as the SDK names it (`local-node`: a local network, WalletConnect's `hedera:devnet`). */
export type HederaNetworkName = 'testnet' | 'mainnet' | 'local-node';

/** The CAIP-2 chain of a network, as WalletConnect wallets name it. */
export const CHAIN_OF: Record<HederaNetworkName, string> = {
  testnet: 'hedera:testnet',
  mainnet: 'hedera:mainnet',
  'local-node': 'hedera:devnet',
};

/** The server's ledger takes WalletConnect wallets (the Hedera network, or a local Hedera network). */
export const isHederaNetwork = (network: string | undefined): network is HederaNetworkName =>
  network !== undefined && network in CHAIN_OF;

/** What the WalletConnect-based wallets need of the server's ledger; undefined off the Hedera network. */
export function walletConnectOptionsOf(
  ledger: Pick<LedgerInfo, 'network' | 'walletConnectProjectId' | 'mirrorNodeUrl'> | null,
): WalletConnectOptions | undefined {
  if (!ledger || !isHederaNetwork(ledger.network)) return undefined;
  return {
    projectId: ledger.walletConnectProjectId,
    network: ledger.network,
    mirrorNodeUrl: ledger.mirrorNodeUrl,
  };
}

export type WalletConnectOptions = {
  projectId: string | null;
  network: HederaNetworkName;
  mirrorNodeUrl: string;
  /** Extension detection gives up after this (spec: 2 s). */
  detectTimeoutMs?: number;
};

export const EXTENSION_DETECT_TIMEOUT_MS = 2000;

export const APP_METADATA = {
  name: 'Hedera Domains',
  description: 'Search, buy and manage web3 domain names on Hedera',
  icons: [] as string[],
  url: globalThis.location?.origin ?? 'http://localhost:8080',
};

export class WalletConnectNotConfiguredError extends Error {
  constructor(walletName: string) {
    super(`${walletName} needs a WalletConnect project id (WALLETCONNECT_PROJECT_ID) on the server`);
    this.name = 'WalletConnectNotConfiguredError';
  }
}
