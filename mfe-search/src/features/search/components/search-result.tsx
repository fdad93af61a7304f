import { bus } from '@registry/bus';
import { formatAmount } from '@registry/contracts/pricing';
import { paths } from '@registry/contracts/routes';
import { Badge } from '@registry/ui/badge';
import { Button } from '@registry/ui/button';
import { Card } from '@registry/ui/card';
import type { SearchResult } from '../api/search-api';

const openCart = () => bus.emit('navigate', { to: paths.cart });

/** What a search found: available with its price and an add-to-cart button, taken, reserved, or an error. */
export function SearchResultCard({ result }: { result: SearchResult }) {
  if (result.kind === 'error') {
    return (
      <p className="search-result__error" role="alert">
        {result.message}
      </p>
    );
  }
  if (result.kind === 'subdomain') {
    return (
      <Card className="search-result" aria-label={`Result for ${result.name}`}>
        <p className="search-result__name">{result.name}</p>
        {result.taken ? (
          <Badge tone="danger">Not available</Badge>
        ) : (
          <>
            <Badge tone="success">Available</Badge>
            <p className="search-result__note">
              The owner of {result.parent} books its subdomains from the domain&apos;s detail page.
            </p>
          </>
        )}
      </Card>
    );
  }
  const { availability } = result;
  if (!availability.available || availability.price === null) {
    return (
      <Card className="search-result" aria-label={`Result for ${availability.name}`}>
        <p className="search-result__name">{availability.name}</p>
        <Badge tone={availability.reserved ? 'warning' : 'danger'}>
          {availability.reserved ? 'Reserved' : 'Not available'}
        </Badge>
      </Card>
    );
  }
  const price = availability.price;
  return (
    <Card className="search-result" aria-label={`Result for ${availability.name}`}>
      <p className="search-result__name">{availability.name}</p>
      <Badge tone="success">Available</Badge>
      <p className="search-result__price">
        <span data-testid="price-hbar">{formatAmount(price)} HBAR</span>
        <span data-testid="price-usd">{formatAmount(availability.priceUsd ?? 0)} USD</span>
      </p>
      <div className="search-result__actions">
        <Button
          aria-label={`Add ${availability.name} to cart`}
          onClick={() =>
            bus.emit('cart:add', {
              itemName: availability.name,
              basePrice: price,
              months: 12,
              origin: 'search-result',
            })
          }
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M11 11V5h2v6h6v2h-6v6h-2v-6H5v-2z" />
          </svg>
        </Button>
        <Button variant="ghost" onClick={openCart}>
          Open Cart
        </Button>
      </div>
    </Card>
  );
}
