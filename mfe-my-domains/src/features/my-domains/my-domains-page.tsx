import { useCallback } from 'react';
import { paths } from '@registry/contracts/routes';
import { AppLink } from '@registry/ui/app-link';
import { EmptyState } from '@registry/ui/empty-state';
import { PageHeading } from '@registry/ui/page-heading';
import { Spinner } from '@registry/ui/spinner';
import { myDomainsApi } from '../../api/my-domains-api';
import { DomainTable } from '../../components/domain-table';
import { useAccountList } from '../../components/use-account-list';
import '../../components/lists.css';

/** `/gui/w3mydomains`: the account's domains, Manage per row. */
export function MyDomainsPage() {
  const load = useCallback(async () => (await myDomainsApi.listMyDomains()).domains, []);
  const { items, failed } = useAccountList(load);
  return (
    <section data-page="my-domains" className="list-page">
      <PageHeading title="Domains">
        <AppLink className="list-page__link" to={paths.pending}>
          Pending Domain Transactions
        </AppLink>
      </PageHeading>
      {failed ? (
        <p role="alert">Your domains could not be loaded. Reload the page to try again.</p>
      ) : items === null ? (
        <Spinner label="Loading your domains…" />
      ) : items.length === 0 ? (
        <EmptyState message="No Domains Found" />
      ) : (
        <DomainTable caption="Domains" domains={items} />
      )}
    </section>
  );
}
