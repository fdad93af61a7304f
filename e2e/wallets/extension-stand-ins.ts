import type { Page } from '@playwright/test';
import type { ReferenceWallet } from './reference-wallet';

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
