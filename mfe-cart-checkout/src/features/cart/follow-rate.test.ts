// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bus } from '@registry/bus';
import { newCartItem, useCartStore } from '@registry/cart/cart-store';
import { cartTotal } from '@registry/contracts/pricing';
import { repricedAt, useCartFollowsRate } from './follow-rate';

describe('the cart follows the rate line', () => {
  afterEach(() => useCartStore.setState({ items: [] }));

  it('prices a name set in USD at the rate; a line priced in HBAR alone keeps its price', () => {
    const usd = newCartItem('alpha.hbar', 200, 24, 10);
    const hbar = newCartItem('beta.hbar', 7, 12);
    const items = [usd, hbar];
    expect(repricedAt(items, 0.05)).toBe(items);
    // 10 USD a year at 0.08 USD for one HBAR is 125 HBAR; two years 250, web protection 25 %.
    const repriced = repricedAt(items, 0.08);
    expect(repriced).toMatchObject([
      { itemName: 'alpha.hbar', basePrice: 125, price: 250, webProtection: 62.5 },
      { itemName: 'beta.hbar', basePrice: 7, price: 7 },
    ]);
    expect(cartTotal(repriced)).toBe(257);
    for (const rate of [0, Number.NaN]) expect(repricedAt(items, rate)).toBe(items);
  });

  it("follows the rate with a released name's premium too", () => {
    const freed = newCartItem('freed.hbar', 200, 12, 10, { hbar: 10_000, usd: 500 });
    expect(freed.price).toBe(10_200);
    // At 0.1 USD for one HBAR: 100 HBAR a year and a 5000 HBAR premium.
    expect(repricedAt([freed], 0.1)).toMatchObject([
      { basePrice: 100, premium: 5000, price: 5100, webProtection: 25 },
    ]);
  });

  it('re-prices the cart at the last rate when the page opens, and again when the rate refreshes', () => {
    bus.emit('rate:updated', { usdPerHbar: 0.05, fetchedAt: '2026-11-23T00:00:00.000Z' });
    useCartStore.setState({ items: [newCartItem('alpha.hbar', 100, 12, 10)] });
    const { unmount } = renderHook(() => useCartFollowsRate());
    expect(useCartStore.getState().items[0]).toMatchObject({ basePrice: 200, price: 200 });
    bus.emit('rate:updated', { usdPerHbar: 0.08, fetchedAt: '2026-11-23T00:10:00.000Z' });
    expect(useCartStore.getState().items[0]).toMatchObject({ basePrice: 125, price: 125 });
    unmount();
    bus.emit('rate:updated', { usdPerHbar: 0.1, fetchedAt: '2026-11-23T00:20:00.000Z' });
    expect(useCartStore.getState().items[0]).toMatchObject({ basePrice: 125 });
  });
});
