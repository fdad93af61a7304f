import { useCallback, useRef, useState } from 'react';
import type { QuoteRequest } from '@registry/contracts/orders';
import { PAYMENT_RESULT, type WalletPort } from '@registry/wallet/wallet-port';
import {
  PAID_STAGES,
  runPaidAction,
  type PaidActionDeps,
  type PaidActionOutcome,
  type PaidActionState,
  type PaidStage,
} from './run-paid-action';
import { isPaid, type PaymentJournal } from './payment-journal';

export type StageState = 'done' | 'current' | 'todo' | 'failed';

/** Each stage's state for a Stepper. */
export function stageStates(current: PaidStage | null, failed: boolean, finished: boolean) {
  const at = current ? PAID_STAGES.indexOf(current) : -1;
  return PAID_STAGES.map((stage, index): { stage: PaidStage; state: StageState } => {
    if (finished || index < at) return { stage, state: 'done' };
    if (index === at) return { stage, state: failed ? 'failed' : 'current' };
    return { stage, state: 'todo' };
  });
}

/** What each stage is called on screen. */
export const PAID_STAGE_LABELS: Record<PaidStage, string> = {
  quote: 'Price fixed',
  approval: 'Approve in your wallet',
  confirmation: 'Confirmed on the ledger',
  delivery: 'Minted and delivered',
};

export type PaidActionHookDeps = {
  api: PaidActionDeps['api'];
  /** The connected wallet's adapter (loaded on first use), or null when none is connected. */
  wallet: () => Promise<WalletPort | null>;
  /**
   * Keeps the action's progress across reloads: a payment made before a reload (or a failed confirm)
   * is confirmed by the next run, never paid a second time.
   */
  journal?: PaymentJournal;
};

/**
 * The paid flow for a component: `run(request)` goes through quote, approval, confirmation and
 * delivery; after a failure `retry()` resumes where it stopped (a made payment is never paid again).
 */
export function usePaidAction({ api, wallet, journal }: PaidActionHookDeps) {
  const [progress, setProgress] = useState<PaidActionState | null>(null);
  const [outcome, setOutcome] = useState<PaidActionOutcome | null>(null);
  const [running, setRunning] = useState(false);
  const lastRequest = useRef<QuoteRequest | null>(null);
  // One run at a time: a second click while paying does nothing.
  const busy = useRef(false);

  const start = useCallback(
    async (request: QuoteRequest, resume?: PaidActionState): Promise<PaidActionOutcome | null> => {
      if (busy.current) return null;
      busy.current = true;
      lastRequest.current = request;
      setRunning(true);
      setOutcome(null);
      setProgress(resume ?? { stage: 'quote' });
      const onProgress = (next: PaidActionState) => {
        setProgress(next);
        if (next.quote) journal?.write({ request, progress: next });
      };
      try {
        let refusal: string | null = null;
        const port = await wallet().catch((error: unknown) => {
          if ((error as Error)?.name === 'WalletAccountChangedError') refusal = (error as Error).message;
          return null;
        });
        const result: PaidActionOutcome = refusal
          ? {
              ok: false,
              result: PAYMENT_RESULT.noWallet,
              stage: 'quote',
              error: { title: 'Wallet account changed', message: refusal },
              failure: 'no-wallet',
              progress: resume ?? { stage: 'quote' },
            }
          : await runPaidAction(request, { api, wallet: port, onProgress }, resume);
        // Kept only while a payment made still waits for its confirmation.
        if (result.ok || !result.progress.transactionId) journal?.clear();
        setOutcome(result);
        return result;
      } finally {
        busy.current = false;
        setRunning(false);
      }
    },
    [api, wallet, journal],
  );

  /** A payment made earlier (before a reload, or before a failed confirm) that still needs confirming. */
  const unconfirmed = useCallback(() => {
    const entry = journal?.read() ?? null;
    return isPaid(entry) ? entry : null;
  }, [journal]);

  const retry = useCallback(async () => {
    if (!lastRequest.current || !outcome || outcome.ok) return null;
    return start(lastRequest.current, outcome.progress);
  }, [outcome, start]);

  const reset = useCallback(() => {
    lastRequest.current = null;
    setProgress(null);
    setOutcome(null);
  }, []);

  return {
    /** Pays for `request`; a payment still waiting for its confirmation is confirmed first instead. */
    run: (request: QuoteRequest) => {
      const paid = unconfirmed();
      return paid ? start(paid.request, paid.progress) : start(request);
    },
    unconfirmed,
    retry,
    reset,
    running,
    outcome,
    stage: progress?.stage ?? null,
    /** The quote of the run under way (its amount is fixed until it expires). */
    quote: progress?.quote ?? null,
    stages: stageStates(progress?.stage ?? null, outcome?.ok === false, outcome?.ok === true),
  };
}
export type PaidAction = ReturnType<typeof usePaidAction>;
