import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedLeases } from './feed-leases';
import { LedgerWatcher } from './ledger-watcher';

/** A watcher on a quiet ledger, counting its looks for open quotes and its reads of the payments feed. */
function quietWatcher(openQuote: () => boolean) {
  const counts = { looks: 0, paymentReads: 0 };
  const leases = {
    lead: async () => '0',
    advance: async () => true,
    release: async () => undefined,
  } as unknown as FeedLeases;
  const watcher = new LedgerWatcher({
    leases,
    mirror: {
      transactionsPage: async () => {
        counts.paymentReads += 1;
        return { items: [], next: null };
      },
      tokenNftsPage: async () => ({ items: [], next: null }),
      networkTransfersPage: async () => ({ items: [], next: null }),
    },
    treasuryAccountId: '0.0.2',
    takePayment: async () => ({ taking: 'not-a-payment', jobKeys: [] }),
    collections: async () => [],
    followNfts: async () => [],
    followTransfers: async () => [],
    paymentsExpected: async () => {
      counts.looks += 1;
      return openQuote();
    },
    kickJobs: () => undefined,
  });
  return { watcher, counts };
}

describe('ledger watcher between full rounds', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('looks for an open quote once a full round while none is open', async () => {
    const { watcher, counts } = quietWatcher(() => false);
    watcher.start(1000, 200);
    await vi.advanceTimersByTimeAsync(5000);
    await watcher.stop();
    // Five full rounds: five looks (25 payments rounds would have made 25), and no extra reads.
    expect(counts.looks).toBeGreaterThanOrEqual(4);
    expect(counts.looks).toBeLessThanOrEqual(6);
    expect(counts.paymentReads).toBe(5);
  });

  it('reads the payments feed every payments round while a quote is open', async () => {
    const { watcher, counts } = quietWatcher(() => true);
    watcher.start(1000, 200);
    await vi.advanceTimersByTimeAsync(2000);
    await watcher.stop();
    // 10 payments rounds (2 of them at a full round's time, which reads the feed itself) and 2 full rounds.
    expect(counts.looks).toBeGreaterThanOrEqual(8);
    expect(counts.paymentReads).toBeGreaterThanOrEqual(10);
  });

  it('looks again at the next payments round once this server issues a quote', async () => {
    let open = false;
    const { watcher, counts } = quietWatcher(() => open);
    watcher.start(1000, 200);
    // Just after a look that found none: the next would come a full round later.
    await vi.advanceTimersByTimeAsync(1250);
    const looksBefore = counts.looks;
    const readsBefore = counts.paymentReads;
    open = true;
    watcher.quoteIssued();
    await vi.advanceTimersByTimeAsync(200);
    await watcher.stop();
    expect(counts.looks).toBe(looksBefore + 1);
    expect(counts.paymentReads).toBe(readsBefore + 1);
  });
});
