import { bus } from '@registry/bus';
import { formatAmount } from '@registry/contracts/pricing';
import { paths } from '@registry/contracts/routes';
import { Badge } from '@registry/ui/badge';
import { Button } from '@registry/ui/button';
import { Card } from '@registry/ui/card';
import { AddToCartButton } from '@registry/ui/add-to-cart-button';
import { hbarAtRate, useUsdPerHbar } from '../../../hooks/use-hbar-price';
import type { SearchResult } from '../api/search-api';

const openCart = () => bus.emit('navigate', { to: paths.cart });

/** What a search found: available with its price and an add-to-cart button, taken, reserved, or an error. */
export function SearchResultCard({ result }: { result: SearchResult }) {
  const usdPerHbar = useUsdPerHbar();
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
  const priceUsd = availability.priceUsd ?? 0;
  const price = hbarAtRate(priceUsd, availability.price, usdPerHbar);
  const premium = availability.premium
    ? {
        hbar: hbarAtRate(availability.premium.priceUsd, availability.premium.price, usdPerHbar),
        usd: availability.premium.priceUsd,
      }
    : undefined;
  return (
    <Card className="search-result" aria-label={`Result for ${availability.name}`}>
      <p className="search-result__name">{availability.name}</p>
      <Badge tone="success">Available</Badge>
      <p className="search-result__price">
        <span data-testid="price-hbar">{formatAmount(price)} HBAR</span>
        <span data-testid="price-usd">{formatAmount(priceUsd)} USD</span>
      </p>
      {premium && availability.premium ? (
        // Released lately: it costs more for a while, so that nobody takes every freed name at once.
        <p className="search-result__premium" data-testid="premium">
          + {formatAmount(premium.hbar)} HBAR premium, falls to {formatAmount(price)} HBAR on{' '}
          {new Date(availability.premium.endsOn).toLocaleDateString()}
        </p>
      ) : null}
      <div className="search-result__actions">
        <AddToCartButton
          name={availability.name}
          basePrice={price}
          basePriceUsd={priceUsd}
          {...(premium ? { premium } : {})}
        />
        <Button variant="ghost" onClick={openCart}>
          Open Cart
        </Button>
      </div>
    </Card>
  );
}
