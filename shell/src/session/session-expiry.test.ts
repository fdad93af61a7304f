import { afterEach, describe, expect, it } from 'vitest';
import { bus } from '@registry/bus';
import { startCartSync, useCartStore } from '@registry/cart/cart-store';
import { clearStorageOnSessionExpiry } from './session-expiry';

describe('session expiry', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  it('clears local and session storage and the cart when any call answers 401', () => {
    const stopExpiry = clearStorageOnSessionExpiry();
    const stopCart = startCartSync();
    stop = () => {
      stopExpiry();
      stopCart();
    };
    bus.emit('cart:add', { itemName: 'alpha.hbar', basePrice: 10, origin: 'search-result' });
    localStorage.setItem('token', 'guest');
    sessionStorage.setItem('wallet', '{"publicKey":"0.0.5"}');
    const announced: number[] = [];
    const off = bus.on('cart:changed', (event) => announced.push(event.count));

    bus.emit('session:expired', {});

    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(useCartStore.getState().items).toEqual([]);
    expect(announced).toEqual([0]);
    off();
  });
});
