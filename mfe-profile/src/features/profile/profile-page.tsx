import { PageHeading } from '@registry/ui/page-heading';

export function ProfilePage() {
  return (
    <section data-page="profile">
      <PageHeading title="Orders & Profile" />
    </section>
  );
}
