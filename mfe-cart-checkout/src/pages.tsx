import { lazy, type ComponentType } from 'react';
import type { PageProps } from '@registry/contracts/routes';

/** The pages this remote gives the shell, keyed by the route manifest's page ids; each loads on first use. */
export const pages: Record<string, ComponentType<PageProps>> = {
  cart: lazy(() =>
    import(/* webpackChunkName: "page-cart" */ './features/cart/cart-page').then((module) => ({
      default: module.CartPage,
    })),
  ),
  checkout: lazy(() =>
    import(/* webpackChunkName: "page-checkout" */ './features/checkout/checkout-page').then((module) => ({
      default: module.CheckoutPage,
    })),
  ),
};
