import { useParams, useSearchParams } from 'react-router-dom';
import { PageHeading } from '@registry/ui/page-heading';

export function DomainManagePage() {
  const { type } = useParams();
  const [query] = useSearchParams();
  const domain = query.get('domain') ?? '';
  return (
    <section data-page="domain-manage">
      <PageHeading title={type === 'web2' ? 'DNS Management' : 'Domain Management'}>
        <p>{domain}</p>
      </PageHeading>
    </section>
  );
}
