import { Link, useLocation } from 'react-router-dom';
import { paths } from '@registry/contracts/routes';
import { useCartStore } from '@registry/cart/cart-store';
import { AccountMenu } from '../wallet/account-menu';
import { CartPopup } from './cart-popup';
import { RateLine } from './rate-line';

function CartIcon() {
  const count = useCartStore((state) => state.items.length);
  return (
    <Link to={paths.cart} className="cart-icon" aria-label={count > 0 ? `Cart, ${count} items` : 'Cart'}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM3 3h2l2.6 10.4A2 2 0 0 0 9.5 15H18v-2H9.5l-.5-2H18a1 1 0 0 0 1-.8l1.5-6A1 1 0 0 0 19.5 3H6.2l-.3-1.2A1 1 0 0 0 5 1H3v2Z"
        />
      </svg>
      {count > 0 ? <span className="cart-icon__dot" data-testid="cart-active-dot" /> : null}
    </Link>
  );
}

export function Header() {
  const { pathname } = useLocation();
  const accountMenuHidden = pathname === paths.publicResolver;
  return (
    <header className="app-header">
      <Link to={paths.home} className="app-header__logo">
        <span aria-hidden="true">◈</span> Hedera Domains
      </Link>
      <RateLine />
      <nav className="app-header__actions">
        {accountMenuHidden ? null : <AccountMenu />}
        <CartIcon />
      </nav>
      <CartPopup />
    </header>
  );
}
