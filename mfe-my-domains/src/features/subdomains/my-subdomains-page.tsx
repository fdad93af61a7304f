import { useCallback } from 'react';
import { paths, type PageProps } from '@registry/contracts/routes';
import { PageHeading } from '@registry/ui/page-heading';
import { myDomainsApi } from '../../api/my-domains-api';
import { AccountListBody } from '../../components/account-list-body';
import { DomainTable } from '../../components/domain-table';
import { useAccountList } from '../../components/use-account-list';
import '../../components/lists.css';

/** `/gui/w3mysubdomains/{domain}`: the subdomains of one of the account's domains. */
export function MySubdomainsPage({ params: { domain = '' } }: PageProps) {
  const load = useCallback(async () => (await myDomainsApi.listMySubdomains(domain)).domains, [domain]);
  const list = useAccountList(load);
  return (
    <section data-page="my-subdomains" className="list-page">
      <PageHeading
        title={`Subdomains of ${domain}`}
        back={{ to: paths.domainDetail('web3', domain), label: `Back to ${domain}` }}
      />
      <AccountListBody
        list={list}
        failedMessage="The subdomains could not be loaded. Reload the page to try again."
        loadingLabel="Loading the subdomains…"
      >
        {(domains) => <DomainTable caption={`Subdomains of ${domain}`} domains={domains} />}
      </AccountListBody>
    </section>
  );
}
