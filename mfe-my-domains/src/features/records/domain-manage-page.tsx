import type { PageProps } from '@registry/contracts/routes';
import { PageHeading } from '@registry/ui/page-heading';

export function DomainManagePage({ params: { type }, query }: PageProps) {
  const domain = query.get('domain') ?? '';
  return (
    <section data-page="domain-manage">
      <PageHeading title={type === 'web2' ? 'DNS Management' : 'Domain Management'}>
        <p>{domain}</p>
      </PageHeading>
    </section>
  );
}
