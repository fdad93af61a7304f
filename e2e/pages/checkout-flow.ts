import { expect, type Page } from '@playwright/test';
import { CartPage } from './cart-page';
import { SearchPage } from './search-page';

/**
 * From the search page: finds `label`, puts its .hbar name in the cart and opens the checkout with its
 * purchase details. Answers the name and the cart page.
 */
export async function checkoutNewName(page: Page, search: SearchPage, label: string) {
  const name = `${label}.hbar`;
  await search.search(label);
  await search.addToCart(name).click();
  await search.openCart.click();
  const cart = new CartPage(page);
  await cart.proceedToCheckout.click();
  await expect(cart.purchaseDetails).toContainText(name);
  return { name, cart };
}

/** The wallet pays; the tab closes before its confirmation reaches the server (the buyer left). */
export async function payAndCloseBeforeConfirm(page: Page, cart: CartPage) {
  let confirmSent!: () => void;
  const sent = new Promise<void>((resolve) => {
    confirmSent = resolve;
  });
  await page.route('**/api/orders/confirm', () => confirmSent(), { times: 1 });
  await cart.proceedToPayment.click();
  await sent;
  await page.close();
}
