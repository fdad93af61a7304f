import type { QuoteResponse } from '@registry/contracts/orders';
import { formatAmount } from '@registry/contracts/pricing';
import { Button } from '@registry/ui/button';
import { Stepper } from '@registry/ui/stepper';
import { PAID_STAGE_LABELS, type PaidAction } from './use-paid-action';

/** Prices are USD paid in HBAR at the rate of the quote, which holds its amount until it expires. */
export function priceFixedText(quote: Pick<QuoteResponse, 'totalHbar' | 'expiresAt'>): string {
  const until = new Date(quote.expiresAt).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  return `Price fixed until ${until}: ${formatAmount(quote.totalHbar)} HBAR`;
}

/**
 * What every paid modal shows while it pays: the stages, then the spec's message of a failure with a
 * Retry that resumes where the flow stopped (a payment already made is confirmed, not paid again).
 */
export function PaidActionProgress({ action, label }: { action: PaidAction; label: string }) {
  const { outcome, running, stages, quote } = action;
  const failure = outcome && !outcome.ok ? outcome : null;
  // Retrying helps once the quote exists; before that the user starts again.
  const resumable = failure !== null && failure.progress.quote !== undefined;
  return (
    <div className="paid-progress" aria-busy={running}>
      <Stepper
        label={label}
        steps={stages.map(({ stage, state }) => ({ label: PAID_STAGE_LABELS[stage], state }))}
      />
      {quote && outcome?.ok !== true ? <p className="paid-progress__quote">{priceFixedText(quote)}</p> : null}
      {failure ? (
        <div className="paid-progress__failure" role="alert">
          <p className="paid-progress__title">{failure.error.title}</p>
          {failure.error.message !== failure.error.title ? <p>{failure.error.message}</p> : null}
          {resumable ? (
            <Button onClick={() => void action.retry()} disabled={running}>
              Retry
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
