import { PageHeading } from '@registry/ui/page-heading';

export function DomainDetailPage() {
  return (
    <section data-page="domain-detail">
      <PageHeading title="Domain Details" />
    </section>
  );
}
