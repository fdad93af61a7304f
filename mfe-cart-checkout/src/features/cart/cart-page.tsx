import { useEffect, useRef } from 'react';
import { bus } from '@registry/bus';
import { useCartStore } from '@registry/cart/cart-store';
import { paths } from '@registry/contracts/routes';
import { PAGE_HEADINGS } from '@registry/contracts/page-headings';
import { cartTotal, formatAmount } from '@registry/contracts/pricing';
import { Button } from '@registry/ui/button';
import { EmptyState } from '@registry/ui/empty-state';
import { PageHeading } from '@registry/ui/page-heading';
import { Spinner } from '@registry/ui/spinner';
import { checkCartNames } from './api/cart-api';
import { CartItemRow } from './components/cart-item-row';
import { useCartFollowsRate } from './follow-rate';
import './cart-page.css';

export const CART_PAGE_TEXT = {
  empty: 'No items found. Add items to cart to continue.',
  earlyAccessNote: 'Early access members get their discount at checkout.',
} as const;

const go = (to: string) => bus.emit('navigate', { to });

/** The cart (spec section 2): terms, prices and the total; names someone else bought are sold out. */
export function CartPage() {
  const items = useCartStore((cart) => cart.items);
  const restored = useCartStore((cart) => cart.restored);
  const checked = useRef(false);
  useCartFollowsRate();

  useEffect(() => {
    // Once per visit, when the stored cart is known: which names were bought meanwhile.
    if (!restored || checked.current) return;
    checked.current = true;
    const names = useCartStore.getState().items.map((item) => item.itemName);
    if (names.length === 0) return;
    void checkCartNames(names).then((check) => {
      if (check.ok) {
        bus.emit('cart:premiums', { checked: names, premiums: check.premiums });
        return bus.emit('cart:sold-out', { itemNames: check.taken });
      }
      bus.emit('toast', { kind: 'error', message: check.message });
      go('/');
    });
  }, [restored]);

  const total = cartTotal(items);
  const available = items.filter((item) => item.soldOut !== 1);

  return (
    <section data-page="cart" className="cart-page">
      <PageHeading {...PAGE_HEADINGS.cart} />
      {!restored ? (
        <Spinner label="Loading your cart…" />
      ) : items.length === 0 ? (
        <EmptyState
          message={CART_PAGE_TEXT.empty}
          action={<Button onClick={() => go(paths.home)}>Search Domains</Button>}
        />
      ) : (
        <div className="cart-page__body">
          <ul className="cart-page__items" aria-label="Domains in your cart">
            {items.map((item) => (
              <CartItemRow key={item.itemId} item={item} />
            ))}
          </ul>
          <aside className="cart-page__summary" aria-label="Cart total">
            <p className="cart-page__total">
              <span>Total</span>
              <strong>{formatAmount(total)} HBAR</strong>
            </p>
            <p className="cart-page__note">{CART_PAGE_TEXT.earlyAccessNote}</p>
            <Button disabled={available.length === 0} onClick={() => go(paths.checkout)}>
              Proceed to Checkout
            </Button>
          </aside>
        </div>
      )}
    </section>
  );
}
