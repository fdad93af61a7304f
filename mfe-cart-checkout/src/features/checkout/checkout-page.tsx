import { PageHeading } from '@registry/ui/page-heading';

export function CheckoutPage() {
  return (
    <section data-page="checkout">
      <PageHeading title="Checkout" />
    </section>
  );
}
