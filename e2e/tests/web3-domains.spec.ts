import { expect, test } from '../fixtures';

test('Your Web3 Domains: not connected, then the cards of a wallet with 11 domains, 10 a page', async ({
  page,
  login,
  makeDomain,
}) => {
  test.setTimeout(120_000);
  await page.goto('/gui/domains/web3');
  const section = page.getByRole('region', { name: 'Your Web3 Domains' });
  await expect(section.getByText('Wallet is not connected')).toBeVisible();

  const names: string[] = [];
  for (let index = 0; index < 11; index += 1) names.push(await makeDomain());
  const pending = await makeDomain({ tld: 'koala', pending: true });

  await login();
  await expect(section.getByRole('tab', { name: 'Hedera Domains' })).toHaveAttribute('aria-selected', 'true');
  const grid = section.getByRole('list', { name: /^Domains, page 1 of 2$/ });
  await expect(grid).toBeVisible();
  const cards = grid.getByRole('listitem');
  // 10 domain cards, then 'Next List' and 'Add New Domain'.
  await expect(cards).toHaveCount(12);
  await expect(cards.nth(0)).toContainText('Active');
  await expect(cards.nth(0)).toContainText('Not Subscribed');

  await section.getByRole('button', { name: 'Next List' }).click();
  const second = section.getByRole('list', { name: /^Domains, page 2 of 2$/ });
  await expect(second.getByRole('listitem')).toHaveCount(4);
  await expect(second.getByRole('button', { name: new RegExp(pending.replace('.', '\\.')) })).toContainText(
    'Inprogress',
  );

  await section.getByRole('tab', { name: 'Domains from other providers' }).click();
  await expect(section.getByText('No Domains Found')).toBeVisible();

  await section.getByRole('tab', { name: 'Hedera Domains' }).click();
  await section.getByRole('button', { name: 'Add New Domain' }).click();
  await expect(page.getByRole('textbox', { name: 'Domain name' })).toBeFocused();

  const first = section.getByRole('button', { name: new RegExp(names[0]!.replace('.', '\\.')) });
  await first.click();
  await expect(page).toHaveURL(
    new RegExp(`/gui/domain/web3/detail\\?domain=${names[0]!.replace('.', '\\.')}$`),
  );
});
