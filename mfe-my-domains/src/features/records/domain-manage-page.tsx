import { paths, type PageProps } from '@registry/contracts/routes';
import { AppLink } from '@registry/ui/app-link';
import { PageHeading } from '@registry/ui/page-heading';
import { RecordsManager } from './components/records-manager';
import '../../components/lists.css';

/** `/gui/domain/{type}/manage?domain=`: 'Domain Management' (web3) or 'DNS Management' (web2). */
export function DomainManagePage({ params: { type }, query }: PageProps) {
  const domain = query.get('domain') ?? '';
  return (
    <section data-page="domain-manage" className="list-page">
      <PageHeading title={type === 'web2' ? 'DNS Management' : 'Domain Management'} tagline={domain}>
        <AppLink
          className="list-page__link"
          to={paths.domainDetail(type === 'web2' ? 'web2' : 'web3', domain)}
        >
          Back
        </AppLink>
      </PageHeading>
      <RecordsManager domain={domain} provider="own" />
    </section>
  );
}
