import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';
import { DomainDetailPage } from '../pages/domain-detail-page';

// Two names bought, a sign-in, seven page loads and an axe scan: about 15 s alone, more on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('an owner makes a name their primary name: the header, the lists and the reverse look-up show it', async ({
  page,
  login,
  makeDomain,
  account,
  header,
  request,
}) => {
  const name = await makeDomain();
  const other = await makeDomain();
  const detail = new DomainDetailPage(page);
  await page.goto('/gui/domains/web3');
  await login();
  await detail.goto(name);

  const row = detail.row('Primary name');
  await expect(row).toContainText('You have no primary name');
  await row.getByRole('button', { name: 'Use as primary name' }).click();
  await expect(page.getByText(`${name} is now your primary name`)).toBeVisible();
  await expect(row.getByText('Your primary name')).toBeVisible();
  // The header shows the name instead of the id; the id stays in its menu.
  await expect(header.accountId).toHaveText(name);
  await expect(header.accountId).toHaveAttribute('title', account.accountId);
  await header.accountId.click();
  await expect(page.getByTestId('menu-account-id')).toHaveText(account.accountId);
  await page.keyboard.press('Escape');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  const reverse = await request.get(`/api/reverse/${account.accountId}`);
  expect(await reverse.json()).toEqual({ accountId: account.accountId, name });

  // It stays after a reload, and both lists mark it.
  await page.goto('/gui/w3mydomains');
  await expect(header.accountId).toHaveText(name);
  const table = page.getByRole('table', { name: 'Domains' });
  await expect(table.getByRole('row').filter({ hasText: name })).toContainText('Primary name');
  await expect(table.getByRole('row').filter({ hasText: other })).not.toContainText('Primary name');
  await page.goto('/gui/domains/web3');
  const cards = page.getByRole('region', { name: 'Your Web3 Domains' });
  await expect(cards.getByRole('button', { name: new RegExp(name.replace('.', '\\.')) })).toContainText(
    'Primary name',
  );

  // Another name replaces it; then none: the header goes back to the id.
  await detail.goto(other);
  await detail.row('Primary name').getByRole('button', { name: 'Use as primary name' }).click();
  await expect(header.accountId).toHaveText(other);
  await detail.row('Primary name').getByRole('button', { name: 'Stop using as primary name' }).click();
  await expect(header.accountId).toHaveText(account.accountId);
  expect((await request.get(`/api/reverse/${account.accountId}`)).status()).toBe(404);
});
