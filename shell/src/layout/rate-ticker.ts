import type { ApiClient } from '@registry/api-client/client';
import { bus } from '@registry/bus';

/** Spec: the rate is refreshed every 10 minutes. */
export const RATE_REFRESH_MS = 600_000;

/** Fetches the HBAR rate now and every 10 minutes, and publishes it on the bus. Returns the stop function. */
export function startRateTicker(getRate: ApiClient['getRate'], intervalMs = RATE_REFRESH_MS): () => void {
  const refresh = async () => {
    try {
      bus.emit('rate:updated', await getRate());
    } catch {
      // Keep the last rate; the next tick tries again.
    }
  };
  void refresh();
  const timer = setInterval(() => void refresh(), intervalMs);
  return () => clearInterval(timer);
}
