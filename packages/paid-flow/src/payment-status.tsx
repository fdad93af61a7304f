import { useEffect, useState } from 'react';
import type { ApiClient } from '@registry/api-client/client';
import type { PaymentState } from '@registry/contracts/orders';
import { isPaid, type PaymentJournal } from './payment-journal';

/** What each state of a payment made before a reload says. */
export const PAYMENT_STATE_TEXT: Record<PaymentState, string> = {
  quoted: 'Looking for your payment on the ledger…',
  received: 'Your payment is on the ledger; the registry is settling it…',
  settling: 'Your payment is settled; the names are being minted and delivered…',
  done: 'Your payment is settled and done.',
  refunded: 'Your payment was sent back to your wallet.',
};

const POLL_MS = 1000;
/** A payment the ledger never shows after this many looks was not made: stop asking. */
const MAX_QUOTED_LOOKS = 30;

/**
 * A payment this page made before a reload (its journal holds it): where it stands, read from the
 * server until it is done or refunded. The server settles it by itself (the ledger watcher), so this
 * only reports; `onSettled` lets the page read its data again.
 */
export function PaymentStatus({
  journal,
  api,
  onSettled,
}: {
  journal: PaymentJournal;
  api: Pick<ApiClient, 'getOrderState'>;
  onSettled: () => void;
}) {
  const [entry] = useState(() => {
    const read = journal.read();
    return isPaid(read) ? read : null;
  });
  const [state, setState] = useState<PaymentState | null>(null);

  useEffect(() => {
    if (!entry) return;
    let stopped = false;
    let quotedLooks = 0;
    const look = async () => {
      if (stopped) return;
      const answer = await api
        .getOrderState(entry.progress.quote!.orderId, entry.progress.transactionId)
        .catch(() => null);
      if (stopped) return;
      if (answer) {
        setState(answer.state);
        if (answer.state === 'done' || answer.state === 'refunded') {
          journal.clear();
          onSettled();
          return;
        }
        if (answer.state === 'quoted' && (quotedLooks += 1) >= MAX_QUOTED_LOOKS) {
          journal.clear();
          return;
        }
      }
      setTimeout(() => void look(), POLL_MS);
    };
    void look();
    return () => {
      stopped = true;
    };
    // One entry per mount; the journal and callbacks are the page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entry]);

  if (!entry) return null;
  return (
    <p role="status" className="payment-status">
      {state ? PAYMENT_STATE_TEXT[state] : 'Checking the payment you made…'}
    </p>
  );
}
