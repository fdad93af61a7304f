import { useState } from 'react';
import { bus } from '@registry/bus';
import { Badge } from '@registry/ui/badge';
import { EmptyState } from '@registry/ui/empty-state';
import { pageCount, pageItems } from '@registry/ui/pagination';
import type { DomainCardData } from '../api/list-domains';

/** Spec: domain cards 10 per page. */
export const CARDS_PER_PAGE = 10;

const go = (href: string) => bus.emit('navigate', { to: href });

function DomainCard({ card }: { card: DomainCardData }) {
  return (
    <li>
      <button type="button" className="domain-card" onClick={() => go(card.href)}>
        <span className="domain-card__name">{card.name}</span>
        <span className="domain-card__badges">
          {card.primary ? <Badge tone="success">Primary name</Badge> : null}
          <Badge
            tone={card.status === 'Active' ? 'success' : card.status === 'Inprogress' ? 'warning' : 'danger'}
          >
            {card.status}
          </Badge>
          {card.status === 'Inprogress' ? null : (
            <Badge tone={card.subscribed ? 'success' : 'neutral'}>
              {card.subscribed ? 'Subscribed' : 'Not Subscribed'}
            </Badge>
          )}
        </span>
        {card.expiresOn ? (
          <span className="domain-card__expiry">Expires {new Date(card.expiresOn).toLocaleDateString()}</span>
        ) : null}
      </button>
    </li>
  );
}

/** The cards of one tab, 10 at a time, with a 'Next List' card and an 'Add New Domain' card. */
export function DomainGrid({ cards, onAddNew }: { cards: DomainCardData[]; onAddNew: () => void }) {
  const [page, setPage] = useState(0);
  if (cards.length === 0) return <EmptyState message="No Domains Found" />;
  const pages = pageCount(cards.length, CARDS_PER_PAGE);
  return (
    <ul className="domain-grid" aria-label={`Domains, page ${page + 1} of ${pages}`}>
      {pageItems(cards, page, CARDS_PER_PAGE).map((card) => (
        <DomainCard key={card.name} card={card} />
      ))}
      {pages > 1 ? (
        <li>
          <button
            type="button"
            className="domain-card domain-card--action"
            onClick={() => setPage((page + 1) % pages)}
          >
            Next List
          </button>
        </li>
      ) : null}
      <li>
        <button type="button" className="domain-card domain-card--action" onClick={onAddNew}>
          Add New Domain
        </button>
      </li>
    </ul>
  );
}
