import { lazy, Suspense, useEffect, useState } from 'react';
import type { Suggestion } from '@registry/contracts/domains';
import { formatAmount } from '@registry/contracts/pricing';
import { Card } from '@registry/ui/card';
import { Spinner } from '@registry/ui/spinner';
import { Table } from '@registry/ui/table';
import { AddToCartButton } from '@registry/ui/add-to-cart-button';
import { hbarAtRate, useUsdPerHbar } from '../../../hooks/use-hbar-price';
import { fetchSuggestions } from '../api/suggestions-api';
import { donutSlices } from '../donut-data';

// Named so the first-load check can tell the chart (nivo and its d3 parts) stayed out of the first load.
const SuggestionsDonut = lazy(
  () => import(/* webpackChunkName: "suggestions-donut" */ './suggestions-donut'),
);

type Loaded = { state: 'loading' } | { state: 'ready'; suggestions: Suggestion[] } | { state: 'failed' };

/** Names like the searched one: a table with prices and add-to-cart, and a donut of the closest ones. */
export function SuggestionsPanel({ name }: { name: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const usdPerHbar = useUsdPerHbar();

  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    fetchSuggestions(name).then(
      (suggestions) => current && setLoaded({ state: 'ready', suggestions }),
      () => current && setLoaded({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [name]);

  if (loaded.state === 'loading') return <Spinner label="Finding suggestions…" />;
  // Suggestions are extra: when they cannot load the search result stands alone.
  if (loaded.state === 'failed' || loaded.suggestions.length === 0) return null;
  // Priced in USD: the HBAR column follows the header's rate line.
  const suggestions = loaded.suggestions.map((suggestion) => ({
    ...suggestion,
    price: hbarAtRate(suggestion.priceUsd, suggestion.price, usdPerHbar),
    // A name released lately costs more for a while, as its search result says.
    premiumNow: suggestion.premium
      ? {
          hbar: hbarAtRate(suggestion.premium.priceUsd, suggestion.premium.price, usdPerHbar),
          usd: suggestion.premium.priceUsd,
        }
      : undefined,
  }));
  const slices = donutSlices(suggestions);

  return (
    <Card className="suggestions" aria-labelledby="suggestions-heading">
      <h2 id="suggestions-heading" className="suggestions__heading">
        Suggestions
      </h2>
      <div className="suggestions__layout">
        <Table
          caption={`Suggestions for ${name}`}
          rowKey={(suggestion) => suggestion.name}
          rows={suggestions}
          columns={[
            {
              header: 'Domain',
              cell: (suggestion) => (
                <span className="suggestions__domain">
                  <span>{suggestion.name}</span>
                  {suggestion.premiumNow && suggestion.premium ? (
                    <span className="suggestions__premium" data-testid="suggestion-premium">
                      + {formatAmount(suggestion.premiumNow.hbar)} HBAR premium until{' '}
                      {new Date(suggestion.premium.endsOn).toLocaleDateString()}
                    </span>
                  ) : null}
                  <AddToCartButton
                    name={suggestion.name}
                    basePrice={suggestion.price}
                    basePriceUsd={suggestion.priceUsd}
                    {...(suggestion.premiumNow ? { premium: suggestion.premiumNow } : {})}
                    variant="ghost"
                  />
                </span>
              ),
            },
            {
              header: 'Price in USD',
              cell: (suggestion) => formatAmount(suggestion.priceUsd),
            },
            { header: 'Price in Hbar per year', cell: (suggestion) => formatAmount(suggestion.price) },
          ]}
        />
        {slices.length > 0 ? (
          <figure className="suggestions__chart">
            <div
              className="suggestions__donut"
              role="img"
              aria-label={`Closest suggestions: ${slices.map((slice) => `${slice.label} ${slice.value}%`).join(', ')}`}
            >
              <Suspense fallback={<Spinner label="Drawing the chart…" />}>
                <SuggestionsDonut slices={slices} />
              </Suspense>
            </div>
            <figcaption>
              <ul className="suggestions__legend">
                {slices.map((slice) => (
                  <li key={slice.id}>
                    <span
                      className="suggestions__swatch"
                      style={{ background: slice.color }}
                      aria-hidden="true"
                    />
                    {slice.label} · {slice.value}% alike
                  </li>
                ))}
              </ul>
            </figcaption>
          </figure>
        ) : null}
      </div>
      <p className="suggestions__note">
        Adding a domain to your cart does not hold it: someone else can still buy it before you pay.
      </p>
    </Card>
  );
}
