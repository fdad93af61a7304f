import { PageHeading } from '@registry/ui/page-heading';

export function ResolverPage() {
  return (
    <section data-page="resolver">
      <PageHeading title="Resolve Hedera Domains" tagline="Humanizing Internet, Safely." />
    </section>
  );
}
