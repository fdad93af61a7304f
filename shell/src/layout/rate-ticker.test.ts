import { afterEach, describe, expect, it, vi } from 'vitest';
import { bus } from '@registry/bus';
import { RATE_REFRESH_MS, startRateTicker } from './rate-ticker';

afterEach(() => vi.useRealTimers());

describe('rate ticker', () => {
  it('publishes the rate at once and again every 600000 ms, keeping the last one when a fetch fails', async () => {
    vi.useFakeTimers();
    const rates = [0.05, 0.06];
    const getRate = vi.fn(async () => {
      const usdPerHbar = rates.shift();
      if (usdPerHbar === undefined) throw new Error('offline');
      return { usdPerHbar, fetchedAt: new Date().toISOString() };
    });
    const published: number[] = [];
    const off = bus.on('rate:updated', ({ usdPerHbar }) => published.push(usdPerHbar));
    const stop = startRateTicker(getRate);
    await vi.advanceTimersByTimeAsync(0);
    expect(published).toEqual([0.05]);
    await vi.advanceTimersByTimeAsync(RATE_REFRESH_MS - 1);
    expect(getRate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(published).toEqual([0.05, 0.06]);
    await vi.advanceTimersByTimeAsync(RATE_REFRESH_MS);
    expect(getRate).toHaveBeenCalledTimes(3);
    expect(published).toEqual([0.05, 0.06]);
    expect(bus.last('rate:updated')?.usdPerHbar).toBe(0.06);
    stop();
    off();
  });
});
