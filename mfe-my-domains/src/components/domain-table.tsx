import type { OwnedDomain } from '@registry/contracts/my-domains';
import { paths } from '@registry/contracts/routes';
import { AppLink } from '@registry/ui/app-link';
import { Badge } from '@registry/ui/badge';
import { Table } from '@registry/ui/table';
import { activeLabel, dateText } from '../api/my-domains-api';

/** Owned domains, one row each, with Manage opening the domain's page (spec section 2, lists). */
export function DomainTable({
  caption,
  domains,
  selection,
  primaryName,
}: {
  caption: string;
  domains: OwnedDomain[];
  /** The account's primary name: its row is marked. */
  primaryName?: string | null;
  /** Rows that can be picked (to renew several at once). */
  selection?: { selected: ReadonlySet<string>; toggle: (name: string) => void };
}) {
  const pick = selection
    ? [
        {
          header: 'Select',
          cell: (domain: OwnedDomain) => (
            <input
              type="checkbox"
              aria-label={`Select ${domain.itemName}`}
              checked={selection.selected.has(domain.itemName)}
              onChange={() => selection.toggle(domain.itemName)}
            />
          ),
        },
      ]
    : [];
  return (
    <Table
      caption={caption}
      rowKey={(domain) => domain.itemName}
      rows={domains}
      columns={[
        ...pick,
        {
          header: 'Domain',
          cell: (domain) => (
            <>
              <span className="domain-table__name">{domain.itemName}</span>
              {domain.itemName === primaryName ? <Badge tone="success">Primary name</Badge> : null}
            </>
          ),
        },
        { header: 'Expires', cell: (domain) => dateText(domain.expireOn) },
        {
          header: 'Status',
          cell: (domain) => {
            const label = activeLabel(domain.expireOn, domain.purDate);
            return <Badge tone={label === 'Active' ? 'success' : 'warning'}>{label}</Badge>;
          },
        },
        { header: 'Subscription', cell: (domain) => (domain.isSubscribed ? 'Subscribed' : 'Not Subscribed') },
        {
          header: 'Manage',
          cell: (domain) => (
            <AppLink
              className="ui-button ui-button--ghost"
              to={paths.domainDetail('web3', domain.itemName)}
              aria-label={`Manage ${domain.itemName}`}
            >
              Manage
            </AppLink>
          ),
        },
      ]}
    />
  );
}
