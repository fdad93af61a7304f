import { bus } from '@registry/bus';
import { Button } from './button';

/** The add-to-cart icon of a name on sale: 12 months, as a search result adds it. */
export function AddToCartButton({
  name,
  basePrice,
  basePriceUsd,
  premium,
  variant,
}: {
  name: string;
  basePrice: number;
  /** The USD price the HBAR one follows: the cart keeps following the rate. */
  basePriceUsd?: number;
  /** A released name's premium, added once to its line. */
  premium?: { hbar: number; usd: number };
  variant?: 'ghost';
}) {
  return (
    <Button
      {...(variant ? { variant } : {})}
      aria-label={`Add ${name} to cart`}
      title={`Add ${name} to cart`}
      onClick={() =>
        bus.emit('cart:add', {
          itemName: name,
          basePrice,
          ...(basePriceUsd !== undefined ? { basePriceUsd } : {}),
          ...(premium ? { premium: premium.hbar, premiumUsd: premium.usd } : {}),
          months: 12,
          origin: 'search-result',
        })
      }
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path fill="currentColor" d="M11 11V5h2v6h6v2h-6v6h-2v-6H5v-2z" />
      </svg>
    </Button>
  );
}
