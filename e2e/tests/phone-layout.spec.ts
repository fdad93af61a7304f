import { expect, test } from '../fixtures';
import { SearchPage } from '../pages/search-page';

test.describe.configure({ timeout: 120_000 });

/** How much wider than the screen the page is (0 when it fits). */
const overflow = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('at 390 px every page fits the screen, with a wallet connected and data present', async ({
  page,
  login,
  ledger,
  account,
  makeDomain,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const name = await makeDomain({ subscribed: true });
  await makeDomain({ pending: true, tld: 'blade' });
  const cookie = await ledger.signIn(account);
  await ledger.purchase(account, cookie, { kind: 'subdomain', parent: name, label: 'shop' });

  const search = new SearchPage(page);
  await search.goto();
  await login();
  const label = name.split('.')[0]!;
  await search.search(`${label}x`);
  const suggestions = page.getByRole('table', { name: 'Suggestions' });
  await expect(suggestions.getByRole('row').nth(1)).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  // Every column's value shows on a phone: the price columns too, each labelled.
  const firstRow = suggestions.getByRole('row').nth(1);
  await expect(firstRow.getByRole('cell').nth(1)).toBeVisible();
  await expect(firstRow.getByRole('cell').nth(2)).toBeVisible();
  await search.addToCart(`${label}x.hbar`).click();

  const tooWide: Record<string, number> = {};
  for (const path of [
    '/gui/domains/web3',
    '/gui/domains/web2',
    '/gui/claim',
    `/gui/domain/web3/detail?domain=${name}`,
    `/gui/domain/web3/manage?domain=${name}`,
    '/gui/w3mydomains',
    `/gui/w3mysubdomains/${name}`,
    '/gui/nbsafhukfhus',
    '/gui/cart',
    '/gui/cart/checkout',
    '/gui/profile/orders',
    '/w3/resolver',
    `/resolver?domain=${name}`,
  ]) {
    await page.goto(path);
    await expect(page.locator('.app-main h1, .app-main h2').first()).toBeVisible();
    // Remote content and tables have arrived before measuring.
    await page.waitForLoadState('networkidle');
    const excess = await overflow(page);
    if (excess > 0) tooWide[path] = excess;
  }
  expect(tooWide).toEqual({});
});
