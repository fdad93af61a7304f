import { describe, expect, it, vi } from 'vitest';
import { LocalWallet } from './local-wallet';
import { PAYMENT_RESULT } from './wallet-port';
import { memoryStorage } from './memory-storage';

describe('Local Wallet', () => {
  it('opens its account from the faucet once per profile and tells listeners when it disconnects', async () => {
    const fetch = vi.fn(async () => Response.json({ accountId: '0.0.1234', balanceHbar: 10000 }));
    const storage = memoryStorage();
    const wallet = new LocalWallet({
      baseUrl: 'http://registry.test',
      storage,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    expect(await wallet.connect()).toEqual({ accountId: '0.0.1234' });
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('http://registry.test/ledger/faucet');

    const again = new LocalWallet({
      baseUrl: 'http://registry.test',
      storage,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    expect(await again.connect()).toEqual({ accountId: '0.0.1234' });
    expect(fetch).toHaveBeenCalledTimes(1);

    const listener = vi.fn();
    const off = wallet.onDisconnect(listener);
    await wallet.disconnect();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(wallet.accountId()).toBeNull();
    expect((await wallet.pay({ to: '0.0.2', amountTinybars: 1n, memo: 'm' })).result).toBe(
      PAYMENT_RESULT.noWallet,
    );
    off();
  });

  it('answers -9 when the ledger cannot be reached', async () => {
    const storage = memoryStorage();
    storage.setItem(
      'local-wallet',
      JSON.stringify({
        accountId: '0.0.1234',
        privateKey: '302e020100300506032b657004220420' + '11'.repeat(32),
      }),
    );
    const fetch = vi.fn(async () => {
      throw new TypeError('network down');
    });
    const wallet = new LocalWallet({
      baseUrl: 'http://registry.test',
      storage,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    await wallet.connect();
    expect((await wallet.pay({ to: '0.0.2', amountTinybars: 100n, memo: 'm' })).result).toBe(
      PAYMENT_RESULT.exception,
    );
  });
});
