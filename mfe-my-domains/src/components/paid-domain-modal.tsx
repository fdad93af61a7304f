import { useEffect, useState, type ReactNode } from 'react';
import type { QuotePreview } from '@registry/contracts/orders';
import { formatAmount } from '@registry/contracts/pricing';
import {
  codedMessage,
  failureOf,
  PaidActionProgress,
  usePaidAction,
  type PaymentJournal,
} from '@registry/paid-flow';
import { Button } from '@registry/ui/button';
import { Modal } from '@registry/ui/modal';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { myDomainsApi } from '../api/my-domains-api';
import type { DomainAction } from '../api/domain-actions';
import './paid-domain.css';

/**
 * One paid action on a domain (Extend Validity, Enable Web Protection, Subscription): the price the
 * server will charge, then the paid flow; a failure shows the action's code for its branch.
 */
export function PaidDomainModal({
  action,
  children,
  journal,
  onClose,
  onDone,
}: {
  action: DomainAction;
  /** Keeps a payment made across a reload, so the page can show where it stands. */
  journal?: PaymentJournal;
  /** Choices shown above the price (e.g. the years to extend by). */
  children?: ReactNode;
  onClose: () => void;
  onDone: () => void;
}) {
  const adapter = useWalletSession((session) => session.adapter);
  const paid = usePaidAction({ api: myDomainsApi, wallet: adapter, ...(journal ? { journal } : {}) });
  const [preview, setPreview] = useState<QuotePreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const requestKey = JSON.stringify(action.request);

  useEffect(() => {
    let current = true;
    setPreview(null);
    setPreviewError(null);
    myDomainsApi
      .previewOrder(action.request)
      .then((answer) => current && setPreview(answer))
      .catch((error: unknown) => {
        if (!current) return;
        setPreviewError(codedMessage(failureOf(error), action.prefix, action.codes).message);
      });
    return () => {
      current = false;
    };
    // The request's content decides when to price again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  const pay = async () => {
    // A payment made whose confirmation failed is confirmed again, never paid twice.
    const paidBefore = paid.outcome && !paid.outcome.ok && paid.outcome.progress.transactionId;
    const outcome = await (paidBefore ? paid.retry() : paid.run(action.request));
    if (outcome?.ok) onDone();
  };

  const failure = paid.outcome && !paid.outcome.ok ? paid.outcome : null;
  const failureMessage = failure ? codedMessage(failure.failure, action.prefix, action.codes) : null;
  const started = paid.running || paid.outcome !== null;

  return (
    <Modal open onOpenChange={(open) => !open && !paid.running && onClose()} title={action.title}>
      <div className="paid-domain">
        {!started ? children : null}
        {preview ? (
          <p className="paid-domain__price">
            Price: <strong>{formatAmount(preview.totalHbar)} HBAR</strong>
          </p>
        ) : previewError ? (
          <p role="alert">{previewError}</p>
        ) : (
          <p>Fixing the price…</p>
        )}
        {started && !failure ? <PaidActionProgress action={paid} label={`${action.title} progress`} /> : null}
        {failureMessage ? (
          <div className="paid-domain__failure" role="alert">
            <p className="paid-domain__failure-title">{failureMessage.title}</p>
            {failureMessage.message !== failureMessage.title ? <p>{failureMessage.message}</p> : null}
          </div>
        ) : null}
        {paid.outcome?.ok ? <p role="status">Done.</p> : null}
        <div className="paid-domain__actions">
          <Button onClick={() => void pay()} disabled={!preview || paid.running || paid.outcome?.ok === true}>
            {failure ? 'Try again' : action.payLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
