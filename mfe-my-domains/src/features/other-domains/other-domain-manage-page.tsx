import { PageHeading } from '@registry/ui/page-heading';

export function OtherDomainManagePage() {
  return (
    <section data-page="other-domain-manage">
      <PageHeading title="Domain Management" />
    </section>
  );
}
