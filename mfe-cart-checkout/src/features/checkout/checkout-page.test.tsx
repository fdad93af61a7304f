// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bus } from '@registry/bus';
import { newCartItem, useCartStore } from '@registry/cart/cart-store';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { CheckoutPage } from './checkout-page';

const events: { name: string; payload: unknown }[] = [];
const offs: (() => void)[] = [];
beforeEach(() => {
  events.length = 0;
  for (const name of ['toast', 'navigate', 'wallet:connect-requested'] as const)
    offs.push(bus.on(name, (payload) => events.push({ name, payload })));
  useCartStore.setState({ items: [newCartItem('alice.hbar', 10)], restored: true });
});
afterEach(() => {
  cleanup();
  offs.splice(0).forEach((off) => off());
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const preview = {
  kind: 'domains',
  lines: [
    { itemName: 'alice.hbar', months: 12, price: 10, isWebProtectionOn: false, webProtection: 2.5, isSub: 0 },
  ],
  discounts: [{ id: 'early-access', label: 'Early access discount', percent: 25, amount: 2.5 }],
  subtotalHbar: 10,
  totalHbar: 7.5,
};
const availability = (change: Record<string, unknown>) => ({
  name: 'alice.hbar',
  status: 1,
  available: true,
  reserved: false,
  networkDown: false,
  price: 10,
  priceUsd: 0.5,
  ...change,
});

/** The server as fetch sees it, by path. */
function serve(answers: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      const answer = Object.entries(answers).find(([prefix]) => path.startsWith(prefix));
      if (!answer) throw new TypeError(`Failed to fetch ${path}`);
      return answer[1]();
    }),
  );
}

describe('the checkout page', () => {
  it('asks for a wallet when none is connected', () => {
    useWalletSession.setState({ status: 'disconnected', accountId: null });
    render(<CheckoutPage />);
    expect(screen.getByRole('heading', { name: 'Wallet not connected' })).toBeTruthy();
    expect(screen.getByText('Please connect wallet to proceed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(events).toContainEqual({ name: 'wallet:connect-requested', payload: {} });
  });

  it("shows the server's purchase details with the discounts, and the total payable", async () => {
    useWalletSession.setState({ status: 'paired', accountId: '0.0.1001' });
    serve({ '/api/orders/preview': () => Response.json(preview) });
    render(<CheckoutPage />);
    const details = await screen.findByRole('region', { name: 'Purchase Details' });
    expect(details.textContent).toContain('alice.hbar12 months10.00 HBAR');
    expect(details.textContent).toContain('Early access discount (25%)−2.50 HBAR');
    expect(details.textContent).toContain('Total Payable7.50 HBAR');
  });

  it.each([
    [
      'the network is down',
      () => Response.json(availability({ status: -9, available: false, networkDown: true, msg: 'HCS-DOWN' })),
      'HCS link is down',
    ],
    [
      'the check fails',
      () => Response.json({ code: 'X', message: 'x' }, { status: 500 }),
      'Something went wrong-[PY-5575]',
    ],
  ])('does not pay when %s before the payment', async (_case, answer, message) => {
    useWalletSession.setState({ status: 'paired', accountId: '0.0.1001' });
    const adapter = vi.fn(async () => null);
    useWalletSession.setState({ adapter });
    serve({ '/api/orders/preview': () => Response.json(preview), '/api/domains/availability': answer });
    render(<CheckoutPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    await vi.waitFor(() =>
      expect(events).toContainEqual({ name: 'toast', payload: { kind: 'error', message } }),
    );
    expect(adapter).not.toHaveBeenCalled();
  });
});
