import { useBusValue } from './use-bus-value';

/** '1 HBAR : 0.123 USD', three decimals, as soon as a rate has been published on the bus. */
export function RateLine() {
  const rate = useBusValue('rate:updated');
  return (
    <span className="rate-line" data-testid="rate-line">
      1 HBAR : {rate ? rate.usdPerHbar.toFixed(3) : '…'} USD
    </span>
  );
}
