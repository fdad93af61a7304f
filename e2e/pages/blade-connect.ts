import { expect, type Page } from '@playwright/test';
import type { BladeStandIn } from '../wallets/blade-wallet';
import { installBladeStandIn } from '../wallets/extension-stand-ins';
import { Header } from './header';
import { SearchPage } from './search-page';

/**
 * The search page with Blade's extension in the browser, Connect Wallet → Blade: blade-web3.js hands the
 * extension the pairing. Answers the header and the calls the page made on the extension.
 */
export async function openBladeConnect(page: Page, wallet: BladeStandIn) {
  const extension = await installBladeStandIn(page, wallet);
  await new SearchPage(page).goto();
  const header = new Header(page);
  await header.connectButton.click();
  await header.connectDialog.getByRole('button', { name: 'Blade' }).click();
  return { header, extension };
}

/** Connected and signed in: the wallet approved the session and signed the server's sign-in message. */
export async function connectBlade(page: Page, wallet: BladeStandIn) {
  const { header, extension } = await openBladeConnect(page, wallet);
  // The first journey of a run meets a server and a mirror that have answered nobody yet.
  await expect(header.accountId).toHaveText(wallet.accountId, { timeout: 60_000 });
  expect(extension).toContain('pairWC');
  return { search: new SearchPage(page), header, extension };
}
