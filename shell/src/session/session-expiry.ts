import { bus } from '@registry/bus';
import { useCartStore } from '@registry/cart/cart-store';

/** A 401 from any call clears everything the browser stored (spec section 4). Returns the unsubscribe. */
export function clearStorageOnSessionExpiry(): () => void {
  return bus.on('session:expired', () => {
    useCartStore.getState().clear();
    localStorage.clear();
    sessionStorage.clear();
  });
}
