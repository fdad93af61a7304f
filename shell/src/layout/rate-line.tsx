import { useBusValue } from './use-bus-value';

/** A rate read longer ago than this (the server could not reach the price service) shows its age. */
export const RATE_STALE_AFTER_MS = 15 * 60_000;

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });

/**
 * '1 HBAR : 0.123 USD', three decimals, as soon as a rate has been published on the bus; an old rate
 * (the last one known while the price service is out of reach) says when it was read.
 */
export function RateLine({ now = Date.now }: { now?: () => number }) {
  const rate = useBusValue('rate:updated');
  const stale = rate !== undefined && now() - Date.parse(rate.fetchedAt) > RATE_STALE_AFTER_MS;
  return (
    <span className="rate-line" data-testid="rate-line">
      1 HBAR : {rate ? rate.usdPerHbar.toFixed(3) : '…'} USD
      {stale ? <span className="rate-line__age"> (rate of {timeOf(rate.fetchedAt)})</span> : null}
    </span>
  );
}
