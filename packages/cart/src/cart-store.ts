import { create } from 'zustand';
import { bus } from '@registry/bus';
import type { CartAddEvent } from '@registry/contracts/bus-events';
import {
  addToCart,
  CART_MESSAGES,
  cartTotal,
  checkoutWebProtection,
  DEFAULT_TERM_MONTHS,
  priceForTerm,
  roundAmount,
  TAX,
  TERM_MONTHS,
  type TermMonths,
} from '@registry/contracts/pricing';
import { createCartVault, UnreadableValueError, type CartVault } from './cart-vault';

/** A cart item with the fields of spec section 3. */
export type CartItem = {
  /** Random local id. */
  itemId: string;
  itemName: string;
  orderType: 'W3';
  months: TermMonths;
  /** basePrice × months / 12. */
  price: number;
  /** The 12-month price. */
  basePrice: number;
  /** The 12-month price in USD, when priced in USD: the cart page prices it at the rate line's rate. */
  basePriceUsd?: number | undefined;
  /** A released name's premium (paid once, whatever the term), in HBAR and in the USD it follows. */
  premium?: number | undefined;
  premiumUsd?: number | undefined;
  priceUnit: 'HBAR';
  /** 25 % of the price. */
  webProtection: number;
  isWebProtectionOn: boolean;
  subscription: number;
  isSubscriptionOn: boolean;
  tax: typeof TAX;
  soldOut: 0 | 1;
  isSub: 0;
  /** Added at checkout. */
  specialCode?: string;
  specialRecorde?: string;
};

const isTerm = (months: number): months is TermMonths => (TERM_MONTHS as readonly number[]).includes(months);

/** A line's price (its term, plus any premium once) and its web protection (25 % of the term alone). */
export function linePrices(basePrice: number, months: number, premium = 0) {
  const termPrice = priceForTerm(basePrice, months);
  return { price: roundAmount(termPrice + premium), webProtection: checkoutWebProtection(termPrice) };
}

export function newCartItem(
  itemName: string,
  basePrice: number,
  months: number = DEFAULT_TERM_MONTHS,
  basePriceUsd?: number,
  premium?: { hbar: number; usd?: number | undefined },
): CartItem {
  const term = isTerm(months) ? months : DEFAULT_TERM_MONTHS;
  const { price, webProtection } = linePrices(basePrice, term, premium?.hbar);
  return {
    itemId: crypto.randomUUID(),
    itemName,
    orderType: 'W3',
    months: term,
    price,
    basePrice,
    basePriceUsd,
    ...(premium ? { premium: premium.hbar, premiumUsd: premium.usd } : {}),
    priceUnit: 'HBAR',
    webProtection,
    isWebProtectionOn: false,
    subscription: 0,
    isSubscriptionOn: false,
    tax: TAX,
    soldOut: 0,
    isSub: 0,
  };
}

export type CartState = {
  items: CartItem[];
  /** False until the stored cart has been read: pages wait for it before saying the cart is empty. */
  restored: boolean;
  /** Adds a domain: duplicates are ignored, a third is refused with the origin's message. */
  add(event: CartAddEvent): { added: boolean; error?: string };
  remove(itemName: string): void;
  setTerm(itemName: string, months: number): void;
  /** Flags the names someone else bought (excluded from totals). */
  markSoldOut(itemNames: string[]): void;
  /** Takes the premiums the server states now for `checked` names (none listed: none any more). */
  updatePremiums(checked: string[], premiums: Array<{ itemName: string; hbar: number; usd: number }>): void;
  clear(): void;
};

/**
 * The cart. One instance per page (a Module Federation singleton); the shell restores it from storage,
 * persists it and applies the bus events remotes send (`startCartSync`).
 */
