import type { Page } from '@playwright/test';
import type { QuoteResponse } from '@registry/contracts/orders';
import { expect, test } from '../fixtures';
import { ratePort } from '../playwright.config';
import { CartPage } from '../pages/cart-page';
import { SearchPage } from '../pages/search-page';

const HBAR = 100_000_000n;
const MINTED = 'Congratulation! Your domain(s) has been minted';
const unique = () => `rate${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// These journeys move the server's HBAR rate, so they run alone, on a server of their own.
test.use({ baseURL: `http://localhost:${ratePort}` });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.afterEach(async ({ ledger }) => {
  await ledger.setRate(0.05);
});

/** Puts one fresh name in the cart through the search page and opens the checkout; answers the name. */
async function checkoutFreshName(page: Page, expectedHbar: string) {
  const search = new SearchPage(page);
  await search.goto();
  const label = unique();
  await search.search(label);
  await expect(search.priceHbar).toHaveText(expectedHbar);
  await search.addToCart(`${label}.hbar`).click();
  await search.openCart.click();
  const cart = new CartPage(page);
  await expect(cart.total).toHaveText(expectedHbar);
  await cart.proceedToCheckout.click();
  await expect(cart.purchaseDetails).toContainText(`Total Payable${expectedHbar}`);
  return { name: `${label}.hbar`, cart };
}

/** The quote the page asks for next. */
function nextQuote(page: Page) {
  return page
    .waitForResponse((response) => response.url().endsWith('/api/orders/quote') && response.ok())
    .then(async (response) => (await response.json()) as QuoteResponse);
}

test('a rate change reprices the next quote, never a live one: the ledger is paid USD ÷ rate at quote time', async ({
  page,
  login,
  ledger,
  account,
  header,
}) => {
  // 10 USD a year at 0.05 USD per HBAR.
  await page.goto('/gui/domains/web3');
  await login();
  await expect(header.rateLine).toHaveText('1 HBAR : 0.050 USD');
  const first = await checkoutFreshName(page, '200.00 HBAR');
  const before = await ledger.balanceOf(account);

  // The rate doubles after the quote and before the wallet pays it.
  const firstQuoted = nextQuote(page);
  let rateMoved = false;
  await page.route('**/ledger/transactions', async (route) => {
    if (!rateMoved) {
      await firstQuoted;
      await ledger.setRate(0.1);
      rateMoved = true;
    }
    await route.continue();
  });
  await first.cart.proceedToPayment.click();
  await expect(first.cart.dialog(MINTED)).toBeVisible({ timeout: 30_000 });
  const firstQuote = await firstQuoted;
  expect(rateMoved).toBe(true);
  expect(BigInt(firstQuote.amountTinybars)).toBe(200n * HBAR);
  // The live quote keeps its 200 HBAR: taken in full, nothing refunded as an overpayment.
  expect(await ledger.paidUnder(account, firstQuote)).toBe(200n * HBAR);
  const charged = before - (await ledger.balanceOf(account));
  expect(charged).toBeGreaterThanOrEqual(200n * HBAR);
  expect(charged).toBeLessThan(201n * HBAR);
  await expect(page.getByRole('dialog', { name: MINTED })).toBeHidden({ timeout: 10_000 });
  await page.unroute('**/ledger/transactions');

  // A new page load reads the new rate: the next name costs 100 HBAR, quoted and paid as such.
  await page.reload();
  await expect(header.rateLine).toHaveText('1 HBAR : 0.100 USD');
  const second = await checkoutFreshName(page, '100.00 HBAR');
  const secondQuoted = nextQuote(page);
  await second.cart.proceedToPayment.click();
  await expect(second.cart.dialog(MINTED)).toBeVisible({ timeout: 30_000 });
  const secondQuote = await secondQuoted;
  expect(BigInt(secondQuote.amountTinybars)).toBe(100n * HBAR);
  expect(await ledger.paidUnder(account, secondQuote)).toBe(100n * HBAR);

  await page.goto('/gui/domains/web3');
  const owned = page.getByRole('region', { name: 'Your Web3 Domains' });
  await expect(owned).toContainText(first.name);
  await expect(owned).toContainText(second.name);
});

test('while the rate cannot be read, checkout keeps the last known rate: the quote is 200 HBAR, never 0', async ({
  page,
  login,
  ledger,
  account,
}) => {
  await page.goto('/gui/domains/web3');
  await login();
  const { cart } = await checkoutFreshName(page, '200.00 HBAR');
  await ledger.setRate(null);
  const quoted = nextQuote(page);
  await cart.proceedToPayment.click();
  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 30_000 });
  const quote = await quoted;
  expect(BigInt(quote.amountTinybars)).toBe(200n * HBAR);
  expect(await ledger.paidUnder(account, quote)).toBe(200n * HBAR);
});
