import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { Header } from '../pages/header';

test.describe.configure({ timeout: 90_000 });

const DAY = 24 * 60 * 60 * 1000;
const unique = () => `pay${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.hbar`;

/** Opened from the account menu with the keyboard alone; focus lands inside the dialog. */
async function openSendHbar(page: Page) {
  const header = new Header(page);
  await header.waitForAccount();
  await header.accountId.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Send HBAR' });
  await expect(item).toBeVisible();
  for (
    let step = 0;
    step < 6 && !(await item.evaluate((element) => element === document.activeElement));
    step += 1
  )
    await page.keyboard.press('ArrowDown');
  await expect(item).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Send HBAR' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  return dialog;
}

test('sends 5 HBAR to a name another wallet holds: the name shows its account first, the receiver gets exactly 5 HBAR', async ({
  page,
  login,
  ledger,
  account,
}) => {
  // A second wallet buys a name and holds its NFT.
  const receiver = await ledger.openAccount();
  const receiverCookie = await ledger.signIn(receiver);
  const name = unique();
  await ledger.purchase(receiver, receiverCookie, {
    kind: 'domains',
    items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
  });
  await ledger.collect(receiver, receiverCookie, name);
  // A released name: bought, then expired past its grace period and premium.
  const released = unique();
  await ledger.purchase(receiver, receiverCookie, {
    kind: 'domains',
    items: [{ itemName: released, months: 12, isWebProtectionOn: false }],
  });
  await ledger.setExpiry(released, new Date(Date.now() - 52 * DAY));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/gui/domains/web3');
  await login();
  const senderBefore = await ledger.balanceOf(account);
  const dialog = await openSendHbar(page);
  const to = dialog.getByLabel('To: a name or an account id');
  const amount = dialog.getByLabel('Amount (HBAR)');
  const send = dialog.getByRole('button', { name: 'Send' });

  // Refused before any signature: a released name, the sender's own account, more than the balance.
  await to.fill(released);
  await expect(
    dialog.getByText(`${released} is not registered to anyone: it points to no account`),
  ).toBeVisible();
  await amount.fill('5');
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `${released} is not registered to anyone: it points to no account`,
  );
  await to.fill(account.accountId);
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('That is your own account: choose someone else');
  await to.fill(name.toUpperCase());
  await expect(dialog.getByTestId('recipient-preview')).toHaveText(
    `${name} → ${receiver.accountId} · ${receiver.accountId} is not shown by this name`,
  );
  await amount.fill('100000000');
  await send.click();
  await expect(dialog.getByRole('alert')).toContainText('the amount and the network fee must fit in it');
  expect(await ledger.balanceOf(account)).toBe(senderBefore);

  // The receiver makes it their primary name: the preview says so.
  await ledger.setPrimaryName(receiverCookie, name);
  await to.fill('');
  await to.fill(name);
  await expect(dialog.getByTestId('recipient-preview')).toHaveText(
    `${name} → ${receiver.accountId} · its primary name`,
  );
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  // It fits a phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const receiverBefore = await ledger.balanceOf(receiver);
  await amount.fill('5');
  await send.click();
  await expect(dialog.getByTestId('send-hbar-sent')).toContainText(
    `Sent 5 HBAR to ${name} (${receiver.accountId}).`,
    { timeout: 20_000 },
  );
  await expect
    .poll(() => ledger.balanceOf(receiver), { timeout: 10_000 })
    .toBe(receiverBefore + 500_000_000n);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
});
