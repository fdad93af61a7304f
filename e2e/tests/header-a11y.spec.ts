import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

test('the header, the Connect Wallet dialog and the account menu pass axe and work with the keyboard', async ({
  page,
  account,
  header,
}) => {
  // Three full axe scans (the page, the dialog, the menu) and a sign-in: about 25 s on a busy 2-core machine.
  test.setTimeout(60_000);
  await page.goto('/gui/domains/web3');
  await expect(header.rateLine).toHaveText('1 HBAR : 0.050 USD');
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard only: open the dialog, check it, leave with Escape, focus back on the button.
  await header.connectButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(header.connectButton).toBeFocused();

  // Connect with the keyboard: the Local Wallet button is reachable with Tab.
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Local Wallet' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Local Wallet' }).focus();
  await page.keyboard.press('Enter');
  await expect(header.accountId).toHaveText(account.accountId);
  await header.waitForAccount();

  // The account menu: Enter opens it, arrows move, Escape closes and gives focus back.
  await header.accountId.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Orders & Profile' })).toBeVisible();
  await expect(header.balance).toHaveText('10000.00 HBAR');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(header.accountId).toBeFocused();
});

test('the rate line reads the rate again every 600000 ms', async ({ page, header }) => {
  // The page's clock stands still until the test moves it: a slow page load does not use up the 10 minutes.
  const start = Date.now();
  await page.clock.install({ time: start });
  // Paused a little ahead of the installed time, which goes on running until then.
  await page.clock.pauseAt(start + 5_000);
  const rateCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/rate') rateCalls.push(request.url());
  });
  await page.goto('/gui/domains/web3');
  await expect(header.rateLine).toHaveText('1 HBAR : 0.050 USD');
  await expect.poll(() => rateCalls.length).toBe(1);

  await page.clock.fastForward(599_000);
  await page.waitForTimeout(200);
  expect(rateCalls.length).toBe(1);
  await page.clock.fastForward(2_000);
  await expect.poll(() => rateCalls.length).toBe(2);
  // The server's rate may have been read minutes before this test began, and the page's clock now runs
  // ten minutes ahead of the server's: past 15 minutes the line adds the rate's age, as it should.
  await expect(header.rateLine).toHaveText(/^1 HBAR : 0\.050 USD( \(rate of \d\d:\d\d\))?$/);
});
