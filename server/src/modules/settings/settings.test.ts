import { describe, expect, it, vi } from 'vitest';
import { CachedPriceSource, coinGeckoUsdPerHbar } from './service';

describe('price sources', () => {
  it("reads CoinGecko's simple price", async () => {
    const fetch = vi.fn(async () => Response.json({ 'hedera-hashgraph': { usd: 0.0712 } }));
    await expect(coinGeckoUsdPerHbar(fetch as unknown as typeof globalThis.fetch)).resolves.toBe(0.0712);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe(
      'https://api.coingecko.com/api/v3/simple/price?ids=hedera-hashgraph&vs_currencies=usd',
    );
  });

  it('refuses an answer without the rate', async () => {
    const fetch = vi.fn(async () => Response.json({ other: {} }));
    await expect(coinGeckoUsdPerHbar(fetch as unknown as typeof globalThis.fetch)).rejects.toThrow();
  });

  it('keeps a rate for 10 minutes and the last good one when the source fails', async () => {
    let clock = 0;
    const source = vi
      .fn<() => Promise<number>>()
      .mockResolvedValueOnce(0.05)
      .mockResolvedValueOnce(0.06)
      .mockRejectedValueOnce(new Error('down'));
    const cached = new CachedPriceSource(source, 600_000, () => clock);
    expect(await cached.usdPerHbar()).toBe(0.05);
    clock = 599_999;
    expect(await cached.usdPerHbar()).toBe(0.05);
    clock = 600_000;
    expect(await cached.usdPerHbar()).toBe(0.06);
    clock = 1_300_000;
    expect(await cached.usdPerHbar()).toBe(0.06);
    expect(source).toHaveBeenCalledTimes(3);
  });

  it('answers the same rate, read at the same time, until it reads the source again', async () => {
    let clock = 1_000;
    const cached = new CachedPriceSource(
      async () => 0.05,
      600_000,
      () => clock,
    );
    const first = await cached.rate();
    expect(first).toEqual({ usdPerHbar: 0.05, fetchedAt: new Date(1_000) });
    clock = 2_000;
    expect(await cached.rate()).toBe(first);
    clock = 601_000;
    expect(await cached.rate()).toEqual({ usdPerHbar: 0.05, fetchedAt: new Date(601_000) });
  });
});
