import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { bus } from '@registry/bus';
import { paths } from '@registry/contracts/routes';
import { FramePart, lazyPart } from './frame-part';

const CartPopupNote = lazyPart(() => import('./cart-popup-note').then((module) => module.CartPopupNote));

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
    <FramePart quiet>
      <CartPopupNote onClose={() => setOpen(false)} />
    </FramePart>
  );
}
