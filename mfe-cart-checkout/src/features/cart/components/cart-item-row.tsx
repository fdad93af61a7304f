import { useId } from 'react';
import { bus } from '@registry/bus';
import type { CartItem } from '@registry/cart/cart-store';
import { formatAmount, TERM_MONTHS } from '@registry/contracts/pricing';
import { Button } from '@registry/ui/button';
import soldOutImage from '../../../assets/sold-out.svg';

/** One name in the cart: its term (12 to 48 months), its price, and remove; sold-out names say so. */
export function CartItemRow({ item }: { item: CartItem }) {
  const termId = useId();
  const soldOut = item.soldOut === 1;
  return (
    <li className={`cart-item${soldOut ? ' cart-item--sold-out' : ''}`} data-item={item.itemName}>
      <div className="cart-item__name">
        <span className="cart-item__domain">{item.itemName}</span>
        {soldOut ? (
          <img className="cart-item__sold-out" src={soldOutImage} alt="Sold out" width={96} height={32} />
        ) : null}
      </div>
      <div className="cart-item__term">
        <label htmlFor={termId}>Term</label>
        <select
          id={termId}
          className="ui-input"
          value={item.months}
          disabled={soldOut}
          onChange={(event) =>
            bus.emit('cart:set-term', { itemName: item.itemName, months: Number(event.target.value) })
          }
        >
          {TERM_MONTHS.map((months) => (
            <option key={months} value={months}>
              {months} months
            </option>
          ))}
        </select>
      </div>
      <p className="cart-item__price">
        {soldOut ? <s>{formatAmount(item.price)} HBAR</s> : `${formatAmount(item.price)} HBAR`}
      </p>
      <Button
        variant="ghost"
        className="cart-item__remove"
        aria-label={`Remove ${item.itemName}`}
        onClick={() => bus.emit('cart:remove', { itemName: item.itemName })}
      >
        Remove
      </Button>
    </li>
  );
}
