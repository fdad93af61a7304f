import type { Locator, Page } from '@playwright/test';

/** The cart and checkout pages of the cart-checkout remote. */
export class CartPage {
  readonly proceedToCheckout: Locator;
  readonly proceedToPayment: Locator;
  readonly total: Locator;
  readonly purchaseDetails: Locator;

  constructor(private readonly page: Page) {
    this.proceedToCheckout = page.getByRole('button', { name: 'Proceed to Checkout' });
    this.proceedToPayment = page.getByRole('button', { name: 'Proceed to Payment' });
    this.total = page.locator('.cart-page__total strong');
    this.purchaseDetails = page.getByRole('region', { name: 'Purchase Details' });
  }

  async goto() {
    await this.page.goto('/gui/cart');
    // The cart page's own title (the first HTML draws one before any script runs).
    await this.page
      .locator('[data-page="cart"]')
      .getByRole('heading', { name: 'Your Cart', level: 1 })
      .waitFor();
  }

  item(name: string) {
    return this.page.locator(`[data-page="cart"] li[data-item="${name}"]`);
  }

  term(name: string) {
    return this.item(name).getByLabel('Term');
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }
}
