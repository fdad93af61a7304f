import { PageHeading } from '@registry/ui/page-heading';

export function ClaimPage() {
  return (
    <section data-page="claim">
      <PageHeading title="Claim Domain" />
    </section>
  );
}
