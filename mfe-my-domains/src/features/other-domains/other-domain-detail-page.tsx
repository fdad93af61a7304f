import { PageHeading } from '@registry/ui/page-heading';

export function OtherDomainDetailPage() {
  return (
    <section data-page="other-domain-detail">
      <PageHeading title="Domain Details" />
    </section>
  );
}
