import type { PageProps } from '@registry/contracts/routes';
import { PageHeading } from '@registry/ui/page-heading';

export function MySubdomainsPage({ params: { domain = '' } }: PageProps) {
  return (
    <section data-page="my-subdomains">
      <PageHeading title={`Subdomains of ${domain}`} />
    </section>
  );
}
