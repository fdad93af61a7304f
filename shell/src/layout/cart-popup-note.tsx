import { Link } from 'react-router-dom';
import { paths } from '@registry/contracts/routes';

const CART_POPUP_TEXT = 'Products has been updated to cart. You can view the cart and checkout from here';

/** The note itself: loaded the first time it opens, not with the page. */
export function CartPopupNote({ onClose }: { onClose: () => void }) {
  return (
    <div className="cart-popup" role="status">
      <p>{CART_POPUP_TEXT}</p>
      <div className="cart-popup__actions">
        <Link to={paths.cart} onClick={onClose}>
          View cart
        </Link>
        <button type="button" className="ui-button ui-button--ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
