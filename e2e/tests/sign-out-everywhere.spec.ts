import type { Browser, BrowserContext } from '@playwright/test';
import type { LedgerAccount } from '@registry/ledger-client/ledger-client';
import { expect, test } from '../fixtures';
import { Header } from '../pages/header';

/** Another browser (its own cookies and storage) whose Local Wallet is the same account. */
async function secondBrowser(
  browser: Browser,
  baseURL: string,
  account: LedgerAccount,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(
    ({ accountId, privateKey }) =>
      localStorage.setItem('local-wallet', JSON.stringify({ accountId, privateKey })),
    { accountId: account.accountId, privateKey: account.privateKey.toStringDer() },
  );
  return context;
}

test('"Sign out everywhere" ends the session of the same account in another browser', async ({
  page,
  browser,
  baseURL,
  account,
  header,
  login,
}) => {
  // Two browsers sign in, one after the other, before the sign-out is asked.
  test.setTimeout(60_000);
  await page.goto('/gui/domains/web3');
  await login();

  const other = await secondBrowser(browser, baseURL!, account);
  try {
    const otherPage = await other.newPage();
    const otherHeader = new Header(otherPage);
    await otherPage.goto('/gui/domains/web3');
    await otherHeader.connectLocalWallet();
    await expect(otherHeader.accountId).toHaveText(account.accountId);
    const sessionStatus = () => otherPage.evaluate(async () => (await fetch('/api/auth/session')).status);
    expect(await sessionStatus()).toBe(200);

    // The first browser signs out everywhere, from its account menu, with the keyboard.
    await header.openAccountMenu();
    const item = page.getByRole('menuitem', { name: 'Sign out everywhere' });
    await item.focus();
    await page.keyboard.press('Enter');
    await expect(header.connectButton).toBeVisible();
    await expect(page.getByText('Signed out on every device')).toBeVisible();

    // The other browser's session is over: the server refuses it, and the page signs out on its next call.
    expect(await sessionStatus()).toBe(401);
    await otherPage.reload();
    await expect(otherHeader.connectButton).toBeVisible();
  } finally {
    await other.close();
  }
});
