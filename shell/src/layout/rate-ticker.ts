import { bus } from '@registry/bus';

/** Spec: the rate is refreshed every 10 minutes. */
export const RATE_REFRESH_MS = 600_000;

/** Fetches the HBAR rate now and every 10 minutes, and publishes it on the bus. Returns the stop function. */
export function startRateTicker(fetchImpl: typeof fetch = fetch, intervalMs = RATE_REFRESH_MS): () => void {
  const refresh = async () => {
    try {
      const response = await fetchImpl('/api/rate');
      if (!response.ok) return;
      const { usdPerHbar, fetchedAt } = (await response.json()) as { usdPerHbar: number; fetchedAt: string };
      bus.emit('rate:updated', { usdPerHbar, fetchedAt });
    } catch {
      // Keep the last rate; the next tick tries again.
    }
  };
  void refresh();
  const timer = setInterval(() => void refresh(), intervalMs);
  return () => clearInterval(timer);
}
