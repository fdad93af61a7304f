import { expect, test } from '../fixtures';
import { Header } from '../pages/header';
import { SearchPage } from '../pages/search-page';

const unique = () => `cart${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function addAvailableName(search: SearchPage) {
  const label = unique();
  await search.search(label);
  const name = `${label}.hbar`;
  await search.addToCart(name).click();
  return name;
}

test('the cart is sealed in local storage, survives a reload and follows other tabs', async ({
  page,
  header,
  context,
}) => {
  const search = new SearchPage(page);
  await search.goto();
  const name = await addAvailableName(search);
  await expect(header.cartDot).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('cart')))
    .toMatch(/^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
  const stored = await page.evaluate(() => Object.values(localStorage).join(' '));
  expect(stored).not.toContain(name.replace(/\.hbar$/, ''));

  await page.reload();
  await expect(header.cartDot).toBeVisible();

  // A second tab starts with the cart, and follows the first one's storage without a reload.
  const other = await context.newPage();
  const otherHeader = new Header(other);
  await other.goto('/gui/domains/web3');
  await expect(otherHeader.cartDot).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('cart'));
  await expect(otherHeader.cartDot).toHaveCount(0);

  await page.reload();
  await expect(header.cartDot).toHaveCount(0);
  await addAvailableName(search);
  await expect(otherHeader.cartDot).toBeVisible();
});

test('a cart edited by hand is dropped with a message', async ({ page, header }) => {
  const search = new SearchPage(page);
  await search.goto();
  await addAvailableName(search);
  await expect(header.cartDot).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).not.toBeNull();
  await page.evaluate(() => {
    const [version, iv, sealed] = localStorage.getItem('cart')!.split('.');
    localStorage.setItem('cart', [version, iv, `${sealed!.slice(0, -6)}AAAAAA`].join('.'));
  });
  await page.reload();
  await expect(page.getByText('Your saved cart could not be read, so it was emptied.')).toBeVisible();
  await expect(header.cartDot).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
});
