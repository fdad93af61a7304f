// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bus } from '@registry/bus';
import { startCartSync, useCartStore } from './cart-store';

describe('the cart store', () => {
  let stop: () => void;
  beforeEach(() => {
    localStorage.clear();
    useCartStore.setState({ items: [] });
    stop = startCartSync();
  });
  afterEach(() => stop());

  it('takes adds from the bus: 12 months by default, price = basePrice × months / 12, duplicates ignored', () => {
    bus.emit('cart:add', { itemName: 'alpha.hbar', basePrice: 10, origin: 'search-result' });
    bus.emit('cart:add', { itemName: 'alpha.hbar', basePrice: 10, origin: 'search-result' });
    bus.emit('cart:set-term', { itemName: 'alpha.hbar', months: 36 });
    const [item] = useCartStore.getState().items;
    expect(useCartStore.getState().items).toHaveLength(1);
    expect(item).toMatchObject({
      itemName: 'alpha.hbar',
      orderType: 'W3',
      months: 36,
      basePrice: 10,
      price: 30,
      webProtection: 7.5,
      tax: 0,
      soldOut: 0,
      isSub: 0,
    });
    expect(item!.itemId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses a third domain with the add's message and announces it", () => {
    const refused: string[] = [];
    const off = bus.on('cart:refused', ({ message }) => refused.push(message));
    bus.emit('cart:add', { itemName: 'a.hbar', basePrice: 10, origin: 'search-result' });
    bus.emit('cart:add', { itemName: 'b.hbar', basePrice: 10, origin: 'search-result' });
    bus.emit('cart:add', { itemName: 'c.hbar', basePrice: 10, origin: 'search-result' });
    bus.emit('cart:add', { itemName: 'd.hbar', basePrice: 10, origin: 'store' });
    off();
    expect(useCartStore.getState().items.map((item) => item.itemName)).toEqual(['a.hbar', 'b.hbar']);
    expect(refused).toEqual(['Cart limit exceeded!', 'Maximum 2 domains allowed!']);
  });

  it('ignores a term outside 12 / 24 / 36 / 48, persists and announces each change', () => {
    const counts: number[] = [];
    const off = bus.on('cart:changed', ({ count }) => counts.push(count));
    bus.emit('cart:add', { itemName: 'a.hbar', basePrice: 10, origin: 'store' });
    bus.emit('cart:set-term', { itemName: 'a.hbar', months: 13 });
    expect(useCartStore.getState().items[0]!.months).toBe(12);
    bus.emit('cart:remove', { itemName: 'a.hbar' });
    off();
    expect(counts).toEqual([1, 0]);
    expect(JSON.parse(localStorage.getItem('cart')!).state.items).toEqual([]);
  });
});
