import { expect, type Page } from '@playwright/test';
import type { ReferenceWallet } from '../wallets/reference-wallet';
import { Header } from './header';
import { SearchPage } from './search-page';

/**
 * Opens the search page and connects: Connect Wallet → WalletConnect, the wallet scans the pairing
 * window's QR code, and the page shows its account once signed in.
 */
export async function openPaired(page: Page, wallet: ReferenceWallet) {
  const header = await scanPairingCode(page, wallet);
  await expect(header.accountId).toHaveText(wallet.accountId, { timeout: 30_000 });
  return { search: new SearchPage(page), header };
}

/** The search page, Connect Wallet → WalletConnect, and the wallet scanning the pairing window's QR code. */
export async function scanPairingCode(page: Page, wallet: ReferenceWallet) {
  await new SearchPage(page).goto();
  const header = new Header(page);
  await header.connectButton.click();
  await header.connectDialog.getByRole('button', { name: 'WalletConnect' }).click();
  // The pairing window's QR code carries the wc: URI a wallet scans.
  const qr = page.locator('wcm-qrcode');
  await expect(qr).toBeAttached({ timeout: 30_000 });
  const uri = await qr.evaluate((element) => (element as unknown as { uri: string }).uri);
  expect(uri).toMatch(/^wc:/);
  await wallet.pair(uri);
  return header;
}
