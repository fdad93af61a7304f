import { useEffect, useState } from 'react';
import { bus } from '@registry/bus';
import { usdToHbar } from '@registry/contracts/pricing';

/** USD for one HBAR, as the shell's rate ticker publishes it (null until the first rate). */
export function useUsdPerHbar(): number | null {
  const [rate, setRate] = useState(() => bus.last('rate:updated')?.usdPerHbar ?? null);
  useEffect(() => bus.onWithLast('rate:updated', (update) => setRate(update.usdPerHbar)), []);
  return rate;
}

/**
 * A price set in USD, in HBAR at the rate line's rate: it follows the header when the rate refreshes.
 * Until the page has a rate, the HBAR the server priced it at.
 */
export function hbarAtRate(priceUsd: number, serverHbar: number, usdPerHbar: number | null): number {
  return usdPerHbar !== null && usdPerHbar > 0 ? usdToHbar(priceUsd, usdPerHbar) : serverHbar;
}
