import type { WalletName } from '@registry/contracts/bus-events';
import type { WalletPort } from './wallet-port';

/** Each adapter is its own chunk, fetched only when its button is pressed. */
export async function loadWallet(name: WalletName, options: { baseUrl?: string } = {}): Promise<WalletPort> {
  switch (name) {
    case 'Local Wallet': {
      const { LocalWallet } = await import('./local-wallet');
      return new LocalWallet(options);
    }
    default:
      throw new Error(`${name} is not available in this build`);
  }
}
