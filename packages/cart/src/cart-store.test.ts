// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bus } from '@registry/bus';
import { CART_MESSAGES } from '@registry/contracts/pricing';
import { CART_STORAGE_KEYS, readStoredCart, startCartSync, useCartStore } from './cart-store';
import { createCartVault, type CartVault } from './cart-vault';

let browserKey: CryptoKey;
const vault: CartVault = createCartVault(async () => browserKey);
const store = async (key: string, value: unknown) => localStorage.setItem(key, await vault.seal(value));
/** Resolves once the cart has been restored (its first announcement). */
const restoredOnce = () =>
  new Promise<void>((resolve) => {
    const off = bus.on('cart:changed', () => {
      off();
      resolve();
    });
  });
/** Retries `check` until it passes: writes to storage are encrypted first, so they land a moment later. */
const eventually = (check: () => unknown) => vi.waitFor(check, { timeout: 5_000, interval: 10 });

beforeAll(async () => {
  browserKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
});

describe('the cart store', () => {
  let stop: () => void;
  beforeEach(async () => {
    localStorage.clear();
    useCartStore.setState({ items: [] });
    const restored = restoredOnce();
    stop = startCartSync({ vault });
    await restored;
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

  it('keeps the USD price a name was added with, through a reload', async () => {
    bus.emit('cart:add', {
      itemName: 'alpha.hbar',
      basePrice: 200,
      basePriceUsd: 10,
      origin: 'search-result',
    });
    await eventually(async () => {
      const { cart } = await readStoredCart(localStorage, vault);
      expect(cart).toEqual([
        expect.objectContaining({ itemName: 'alpha.hbar', basePrice: 200, basePriceUsd: 10 }),
      ]);
    });
  });

  it("adds a released name's premium once, whatever the term, outside web protection, through a reload", async () => {
    bus.emit('cart:add', {
      itemName: 'freed.hbar',
      basePrice: 200,
      basePriceUsd: 10,
      premium: 10_000,
      premiumUsd: 500,
      origin: 'search-result',
    });
    expect(useCartStore.getState().items[0]).toMatchObject({ price: 10_200, webProtection: 50 });
    bus.emit('cart:set-term', { itemName: 'freed.hbar', months: 24 });
    expect(useCartStore.getState().items[0]).toMatchObject({ price: 10_400, webProtection: 100 });
    await eventually(async () => {
      const { cart } = await readStoredCart(localStorage, vault);
      expect(cart).toEqual([expect.objectContaining({ premium: 10_000, premiumUsd: 500, months: 24 })]);
    });
  });

  it("follows the server's premiums as they fall, and drops one that ended", async () => {
    for (const itemName of ['freed.hbar', 'ended.hbar'])
      bus.emit('cart:add', {
        itemName,
        basePrice: 200,
        basePriceUsd: 10,
        premium: 10_000,
        premiumUsd: 500,
        origin: 'search-result',
      });
    bus.emit('cart:set-term', { itemName: 'freed.hbar', months: 24 });
    const item = (name: string) => useCartStore.getState().items.find((each) => each.itemName === name)!;
    bus.emit('cart:premiums', {
      checked: ['freed.hbar'],
      premiums: [{ itemName: 'freed.hbar', hbar: 5_000, usd: 250 }],
    });
    expect(item('freed.hbar')).toMatchObject({
      price: 5_400,
      premium: 5_000,
      premiumUsd: 250,
      webProtection: 100,
    });
    // A name not checked keeps what it had.
    expect(item('ended.hbar')).toMatchObject({ price: 10_200, premium: 10_000 });
    bus.emit('cart:premiums', { checked: ['ended.hbar'], premiums: [] });
    expect(item('ended.hbar')).toMatchObject({ price: 200, webProtection: 50 });
    expect(item('ended.hbar').premium).toBeUndefined();
    await eventually(async () => {
      const { cart } = await readStoredCart(localStorage, vault);
      expect(
        (cart as Array<{ itemName: string }>).find((each) => each.itemName === 'freed.hbar'),
      ).toMatchObject({
        premium: 5_000,
      });
    });
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

  it('ignores a term outside 12 / 24 / 36 / 48 and announces each change', async () => {
    const counts: number[] = [];
    const off = bus.on('cart:changed', ({ count }) => counts.push(count));
    bus.emit('cart:add', { itemName: 'a.hbar', basePrice: 10, origin: 'store' });
    bus.emit('cart:set-term', { itemName: 'a.hbar', months: 13 });
    expect(useCartStore.getState().items[0]!.months).toBe(12);
    await eventually(() => expect(localStorage.getItem(CART_STORAGE_KEYS.cart)).not.toBeNull());
    bus.emit('cart:remove', { itemName: 'a.hbar' });
    off();
    expect(counts).toEqual([1, 0]);
    await eventually(() => expect(localStorage.getItem(CART_STORAGE_KEYS.cart)).toBeNull());
  });

  it('keeps sold-out items out of the stored bill', async () => {
    bus.emit('cart:add', { itemName: 'a.hbar', basePrice: 10, months: 24, origin: 'store' });
    bus.emit('cart:add', { itemName: 'b.hbar', basePrice: 10, origin: 'store' });
    useCartStore.getState().markSoldOut(['b.hbar']);
    await eventually(async () =>
      expect(await readStoredCart(localStorage, vault)).toMatchObject({
        bill: { totalHbar: 20, priceUnit: 'HBAR' },
        count: 2,
      }),
    );
  });
});

describe('the stored cart', () => {
  let stops: (() => void)[] = [];
  beforeEach(() => {
    localStorage.clear();
    useCartStore.setState({ items: [] });
  });
  afterEach(() => {
    stops.forEach((stop) => stop());
    stops = [];
  });
  const start = async () => {
    const restored = restoredOnce();
    stops.push(startCartSync({ vault }));
    await restored;
  };

  it('is sealed: neither names nor prices are readable, and a reload restores the cart', async () => {
    await start();
    bus.emit('cart:add', { itemName: 'secret.hbar', basePrice: 10, months: 48, origin: 'store' });
    const sealedValues = () => Object.values(CART_STORAGE_KEYS).map((key) => localStorage.getItem(key) ?? '');
    await eventually(() => expect(sealedValues().every((value) => value.startsWith('v1.'))).toBe(true));
    const sealed = sealedValues();
    // Neither the stored text nor its decoded bytes carry the cart in the clear.
    for (const value of sealed) {
      const payload = atob(value.split('.')[2]!);
      for (const clear of ['secret', '"months"', '"basePrice"']) {
        expect(value).not.toContain(clear);
        expect(payload).not.toContain(clear);
      }
    }

    stops.pop()!();
    useCartStore.setState({ items: [] });
    await start();
    expect(useCartStore.getState().items).toMatchObject([{ itemName: 'secret.hbar', months: 48, price: 40 }]);
  });

  it('drops a tampered value with a message instead of failing', async () => {
    await store(CART_STORAGE_KEYS.cart, [{ itemName: 'a.hbar', basePrice: 10, months: 12 }]);
    const value = localStorage.getItem(CART_STORAGE_KEYS.cart)!;
    const flipped = value.slice(0, -4) + (value.at(-4) === 'A' ? 'B' : 'A') + value.slice(-3);
    localStorage.setItem(CART_STORAGE_KEYS.cart, flipped);
    const toasts: string[] = [];
    const off = bus.on('toast', ({ message }) => toasts.push(message));
    await start();
    off();
    expect(useCartStore.getState().items).toEqual([]);
    expect(toasts).toEqual([CART_MESSAGES.unreadable]);
    expect(localStorage.getItem(CART_STORAGE_KEYS.cart)).toBeNull();
  });

  it('drops a value sealed by another browser, or one that is not a cart', async () => {
    const otherKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    localStorage.setItem(CART_STORAGE_KEYS.cart, await createCartVault(async () => otherKey).seal([]));
    await start();
    expect(localStorage.getItem(CART_STORAGE_KEYS.cart)).toBeNull();
    stops.pop()!();

    await store(CART_STORAGE_KEYS.cart, [{ itemName: 42, basePrice: 'free' }]);
    const toasts: string[] = [];
    const off = bus.on('toast', ({ message }) => toasts.push(message));
    await start();
    off();
    expect(useCartStore.getState().items).toEqual([]);
    expect(toasts).toEqual([CART_MESSAGES.unreadable]);
  });

  it('recomputes prices from the base price, whatever was stored', async () => {
    await store(CART_STORAGE_KEYS.cart, [
      { itemName: 'a.hbar', basePrice: 10, months: 24, price: 0.01 },
      { itemName: 'b.hbar', basePrice: 10, months: 7 },
      { itemName: 'c.hbar', basePrice: 10, months: 12 },
    ]);
    await start();
    expect(
      useCartStore.getState().items.map(({ itemName, months, price }) => [itemName, months, price]),
    ).toEqual([
      ['a.hbar', 24, 20],
      ['b.hbar', 12, 10],
    ]);
  });

  it("follows another tab's changes", async () => {
    await start();
    await store(CART_STORAGE_KEYS.cart, [{ itemName: 'other.hbar', basePrice: 10, months: 12 }]);
    window.dispatchEvent(
      new StorageEvent('storage', { key: CART_STORAGE_KEYS.cart, storageArea: localStorage }),
    );
    await eventually(() =>
      expect(useCartStore.getState().items.map((item) => item.itemName)).toEqual(['other.hbar']),
    );
  });

  it('keeps an add made while the stored cart is still being read', async () => {
    await store(CART_STORAGE_KEYS.cart, [{ itemName: 'a.hbar', basePrice: 10, months: 12 }]);
    stops.push(startCartSync({ vault }));
    bus.emit('cart:add', { itemName: 'b.hbar', basePrice: 10, origin: 'store' });
    await eventually(() =>
      expect(useCartStore.getState().items.map((item) => item.itemName)).toEqual(['a.hbar', 'b.hbar']),
    );
    await eventually(async () => expect((await readStoredCart(localStorage, vault)).count).toBe(2));
  });
});