export const useCartStore = create<CartState>()((set, get) => ({
  items: [],
  restored: false,
  add({ itemName, basePrice, basePriceUsd, premium, premiumUsd, months, origin }) {
    const result = addToCart(
      get().items,
      newCartItem(
        itemName,
        basePrice,
        months,
        basePriceUsd,
        premium ? { hbar: premium, usd: premiumUsd } : undefined,
      ),
    );
    if (result.added) set({ items: result.items });
    const error = result.error && origin === 'search-result' ? CART_MESSAGES.limitExceeded : result.error;
    return { added: result.added, ...(error ? { error } : {}) };
  },
  remove: (itemName) => set({ items: get().items.filter((item) => item.itemName !== itemName) }),
  setTerm(itemName, months) {
    if (!isTerm(months)) return;
    set({
      items: get().items.map((item) => {
        if (item.itemName !== itemName) return item;
        return { ...item, months, ...linePrices(item.basePrice, months, item.premium) };
      }),
    });
  },
  markSoldOut: (itemNames) =>
    set({
      items: get().items.map((item) => ({ ...item, soldOut: itemNames.includes(item.itemName) ? 1 : 0 })),
    }),
  updatePremiums: (checked, premiums) =>
    set({
      items: get().items.map((item) => {
        if (!checked.includes(item.itemName)) return item;
        const premium = premiums.find((each) => each.itemName === item.itemName);
        const { premium: _old, premiumUsd: _oldUsd, ...rest } = item;
        return {
          ...rest,
          ...(premium ? { premium: premium.hbar, premiumUsd: premium.usd } : {}),
          ...linePrices(item.basePrice, item.months, premium?.hbar),
        };
      }),
    }),
  clear: () => set({ items: [] }),
}));

/** Local storage keys of spec section 3: the cart, its bill and its count, each sealed. */
export const CART_STORAGE_KEYS = { cart: 'cart', bill: 'bill', count: 'cartCount' } as const;

/** What is stored of an item: prices are recomputed from the base price, never read back. */
type StoredItem = {
  itemName: string;
  basePrice: number;
  basePriceUsd?: number | undefined;
  premium?: number | undefined;
  premiumUsd?: number | undefined;
  months: number;
  itemId?: string | undefined;
};

const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && value > 0 && value < Infinity ? value : undefined;

function restoredItems(value: unknown): CartItem[] {
  if (!Array.isArray(value)) throw new UnreadableValueError();
  const items = value.map((entry: Partial<StoredItem>) => {
    const { itemName, basePrice, basePriceUsd, premium, premiumUsd, months, itemId } = entry ?? {};
    if (typeof itemName !== 'string' || itemName.length === 0 || itemName.length > 253)
      throw new UnreadableValueError();
    if (typeof basePrice !== 'number' || !Number.isFinite(basePrice) || basePrice < 0)
      throw new UnreadableValueError();
    const item = newCartItem(
      itemName,
      basePrice,
      typeof months === 'number' ? months : undefined,
      positive(basePriceUsd),
      positive(premium) ? { hbar: positive(premium)!, usd: positive(premiumUsd) } : undefined,
    );
    return typeof itemId === 'string' ? { ...item, itemId } : item;
  });
  return items.reduce<CartItem[]>((cart, item) => addToCart(cart, item).items, []);
}

const storedForm = (items: CartItem[]): StoredItem[] =>
  items.map(({ itemName, basePrice, basePriceUsd, premium, premiumUsd, months, itemId }) => ({
    itemName,
    basePrice,
    basePriceUsd,
    premium,
    premiumUsd,
    months,
    itemId,
  }));

export type CartSyncOptions = {
  storage?: Storage;
  vault?: CartVault;
};

/** Reads one sealed key: null when absent. */
async function readSealed(storage: Storage, vault: CartVault, key: string): Promise<unknown> {
  const sealed = storage.getItem(key);
  return sealed === null ? null : vault.open(sealed);
}

/** Reads the stored bill and count (for checks and other tabs). */
export async function readStoredCart(storage: Storage, vault: CartVault) {
  return {
    cart: await readSealed(storage, vault, CART_STORAGE_KEYS.cart),
    bill: await readSealed(storage, vault, CART_STORAGE_KEYS.bill),
    count: await readSealed(storage, vault, CART_STORAGE_KEYS.count),
  };
}

/**
 * Run by the shell, which owns the cart: restores it from sealed storage, keeps it there, follows
 * other tabs' changes, applies the remotes' bus events and announces each change. Returns the stop
 * function.
 */
