import { paths, type PageProps } from '@registry/contracts/routes';
import { PageHeading } from '@registry/ui/page-heading';
import { RecordsManager } from './components/records-manager';
import '../../components/lists.css';

/** `/gui/odomain/web3/manage?domain=`: the records of another provider's domain the account holds. */
export function OtherDomainManagePage({ query }: PageProps) {
  const domain = query.get('domain') ?? '';
  return (
    <section data-page="other-domain-manage" className="list-page">
      <PageHeading
        title="Domain Management"
        tagline={domain}
        back={{ to: paths.otherDomainDetail(domain), label: 'Back' }}
      />
      <RecordsManager domain={domain} provider="other" />
    </section>
  );
}
