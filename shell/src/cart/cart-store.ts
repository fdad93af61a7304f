import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { bus } from '@registry/bus';

export type CartLine = { itemName: string };

type CartState = {
  items: CartLine[];
  replaceItems(items: CartLine[]): void;
  clear(): void;
};

/** The shell owns the cart; every change is announced on the bus for the remotes. */
export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      items: [],
      replaceItems: (items) => set({ items }),
      clear: () => set({ items: [] }),
    }),
    { name: 'cart' },
  ),
);

useCartStore.subscribe((state, previous) => {
  if (state.items === previous.items) return;
  bus.emit('cart:changed', {
    count: state.items.length,
    itemNames: state.items.map((item) => item.itemName),
  });
});
