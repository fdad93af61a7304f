import type { Page } from '@playwright/test';
import type { ReferenceWallet } from './reference-wallet';
import type { WalletConnectWallet } from './walletconnect-wallet';

/** What the stand-in extension says of itself when HashConnect asks (HashPack's own answer's shape). */
const HASHPACK_METADATA = {
  name: 'HashPack',
  description: 'HashPack extension stand-in: pairs the reference wallet',
  icons: [],
  url: 'https://www.hashpack.app',
};

/**
 * HashPack's browser extension as a page meets it: its content script answers HashConnect's
 * `hashconnect-query-extension` message, and when HashConnect hands it a pairing
 * (`hashconnect-connect-extension` with the WalletConnect URI) the extension pairs. Here the reference
 * wallet pairs in its place; everything after goes through the relay as with HashPack itself.
 * Answers the messages the page sent the extension, in order.
 */
export async function installHashPackStandIn(page: Page, wallet: ReferenceWallet) {
  const messages: string[] = [];
  await page.exposeBinding('__hashpackStandIn', async (_source, message: { type: string; uri?: string }) => {
    messages.push(message.type);
    if (message.type === 'hashconnect-connect-extension' && message.uri) await wallet.pair(message.uri);
  });
  await page.addInitScript((metadata) => {
    const notify = (message: object) =>
      (window as unknown as { __hashpackStandIn: (message: object) => Promise<void> }).__hashpackStandIn(
        message,
      );
    window.addEventListener('message', (event) => {
      if (event.source !== window) return;
      const data = event.data as { type?: unknown; pairingString?: unknown } | null;
      if (data?.type === 'hashconnect-query-extension') {
        void notify({ type: data.type });
        window.postMessage({ type: 'hashconnect-query-extension-response', metadata }, '*');
      }
      if (data?.type === 'hashconnect-connect-extension' && typeof data.pairingString === 'string')
        void notify({ type: data.type, uri: data.pairingString });
    });
  }, HASHPACK_METADATA);
  return messages;
}

/**
 * Blade's browser extension as blade-web3.js 1.3.1 finds it (`helpers/interface-helpers.js`): a
 * `window.bladeConnect` whose `pairWC(uri)` takes the WalletConnect pairing (the extension strategy
 * hands it over instead of showing a QR code) and whose `wake()` is called before each session. The
 * library looks for it only in a browser with `window.chrome` (Chromium's, where the extension lives).
 * Here the Blade stand-in pairs in the extension's place; everything after goes through the relay.
 * Answers the calls the page made on the extension, in order.
 */
export async function installBladeStandIn(page: Page, wallet: WalletConnectWallet) {
  const calls: string[] = [];
  await page.exposeBinding('__bladeStandIn', async (_source, call: { name: string; uri?: string }) => {
    calls.push(call.name);
    if (call.name === 'pairWC' && call.uri) await wallet.pair(call.uri);
  });
  await page.addInitScript(() => {
    const notify = (call: object) =>
      (window as unknown as { __bladeStandIn: (call: object) => Promise<void> }).__bladeStandIn(call);
    Object.assign(window, {
      bladeConnect: {
        pairWC: (uri: string) => notify({ name: 'pairWC', uri }),
        wake: async () => {
          await notify({ name: 'wake' });
          return true;
        },
      },
    });
  });
  return calls;
}
