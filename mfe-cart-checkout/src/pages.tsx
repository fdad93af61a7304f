import type { ComponentType } from 'react';
import { CartPage } from './features/cart/cart-page';
import { CheckoutPage } from './features/checkout/checkout-page';

/** The pages this remote gives the shell, keyed by the page ids of the shell's route table. */
export const pages: Record<string, ComponentType> = {
  cart: CartPage,
  checkout: CheckoutPage,
};
