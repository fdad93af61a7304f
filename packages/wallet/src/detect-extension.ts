import type { WalletName } from '@registry/contracts/bus-events';
import { waitFor } from './wait-for';
import { EXTENSION_DETECT_TIMEOUT_MS } from './wallet-connect-options';

/*
 * Whether a wallet's browser extension is there, without loading its library or the SDK: the Connect
 * Wallet modal asks before anything heavy is fetched.
 */

export const HASHPACK_INSTALL_URL = 'https://www.hashpack.app/download';

/** HashPack's extension answers HashConnect's query message; nothing answers when it is missing. */
export function detectHashPack(
  timeoutMs = EXTENSION_DETECT_TIMEOUT_MS,
  target: Window = window,
): Promise<boolean> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'hashconnect-query-extension-response')
        finish(true);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(found: boolean) {
      clearTimeout(timer);
      target.removeEventListener('message', onMessage);
      resolve(found);
    }
    target.addEventListener('message', onMessage);
    target.postMessage({ type: 'hashconnect-query-extension' }, '*');
  });
}

export const BLADE_INSTALL_URL = 'https://bladewallet.io/';

/** The Blade extension publishes `window.bladeConnect`. */
export function detectBlade(
  timeoutMs = EXTENSION_DETECT_TIMEOUT_MS,
  target: { bladeConnect?: unknown } = window,
): Promise<boolean> {
  return waitFor(() => Boolean(target.bladeConnect), timeoutMs);
}

/** The extension of a WalletConnect wallet: whether it is installed, and where to get it. */
export const EXTENSIONS: Record<
  Exclude<WalletName, 'Local Wallet' | 'WalletConnect'>,
  { detect: () => Promise<boolean>; installUrl: string }
> = {
  Hashpack: { detect: () => detectHashPack(), installUrl: HASHPACK_INSTALL_URL },
  Blade: { detect: () => detectBlade(), installUrl: BLADE_INSTALL_URL },
};
