import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { latestMailTo } from '../mailbox';

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

test('orders after a purchase, profile and billing edited with bad then good values, the email verified by its link', async ({
  page,
  login,
  makeDomain,
  account,
}) => {
  test.setTimeout(90_000);
  const name = await makeDomain();
  await page.goto('/gui/domains/web3');
  await login();
  await page.goto('/gui/profile/orders');
  await expect(page.getByRole('heading', { name: 'Orders & Profile', level: 1 })).toBeVisible();
  await expect(page.getByText(`Account ${account.accountId}`)).toBeVisible();
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders).toContainText(name);
  await expect(orders).toContainText('200.00 HBAR');
  await expect(
    orders.getByRole('link', { name: new RegExp(`^Payment of ${name.replace('.', '\\.')} on the ledger: `) }),
  ).toBeVisible();
  await expect(page.getByText('No data found')).toHaveCount(2);
  await expect(page.getByRole('img', { name: 'Profile picture' })).toHaveAttribute(
    'src',
    `/profile/dp/${account.accountId}.dp`,
  );
  await expectNoSeriousViolations(page);

  // Profile details: each rule on blur, then good values.
  await page.getByRole('button', { name: 'Profile options' }).click();
  await page.getByRole('menuitem', { name: 'Edit Details' }).click();
  const details = page.getByRole('dialog', { name: 'Edit Profile Details' });
  const fill = async (label: string, value: string) => {
    const input = details.getByLabel(label, { exact: false }).first();
    await input.fill(value);
    await input.blur();
  };
  await fill('Name', 'R2D2');
  await expect(details.getByText('Enter a valid name.')).toBeVisible();
  await fill('Email', 'ada@');
  await expect(details.getByText('Enter a valid email ID.')).toBeVisible();
  await fill('Phone', '0015550123');
  await expect(details.getByText('Enter a valid phone number .')).toBeVisible();
  await expectNoSeriousViolations(page);
  const email = `ada.${account.accountId.replaceAll('.', '-')}@example.com`;
  await fill('Name', 'Ada Lovelace');
  await fill('Email', email);
  await fill('Phone', '2015550123');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details).toHaveCount(0);
  await expect(page.getByText('Ada Lovelace')).toBeVisible();
  await expect(page.getByText('+1 2015550123')).toBeVisible();

  // Billing address: the required fields first.
  await page.getByRole('button', { name: 'Billing Info options' }).click();
  await page.getByRole('menuitem', { name: 'Edit Address' }).click();
  const billing = page.getByRole('dialog', { name: 'Edit Billing Address' });
  await billing.getByRole('button', { name: 'Save' }).click();
  await expect(billing.getByText('Address Line 1 is required')).toBeVisible();
  await billing.getByLabel('Address Line 1').fill('1 Main Street');
  await billing.getByLabel('State').selectOption('California');
  await billing.getByLabel('City').fill('San Francisco');
  await billing.getByLabel('Postal code').fill('94105');
  await billing.getByRole('button', { name: 'Save' }).click();
  await expect(billing).toHaveCount(0);
  await expect(
    page.getByText('1 Main Street, San Francisco, California, 94105, United States'),
  ).toBeVisible();

  // Expiry reminders wait for a verified email.
  const reminders = page.getByRole('checkbox', { name: 'Email me before my names expire' });
  await expect(reminders).toBeDisabled();
  await expect(page.getByText('Verify your email to turn on reminders')).toBeVisible();

  // The email: Click to verify → wait... → Check you email; the mailed link verifies it.
  const verify = page.getByRole('button', { name: 'Click to verify' });
  await verify.click();
  await expect(page.getByRole('button', { name: 'Check you email' })).toBeDisabled();
  const mail = await latestMailTo(email);
  expect(mail.subject).toBe('Verify your email');
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Your email has been verified')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Jump to Home Page' }).click();
  await expect(page).toHaveURL(/\/gui\/domains\/web3$/);
  await page.goto('/gui/profile/orders');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // Reminders on; a week before the name expires the mail comes, and its link stops them.
  await reminders.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Expiry reminders turned on')).toBeVisible();
  await expect(reminders).toBeChecked();
  const expiresAt = new Date(Date.now() + 6.5 * 24 * 60 * 60 * 1000).toISOString();
  const moved = await page.request.post('/ledger/domain-expiry', { data: { domainName: name, expiresAt } });
  expect(moved.ok()).toBe(true);
  const reminder = await latestMailTo(email, `${name} expires in 7 days`);
  expect(reminder.text).toContain(`Your name ${name} expires on ${expiresAt.slice(0, 10)}`);
  const stop = new URL(/Stop them: (\S+)/.exec(reminder.text)![1]!);
  await page.goto(`${stop.pathname}${stop.search}`);
  await expect(page.getByRole('heading', { name: 'Stop expiry reminders' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'your profile' }).click();
  await expect(reminders).not.toBeChecked();
});
