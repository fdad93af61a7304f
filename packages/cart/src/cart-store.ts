import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { bus } from '@registry/bus';
import type { CartAddEvent } from '@registry/contracts/bus-events';
import {
  addToCart,
  CART_MESSAGES,
  checkoutWebProtection,
  DEFAULT_TERM_MONTHS,
  priceForTerm,
  TAX,
  TERM_MONTHS,
  type TermMonths,
} from '@registry/contracts/pricing';

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

export function newCartItem(
  itemName: string,
  basePrice: number,
  months: number = DEFAULT_TERM_MONTHS,
): CartItem {
  const term = isTerm(months) ? months : DEFAULT_TERM_MONTHS;
  const price = priceForTerm(basePrice, term);
  return {
    itemId: crypto.randomUUID(),
    itemName,
    orderType: 'W3',
    months: term,
    price,
    basePrice,
    priceUnit: 'HBAR',
    webProtection: checkoutWebProtection(price),
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
  /** Adds a domain: duplicates are ignored, a third is refused with the origin's message. */
  add(event: CartAddEvent): { added: boolean; error?: string };
  remove(itemName: string): void;
  setTerm(itemName: string, months: number): void;
  /** Flags the names someone else bought (excluded from totals). */
  markSoldOut(itemNames: string[]): void;
  clear(): void;
};

/**
 * The cart. One instance per page (a Module Federation singleton); the shell restores it from storage,
 * persists it and applies the bus events remotes send (`startCartSync`).
 */
export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      items: [],
      add({ itemName, basePrice, months, origin }) {
        const result = addToCart(get().items, newCartItem(itemName, basePrice, months));
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
            const price = priceForTerm(item.basePrice, months);
            return { ...item, months, price, webProtection: checkoutWebProtection(price) };
          }),
        });
      },
      markSoldOut: (itemNames) =>
        set({
          items: get().items.map((item) => ({ ...item, soldOut: itemNames.includes(item.itemName) ? 1 : 0 })),
        }),
      clear: () => set({ items: [] }),
    }),
    { name: 'cart', skipHydration: true, partialize: (state) => ({ items: state.items }) },
  ),
);

/**
 * Run by the shell, which owns the cart: restores it, applies the remotes' bus events and announces
 * each change. Returns the stop function.
 */
export function startCartSync(): () => void {
  const announce = (items: CartItem[]) =>
    bus.emit('cart:changed', { count: items.length, itemNames: items.map((item) => item.itemName) });
  // The restored cart is announced once, so listeners know where changes start from.
  void Promise.resolve(useCartStore.persist.rehydrate()).then(() => announce(useCartStore.getState().items));
  const stops = [
    useCartStore.subscribe((state, previous) => {
      if (state.items !== previous.items) announce(state.items);
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
  ];
  return () => stops.forEach((stop) => stop());
}
