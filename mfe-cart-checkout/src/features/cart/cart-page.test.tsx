// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bus } from '@registry/bus';
import { newCartItem, useCartStore } from '@registry/cart/cart-store';
import { CartPage } from './cart-page';

const events: { name: string; payload: unknown }[] = [];
const offs: (() => void)[] = [];
beforeEach(() => {
  events.length = 0;
  for (const name of ['toast', 'navigate', 'cart:sold-out', 'cart:remove', 'cart:set-term'] as const)
    offs.push(bus.on(name, (payload) => events.push({ name, payload })));
  useCartStore.setState({ items: [], restored: true });
});
afterEach(() => {
  cleanup();
  offs.splice(0).forEach((off) => off());
  vi.unstubAllGlobals();
});

function serveTaken(answer: (() => Response) | 'network-error') {
  const fetchMock = vi.fn(async () => {
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the cart page', () => {
  it('says the cart is empty, with a way to search', () => {
    serveTaken(() => Response.json({ taken: [] }));
    render(<CartPage />);
    expect(screen.getByText('No items found. Add items to cart to continue.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Search Domains' }));
    expect(events).toContainEqual({ name: 'navigate', payload: { to: '/gui/domains/web3' } });
  });

  it('totals what is for sale, flags names the server says were bought, and changes the cart through the bus', async () => {
    const fetchMock = serveTaken(() => Response.json({ taken: [{ itemName: 'b.hbar' }] }));
    useCartStore.setState({ items: [newCartItem('a.hbar', 10, 24), newCartItem('b.hbar', 10)] });
    render(<CartPage />);
    await vi.waitFor(() =>
      expect(events).toContainEqual({ name: 'cart:sold-out', payload: { itemNames: ['b.hbar'] } }),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => useCartStore.getState().markSoldOut(['b.hbar']));
    expect(screen.getByText('20.00 HBAR', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Sold out' })).toBeTruthy();
    fireEvent.change(screen.getAllByLabelText('Term')[0]!, { target: { value: '36' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove b.hbar' }));
    expect(events).toContainEqual({ name: 'cart:set-term', payload: { itemName: 'a.hbar', months: 36 } });
    expect(events).toContainEqual({ name: 'cart:remove', payload: { itemName: 'b.hbar' } });
  });

  it.each([
    ['no answer', 'network-error' as const, 'Something went wrong :[RESV:CR-9001]'],
    ['a bad answer', () => Response.json({ unexpected: true }), 'Something went wrong :[RESV:CR-9002]'],
    [
      'an error answer',
      () => Response.json({ code: 'X', message: 'x' }, { status: 500 }),
      'Something went wrong :[RESV:CR-9002]',
    ],
  ])('after %s from the taken-check: the toast, then home', async (_case, answer, message) => {
    serveTaken(answer);
    useCartStore.setState({ items: [newCartItem('a.hbar', 10)] });
    render(<CartPage />);
    await vi.waitFor(() =>
      expect(events).toContainEqual({ name: 'toast', payload: { kind: 'error', message } }),
    );
    expect(events).toContainEqual({ name: 'navigate', payload: { to: '/' } });
  });
});
