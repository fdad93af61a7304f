import { PageHeading } from '@registry/ui/page-heading';

export function MyDomainsPage() {
  return (
    <section data-page="my-domains">
      <PageHeading title="Domains" />
    </section>
  );
}
