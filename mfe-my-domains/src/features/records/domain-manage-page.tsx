import { paths, type PageProps } from '@registry/contracts/routes';
import { PageHeading } from '@registry/ui/page-heading';
import { RecordsManager } from './components/records-manager';
import '../../components/lists.css';

/** `/gui/domain/{type}/manage?domain=`: 'Domain Management' (web3) or 'DNS Management' (web2). */
export function DomainManagePage({ params: { type }, query }: PageProps) {
  const domain = query.get('domain') ?? '';
  return (
    <section data-page="domain-manage" className="list-page">
      <PageHeading
        title={type === 'web2' ? 'DNS Management' : 'Domain Management'}
        tagline={domain}
        back={{ to: paths.domainDetail(type === 'web2' ? 'web2' : 'web3', domain), label: 'Back' }}
      />
      <RecordsManager domain={domain} provider="own" />
    </section>
  );
}
