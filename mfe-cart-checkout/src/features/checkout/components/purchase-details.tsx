import type { QuotePreview } from '@registry/contracts/orders';
import { formatAmount } from '@registry/contracts/pricing';

/** The lines, the discounts in the order the server applied them, and what is to pay. */
export function PurchaseDetails({ preview }: { preview: QuotePreview }) {
  return (
    <section className="checkout-details" aria-labelledby="purchase-details">
      <h2 id="purchase-details">Purchase Details</h2>
      <ul className="checkout-details__lines">
        {preview.lines.map((line) => (
          <li key={line.itemName} className="checkout-details__line">
            <span className="checkout-details__name">{line.itemName}</span>
            <span className="checkout-details__term">{line.months} months</span>
            <span className="checkout-details__amount">{formatAmount(line.price)} HBAR</span>
          </li>
        ))}
        {preview.discounts.map((discount) => (
          <li key={discount.id} className="checkout-details__line checkout-details__line--discount">
            <span className="checkout-details__name">
              {discount.label} ({discount.percent}%)
            </span>
            <span className="checkout-details__amount">−{formatAmount(discount.amount)} HBAR</span>
          </li>
        ))}
      </ul>
      <p className="checkout-details__total">
        <span>Total Payable</span>
        <strong>{formatAmount(preview.totalHbar)} HBAR</strong>
      </p>
    </section>
  );
}