export function startCartSync({
  storage = globalThis.localStorage,
  vault = createCartVault(),
}: CartSyncOptions = {}): () => void {
  const announce = (items: CartItem[]) =>
    bus.emit('cart:changed', { count: items.length, itemNames: items.map((item) => item.itemName) });
  const forget = () => Object.values(CART_STORAGE_KEYS).forEach((key) => storage.removeItem(key));
  // What storage holds, as JSON: a change equal to it (one read from storage) is not written back.
  let stored = JSON.stringify([]);
  let writing = Promise.resolve();
  let stopped = false;

  const save = (items: CartItem[]) => {
    const form = JSON.stringify(storedForm(items));
    if (form === stored) return;
    stored = form;
    // One write at a time, in order: the last change is the one left in storage.
    writing = writing
      .then(async () => {
        if (stopped) return;
        if (items.length === 0) return forget();
        const sealed = {
          [CART_STORAGE_KEYS.cart]: await vault.seal(storedForm(items)),
          [CART_STORAGE_KEYS.bill]: await vault.seal({ totalHbar: cartTotal(items), priceUnit: 'HBAR' }),
          [CART_STORAGE_KEYS.count]: await vault.seal(items.length),
        };
        // Stopped meanwhile (the page's cart was handed over): leave storage to its new owner.
        if (stopped) return;
        for (const [key, value] of Object.entries(sealed)) storage.setItem(key, value);
      })
      .catch((error: unknown) => console.warn('The cart could not be saved in this browser', error));
  };

  /** Reads the stored cart; `keepAdded` keeps what was added meanwhile (after the stored items). */
  const load = async (keepAdded = false) => {
    try {
      const items = restoredItems((await readSealed(storage, vault, CART_STORAGE_KEYS.cart)) ?? []);
      if (stopped) return;
      stored = JSON.stringify(storedForm(items));
      const added = keepAdded ? useCartStore.getState().items : [];
      useCartStore.setState({ items: added.reduce((cart, item) => addToCart(cart, item).items, items) });
    } catch (error) {
      if (stopped) return;
      if (!(error instanceof UnreadableValueError)) {
        console.warn('The saved cart could not be opened in this browser', error);
        return;
      }
      forget();
      stored = JSON.stringify([]);
      useCartStore.setState({ items: [] });
      bus.emit('toast', { kind: 'error', message: CART_MESSAGES.unreadable });
    }
  };

  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === storage && (event.key === CART_STORAGE_KEYS.cart || event.key === null))
      void load();
  };
  globalThis.addEventListener?.('storage', onStorage);

  const restored = load(true).then(() => {
    if (stopped) return;
    useCartStore.setState({ restored: true });
    // The restored cart is announced once, so listeners know where changes start from.
    announce(useCartStore.getState().items);
    save(useCartStore.getState().items);
  });

  const stops = [
    useCartStore.subscribe((state, previous) => {
      if (state.items === previous.items) return;
      announce(state.items);
      // Nothing is written before the stored cart is read: it would be overwritten unread.
      void restored.then(() => save(useCartStore.getState().items));
    }),
    bus.on('cart:add', (event) => {
      const { error } = useCartStore.getState().add(event);
      if (error) {
        bus.emit('cart:refused', { itemName: event.itemName, message: error });
        bus.emit('toast', { kind: 'error', message: error });
      }
    }),
    bus.on('cart:remove', ({ itemName }) => useCartStore.getState().remove(itemName)),
    bus.on('cart:set-term', ({ itemName, months }) => useCartStore.getState().setTerm(itemName, months)),
    bus.on('cart:clear', () => useCartStore.getState().clear()),
    bus.on('cart:sold-out', ({ itemNames }) => useCartStore.getState().markSoldOut(itemNames)),
    bus.on('cart:premiums', ({ checked, premiums }) =>
      useCartStore.getState().updatePremiums(checked, premiums),
    ),
  ];
  return () => {
    stopped = true;
    globalThis.removeEventListener?.('storage', onStorage);
    stops.forEach((stop) => stop());
  };
}
