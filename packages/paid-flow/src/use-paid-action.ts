import { useCallback, useRef, useState } from 'react';
import type { QuoteRequest } from '@registry/contracts/orders';
import type { WalletPort } from '@registry/wallet/wallet-port';
import {
  PAID_STAGES,
  runPaidAction,
  type PaidActionDeps,
  type PaidActionOutcome,
  type PaidActionProgress,
  type PaidStage,
} from './run-paid-action';

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
};

/**
 * The paid flow for a component: `run(request)` goes through quote, approval, confirmation and
 * delivery; after a failure `retry()` resumes where it stopped (a made payment is never paid again).
 */
export function usePaidAction({ api, wallet }: PaidActionHookDeps) {
  const [progress, setProgress] = useState<PaidActionProgress | null>(null);
  const [outcome, setOutcome] = useState<PaidActionOutcome | null>(null);
  const [running, setRunning] = useState(false);
  const lastRequest = useRef<QuoteRequest | null>(null);

  const start = useCallback(
    async (request: QuoteRequest, resume?: PaidActionProgress) => {
      lastRequest.current = request;
      setRunning(true);
      setOutcome(null);
      setProgress(resume ?? { stage: 'quote' });
      const port = await wallet().catch(() => null);
      const result = await runPaidAction(request, { api, wallet: port, onProgress: setProgress }, resume);
      setOutcome(result);
      setRunning(false);
      return result;
    },
    [api, wallet],
  );

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
    run: (request: QuoteRequest) => start(request),
    retry,
    reset,
    running,
    outcome,
    stage: progress?.stage ?? null,
    stages: stageStates(progress?.stage ?? null, outcome?.ok === false, outcome?.ok === true),
  };
}
export type PaidAction = ReturnType<typeof usePaidAction>;
