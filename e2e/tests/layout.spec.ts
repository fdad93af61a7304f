import { expect, test } from '@playwright/test';

const pageTop = (page: import('@playwright/test').Page) =>
  page.locator('.app-main').evaluate((main) => getComputedStyle(main).paddingTop);

test('the extension banner shows on pages other than search, cart, domain, profile and coupons; the page top follows the header', async ({
  page,
}) => {
  const banner = page.getByRole('complementary', { name: 'Wallet extensions' });
  await page.goto('/gui/claim');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Get HashPack' })).toHaveAttribute(
    'href',
    'https://www.hashpack.app/download',
  );
  await expect(banner.getByRole('link', { name: 'Get Blade' })).toHaveAttribute(
    'href',
    'https://bladewallet.io/',
  );
  expect(await pageTop(page)).toBe('176px');

  for (const path of ['/gui/domains/web3', '/gui/cart']) {
    await page.goto(path);
    await expect(page.locator('[data-page] h1').first()).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect(await pageTop(page)).toBe('92px');
  }

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/gui/claim');
  await expect(page.locator('[data-page="claim"] h1')).toBeVisible();
  await expect(banner).toBeHidden();
  expect(await pageTop(page)).toBe('70px');
  // The heading is not under the fixed header.
  const header = await page.getByRole('banner').boundingBox();
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(heading!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});

test('Blade mode hides the extension banner for the rest of the visit', async ({ page }) => {
  await page.goto('/gui/domains/web3/blade');
  await expect(page.locator('[data-page="search"] h1')).toBeVisible();
  await page.goto('/gui/claim');
  await expect(page.locator('[data-page="claim"] h1')).toHaveText('Claim Domain');
  await expect(page.getByRole('complementary', { name: 'Wallet extensions' })).toHaveCount(0);
  expect(await pageTop(page)).toBe('92px');
});
