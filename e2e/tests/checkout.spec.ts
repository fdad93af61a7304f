import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { CartPage } from '../pages/cart-page';
import { SearchPage } from '../pages/search-page';

const HBAR = 100_000_000n;
const unique = () => `buy${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const MINTED = 'Congratulation! Your domain(s) has been minted';

// Each journey pays on the ledger, waits for minting and delivery, and shows the 5 s success dialog.
test.describe.configure({ timeout: 90_000 });

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/** Signs in with the Local Wallet and puts fresh names in the cart through the search page. */
async function fillCart(page: Page, login: () => Promise<void>, count = 1) {
  const search = new SearchPage(page);
  await search.goto();
  await login();
  const names: string[] = [];
  for (let index = 0; index < count; index++) {
    const label = unique();
    await search.search(label);
    await search.addToCart(`${label}.hbar`).click();
    names.push(`${label}.hbar`);
  }
  await search.openCart.click();
  return names;
}

/** A fresh name in the cart, and the checkout open with its purchase details. */
async function checkoutOneName(page: Page, login: () => Promise<void>) {
  const name = (await fillCart(page, login))[0]!;
  const cart = new CartPage(page);
  await cart.proceedToCheckout.click();
  await expect(cart.purchaseDetails).toContainText(name);
  return { name, cart };
}

test('buy one name: cart, checkout, payment, then its detail page; the owned list shows it', async ({
  page,
  login,
  ledger,
  account,
  header,
}) => {
  const name = (await fillCart(page, login))[0]!;
  const cart = new CartPage(page);
  await expect(cart.item(name)).toContainText('200.00 HBAR');
  await cart.term(name).selectOption('24');
  await expect(cart.total).toHaveText('400.00 HBAR');
  await expect(page.getByText('Early access members get their discount at checkout.')).toBeVisible();
  await expectNoSeriousViolations(page);

  await cart.proceedToCheckout.click();
  await expect(page).toHaveURL(/\/gui\/cart\/checkout$/);
  await expect(cart.purchaseDetails).toContainText(name);
  await expect(cart.purchaseDetails).toContainText('24 months');
  await expect(cart.purchaseDetails).toContainText('Total Payable400.00 HBAR');
  await expectNoSeriousViolations(page);

  const before = await ledger.balanceOf(account);
  await cart.proceedToPayment.click();
  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(`/gui/domain/web3/detail?domain=${name}`, { timeout: 10_000 });
  await expect(header.cartDot).toHaveCount(0);
  const charged = before - (await ledger.balanceOf(account));
  expect(charged).toBeGreaterThanOrEqual(400n * HBAR);
  expect(charged).toBeLessThan(401n * HBAR);

  await page.goto('/gui/domains/web3');
  await expect(page.getByRole('region', { name: 'Your Web3 Domains' })).toContainText(name);
});

test('buy two names: both delivered, then home', async ({ page, login, ledger, account }) => {
  const names = await fillCart(page, login, 2);
  const cart = new CartPage(page);
  await expect(cart.total).toHaveText('400.00 HBAR');
  await cart.proceedToCheckout.click();
  await cart.proceedToPayment.click();
  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL('/gui/domains/web3', { timeout: 10_000 });
  const owned = await ledger.domainsOf(await ledger.signIn(account));
  for (const name of names)
    expect(owned).toContainEqual(expect.objectContaining({ itemName: name, status: 22 }));
});

test('a name bought from another browser before the payment: Alert and Back, nothing charged', async ({
  page,
  login,
  ledger,
  account,
}) => {
  const { name, cart } = await checkoutOneName(page, login);

  const rival = await ledger.openAccount();
  const rivalCookie = await ledger.signIn(rival);
  await ledger.purchase(rival, rivalCookie, {
    kind: 'domains',
    items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
  });

  const before = await ledger.balanceOf(account);
  await cart.proceedToPayment.click();
  const alert = cart.dialog('Alert');
  await expect(alert).toContainText(
    'Someone else purchased few domains in your cart before your payment, so go back and proceed to checkout',
  );
  await alert.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL('/gui/cart');
  await expect(cart.item(name).getByRole('img', { name: 'Sold out' })).toBeVisible();
  await expect(cart.total).toHaveText('0.00 HBAR');
  expect(await ledger.balanceOf(account)).toBe(before);
});

test('the wallet refuses the payment: the failure dialog, nothing charged, no order', async ({
  page,
  login,
  ledger,
  account,
}) => {
  const { name, cart } = await checkoutOneName(page, login);
  // Too little money: the ledger refuses the transfer the wallet signed.
  await ledger.spendDownTo(account, 3);
  const before = await ledger.balanceOf(account);
  await cart.proceedToPayment.click();
  const payment = cart.dialog('Payment');
  await expect(payment.getByRole('alert')).toContainText('Something went wrong');
  await expect(payment.getByRole('alert')).toContainText('Purchase of domain failed');
  expect(before - (await ledger.balanceOf(account))).toBeLessThan(HBAR);
  const owned = await ledger.domainsOf(await ledger.signIn(account));
  expect(owned.map((domain) => domain.itemName)).not.toContain(name);
});

test('an early-access member pays 25 % less, as the server computes it', async ({
  page,
  login,
  ledger,
  account,
}) => {
  await ledger.giveEarlyAccessPass(account);
  const { name, cart } = await checkoutOneName(page, login);
  await expect(cart.purchaseDetails).toContainText('Early access discount (25%)');
  await expect(cart.purchaseDetails).toContainText('Total Payable150.00 HBAR');
  const before = await ledger.balanceOf(account);
  await cart.proceedToPayment.click();
  await expect(page).toHaveURL(`/gui/domain/web3/detail?domain=${name}`, { timeout: 40_000 });
  const charged = before - (await ledger.balanceOf(account));
  expect(charged).toBeGreaterThanOrEqual(150n * HBAR);
  expect(charged).toBeLessThan(151n * HBAR);
});

test('a reload in the middle of the payment: one charge, one domain', async ({
  page,
  login,
  ledger,
  account,
}) => {
  const { name, cart } = await checkoutOneName(page, login);
  const before = await ledger.balanceOf(account);

  // The payment is made; its confirmation never reaches the server before the page reloads.
  let held!: () => void;
  const confirmSent = new Promise<void>((resolve) => {
    held = resolve;
  });
  await page.route('**/api/orders/confirm', () => held(), { times: 1 });
  await cart.proceedToPayment.click();
  await confirmSent;
  expect(before - (await ledger.balanceOf(account))).toBeGreaterThanOrEqual(200n * HBAR);
  await page.reload();

  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(`/gui/domain/web3/detail?domain=${name}`, { timeout: 10_000 });
  const charged = before - (await ledger.balanceOf(account));
  expect(charged).toBeGreaterThanOrEqual(200n * HBAR);
  expect(charged).toBeLessThan(201n * HBAR);
  const owned = await ledger.domainsOf(await ledger.signIn(account));
  expect(owned.filter((domain) => domain.itemName === name)).toHaveLength(1);
});
