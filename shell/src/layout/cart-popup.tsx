import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { bus } from '@registry/bus';
import { paths } from '@registry/contracts/routes';

export const CART_POPUP_TEXT =
  'Products has been updated to cart. You can view the cart and checkout from here';

/** Spec: when the cart becomes non-empty (anywhere but the cart page), a note says so, with Close. */
export function CartPopup() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const lastCount = useRef<number | null>(null);
  const onCartPage = pathname === paths.cart;

  useEffect(
    () =>
      bus.onWithLast('cart:changed', ({ count }) => {
        const before = lastCount.current;
        lastCount.current = count;
        // The first announcement is the restored cart, not a change.
        if (before === null) return;
        if (before === 0 && count > 0) setOpen(true);
        if (count === 0) setOpen(false);
      }),
    [],
  );

  if (!open || onCartPage) return null;
  return (
    <div className="cart-popup" role="status">
      <p>{CART_POPUP_TEXT}</p>
      <div className="cart-popup__actions">
        <Link to={paths.cart} onClick={() => setOpen(false)}>
          View cart
        </Link>
        <button type="button" className="ui-button ui-button--ghost" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </div>
  );
}
