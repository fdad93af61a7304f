import { useCallback } from 'react';
import { paths, type PageProps } from '@registry/contracts/routes';
import { EmptyState } from '@registry/ui/empty-state';
import { PageHeading } from '@registry/ui/page-heading';
import { Spinner } from '@registry/ui/spinner';
import { myDomainsApi } from '../../api/my-domains-api';
import { DomainTable } from '../../components/domain-table';
import { useAccountList } from '../../components/use-account-list';
import '../../components/lists.css';

/** `/gui/w3mysubdomains/{domain}`: the subdomains of one of the account's domains. */
export function MySubdomainsPage({ params: { domain = '' } }: PageProps) {
  const load = useCallback(async () => (await myDomainsApi.listMySubdomains(domain)).domains, [domain]);
  const { items, failed } = useAccountList(load);
  return (
    <section data-page="my-subdomains" className="list-page">
      <PageHeading
        title={`Subdomains of ${domain}`}
        back={{ to: paths.domainDetail('web3', domain), label: `Back to ${domain}` }}
      />
      {failed ? (
        <p role="alert">The subdomains could not be loaded. Reload the page to try again.</p>
      ) : items === null ? (
        <Spinner label="Loading the subdomains…" />
      ) : items.length === 0 ? (
        <EmptyState message="No Domains Found" />
      ) : (
        <DomainTable caption={`Subdomains of ${domain}`} domains={items} />
      )}
    </section>
  );
}
