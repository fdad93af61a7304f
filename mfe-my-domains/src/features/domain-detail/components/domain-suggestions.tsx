import { useEffect, useState } from 'react';
import type { Suggestion } from '@registry/contracts/domains';
import { formatAmount } from '@registry/contracts/pricing';
import { AddToCartButton } from '@registry/ui/add-to-cart-button';
import { Table } from '@registry/ui/table';
import { myDomainsApi } from '../../../api/my-domains-api';

/** Spec section 2: a top-level domain's page suggests names like it that are still for sale. */
export function DomainSuggestions({ domain }: { domain: string }) {
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  useEffect(() => {
    let current = true;
    myDomainsApi
      .getSuggestions(domain)
      .then(({ suggestions: list }) => current && setSuggestions(list))
      // Suggestions are a bonus: when they cannot be read the page simply goes without them.
      .catch(() => current && setSuggestions([]));
    return () => {
      current = false;
    };
  }, [domain]);
  if (!suggestions || suggestions.length === 0) return null;
  return (
    <section className="domain-suggestions" aria-labelledby="domain-suggestions-heading">
      <h2 id="domain-suggestions-heading">Suggestions</h2>
      <Table
        caption="Suggestions"
        rowKey={(suggestion) => suggestion.name}
        rows={suggestions}
        columns={[
          { header: 'Domain', cell: (suggestion) => suggestion.name },
          {
            header: 'Price in Hbar per year',
            cell: (suggestion) => `${formatAmount(suggestion.price)} HBAR`,
          },
          {
            header: 'Add to cart',
            cell: (suggestion) => (
              <AddToCartButton
                name={suggestion.name}
                basePrice={suggestion.price}
                basePriceUsd={suggestion.priceUsd}
                variant="ghost"
              />
            ),
          },
        ]}
      />
      <p className="domain-suggestions__note">
        Adding a domain to your cart does not stop others from buying it.
      </p>
    </section>
  );
}
