import { useEffect } from 'react';
import { bus } from '@registry/bus';
import { linePrices, useCartStore, type CartItem } from '@registry/cart/cart-store';
import { usdToHbar } from '@registry/contracts/pricing';

/** The cart's lines priced in USD, in HBAR at `usdPerHbar`; the same array when no price moves. */
export function repricedAt(items: CartItem[], usdPerHbar: number): CartItem[] {
  if (!(usdPerHbar > 0)) return items;
  let moved = false;
  const repriced = items.map((item) => {
    if (item.basePriceUsd === undefined) return item;
    const basePrice = usdToHbar(item.basePriceUsd, usdPerHbar);
    const premium = item.premiumUsd === undefined ? item.premium : usdToHbar(item.premiumUsd, usdPerHbar);
    if (basePrice === item.basePrice && premium === item.premium) return item;
    moved = true;
    return { ...item, basePrice, premium, ...linePrices(basePrice, item.months, premium) };
  });
  return moved ? repriced : items;
}

/**
 * Names are priced in USD: the cart shows them in HBAR at the header's rate, now and whenever the rate
 * line refreshes (the checkout's quote then fixes the amount at the server's rate).
 */
export function useCartFollowsRate() {
  useEffect(
    () =>
      bus.onWithLast('rate:updated', ({ usdPerHbar }) => {
        const { items } = useCartStore.getState();
        const repriced = repricedAt(items, usdPerHbar);
        if (repriced !== items) useCartStore.setState({ items: repriced });
      }),
    [],
  );
}
