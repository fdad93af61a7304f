import type { WalletName } from '@registry/contracts/bus-events';
import type { WalletConnectOptions } from './wallet-connect-options';
import type { WalletPort } from './wallet-port';

export type LoadWalletOptions = { baseUrl?: string; walletConnect?: WalletConnectOptions };

/**
 * The wallet libraries and the SDK were written for Node and read a global `process`: the browser
 * gets the standard shim before they load, so pages without a wallet never download it.
 */
async function provideProcess() {
  if ('process' in globalThis) return;
  const { default: process } = await import('process/browser');
  Object.assign(globalThis, { process });
}

/** Each adapter is its own chunk, fetched only when its button is pressed. */
export async function loadWallet(name: WalletName, options: LoadWalletOptions = {}): Promise<WalletPort> {
  await provideProcess();
  switch (name) {
    case 'Local Wallet': {
      const { LocalWallet } = await import('./local-wallet');
      return new LocalWallet(options);
    }
    case 'Hashpack': {
      if (!options.walletConnect) throw new Error('Hashpack needs the ledger settings');
      const { HashPackWallet } = await import('./hashpack-wallet');
      return new HashPackWallet(options.walletConnect);
    }
    case 'Blade': {
      if (!options.walletConnect) throw new Error('Blade needs the ledger settings');
      const { BladeWallet } = await import('./blade-wallet');
      return new BladeWallet(options.walletConnect);
    }
    case 'WalletConnect': {
      if (!options.walletConnect) throw new Error('WalletConnect needs the ledger settings');
      const { WalletConnectWallet } = await import(
        /* webpackChunkName: "wallet-walletconnect" */ './walletconnect-wallet'
      );
      return new WalletConnectWallet(options.walletConnect);
    }
  }
}
