import type { QuotePreview, QuoteRequest } from '@registry/contracts/orders';
import { formatAmount } from '@registry/contracts/pricing';
import type { PaidAction } from '@registry/paid-flow';
import { Button } from '@registry/ui/button';
import { subdomainStageTexts } from '../subdomain-stages';

/** A subdomain chosen and priced, waiting for its payment. */
export type Booking = { request: QuoteRequest; fullName: string; preview: QuotePreview };

/** The booked name's price, the 'Payment' button and the spec's stages as the payment goes on. */
export function SubdomainBooking({
  booking,
  paid,
  onPay,
}: {
  booking: Booking;
  paid: PaidAction;
  onPay: () => void;
}) {
  const failure = paid.outcome && !paid.outcome.ok ? paid.outcome : null;
  const stages = subdomainStageTexts(paid.stage, paid.outcome);
  return (
    <div className="subdomain-panel__booking">
      <p>
        {booking.fullName}: <strong>{formatAmount(booking.preview.totalHbar)} HBAR</strong> for{' '}
        {booking.preview.lines[0]?.months ?? 120} months
      </p>
      <Button onClick={onPay} disabled={paid.running || paid.outcome?.ok === true}>
        Payment
      </Button>
      <ol className="subdomain-panel__stages" aria-live="polite" aria-label="Subdomain progress">
        {stages.map((stage) => (
          <li key={stage}>{stage}</li>
        ))}
      </ol>
      {failure ? (
        <div className="subdomain-panel__message" role="alert">
          <p>{failure.error.title}</p>
          {failure.error.message !== failure.error.title ? <p>{failure.error.message}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
