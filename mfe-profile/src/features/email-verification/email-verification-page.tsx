import { PageHeading } from '@registry/ui/page-heading';

export function EmailVerificationPage() {
  return (
    <section data-page="email-verification">
      <PageHeading title="Email verification" />
    </section>
  );
}
