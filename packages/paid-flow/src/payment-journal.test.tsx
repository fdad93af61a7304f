// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@registry/api-client/client';
import type { QuoteRequest, QuoteResponse } from '@registry/contracts/orders';
import type { WalletPort } from '@registry/wallet/wallet-port';
import { sessionJournal } from './payment-journal';
import { usePaidAction, type PaidActionHookDeps } from './use-paid-action';

afterEach(() => sessionStorage.clear());

const request: QuoteRequest = {
  kind: 'domains',
  items: [{ itemName: 'a.hbar', months: 12, isWebProtectionOn: false }],
};
const quote = (orderId: string): QuoteResponse => ({
  orderId,
  kind: 'domains',
  lines: [
    { itemName: 'a.hbar', months: 12, price: 10, isWebProtectionOn: false, webProtection: 2.5, isSub: 0 },
  ],
  discounts: [],
  subtotalHbar: 10,
  totalHbar: 10,
  amountTinybars: '1000000000',
  treasuryAccountId: '0.0.2',
  memo: orderId,
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
});

function fakes() {
  let orders = 0;
  const api = {
    quoteOrder: vi.fn(async () => quote(`00000000-0000-4000-8000-00000000000${++orders}`)),
    confirmOrder: vi.fn(async (orderId: string, _transactionId: string) => ({
      status: 1 as const,
      orderId,
      resData: [{ itemName: 'a.hbar', status: 22 }],
      refundedTinybars: '0',
    })),
    withdrawOrder: vi.fn(async (_orderId: string) => ({ withdrawn: true as const })),
    getDomainDetails: vi.fn(),
    checkDeliveries: vi.fn(async () => ({ delivered: [], pending: [] })),
  };
  const wallet = {
    accountId: () => '0.0.1001',
    pay: vi.fn(async () => ({ result: 1 as const, transactionId: `0.0.1001@1700000000.00000000${orders}` })),
    associateToken: vi.fn(),
  } as unknown as WalletPort & { pay: ReturnType<typeof vi.fn> };
  return { api, wallet };
}

const mount = (deps: PaidActionHookDeps) => renderHook(() => usePaidAction(deps)).result;

describe('a paid action with a journal', () => {
  it('confirms a payment made before a failed confirm and a reload, without paying again', async () => {
    const { api, wallet } = fakes();
    api.confirmOrder.mockRejectedValueOnce(new ApiRequestError(502, 'MIRROR_LAG', 'not seen yet'));
    const deps = { api: api as unknown as PaidActionHookDeps['api'], wallet: async () => wallet };

    const first = mount({ ...deps, journal: sessionJournal('checkout') });
    let outcome;
    await act(async () => {
      outcome = await first.current.run(request);
    });
    expect(outcome).toMatchObject({ ok: false, stage: 'confirmation' });
    expect(wallet.pay).toHaveBeenCalledTimes(1);

    // The page is reloaded: a new hook, the same tab's journal.
    const second = mount({ ...deps, journal: sessionJournal('checkout') });
    expect(second.current.unconfirmed()?.progress.transactionId).toBe('0.0.1001@1700000000.000000001');
    await act(async () => {
      outcome = await second.current.run(request);
    });
    expect(outcome).toMatchObject({ ok: true, delivered: ['a.hbar'] });
    expect(wallet.pay).toHaveBeenCalledTimes(1);
    expect(api.quoteOrder).toHaveBeenCalledTimes(1);
    expect(api.confirmOrder.mock.calls.map(([orderId, transactionId]) => [orderId, transactionId])).toEqual([
      ['00000000-0000-4000-8000-000000000001', '0.0.1001@1700000000.000000001'],
      ['00000000-0000-4000-8000-000000000001', '0.0.1001@1700000000.000000001'],
    ]);
    expect(second.current.unconfirmed()).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('forgets an action the wallet refused (nothing was paid), and ignores a second click', async () => {
    const { api, wallet } = fakes();
    wallet.pay.mockResolvedValueOnce({ result: 0 });
    const action = mount({
      api: api as unknown as PaidActionHookDeps['api'],
      wallet: async () => wallet,
      journal: sessionJournal('checkout'),
    });
    let outcomes: unknown[] = [];
    await act(async () => {
      outcomes = await Promise.all([action.current.run(request), action.current.run(request)]);
    });
    expect(outcomes[0]).toMatchObject({
      ok: false,
      result: 0,
      error: { message: 'Purchase of domain failed' },
    });
    expect(outcomes[1]).toBeNull();
    expect(wallet.pay).toHaveBeenCalledTimes(1);
    // Nothing was paid: the quote is withdrawn, so its names are free again at once.
    expect(api.withdrawOrder.mock.calls).toEqual([['00000000-0000-4000-8000-000000000001']]);
    expect(action.current.unconfirmed()).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });
});
