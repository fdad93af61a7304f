import { PageHeading } from '@registry/ui/page-heading';

export function CartPage() {
  return (
    <section data-page="cart">
      <PageHeading title="Your Cart" />
    </section>
  );
}
