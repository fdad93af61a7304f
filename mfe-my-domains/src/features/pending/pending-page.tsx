import { PageHeading } from '@registry/ui/page-heading';

export function PendingPage() {
  return (
    <section data-page="pending">
      <PageHeading title="Pending Domain Transactions" />
    </section>
  );
}
