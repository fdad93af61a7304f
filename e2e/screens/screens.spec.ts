import { expect, test } from '../fixtures';
import { CartPage } from '../pages/cart-page';
import { SearchPage } from '../pages/search-page';

/**
 * Screenshots of the search result, the cart and the checkout at a phone's and a desktop's width, for
 * reviewing the layout by eye: `npm run screens` in e2e/ writes them to docs/screenshots/.
 */
const widths = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

for (const { name: device, width, height } of widths) {
  test(`search result, cart and checkout at ${width} px`, async ({ page, login }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    const shot = (what: string) =>
      page.screenshot({ path: `../docs/screenshots/${what}-${device}.png`, fullPage: true });
    const search = new SearchPage(page);
    await search.goto();
    await login();
    const label = `shot${Date.now().toString(36)}`;
    await search.search(label);
    const name = `${label}.hbar`;
    await expect(search.priceHbar).toBeVisible();
    await expect(search.suggestions(name).donut.locator('path').first()).toBeVisible();
    await shot('search-result');
    await search.addToCart(name).click();
    await search.openCart.click();
    const cart = new CartPage(page);
    await expect(cart.item(name)).toBeVisible();
    await shot('cart');
    await cart.proceedToCheckout.click();
    await expect(cart.purchaseDetails).toContainText(name);
    await shot('checkout');
  });
}
