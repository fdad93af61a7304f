import { ApiRequestError, INVALID_OPERATION_STATUS, type ApiClient } from '@registry/api-client/client';
import {
  DELIVERED_STATUS,
  NAME_ORDER_KINDS,
  PAID_STATUS,
  type ConfirmResponse,
  type QuoteRequest,
  type QuoteResponse,
} from '@registry/contracts/orders';
import { PAYMENT_RESULT, type PaymentResult, type WalletPort } from '@registry/wallet/wallet-port';
import { acceptDelivery } from './accept-delivery';
import { messageForError, PAID_FLOW_MESSAGES, type PaidFlowMessage } from './messages';

/** The stages every paid action goes through, in order. */
export const PAID_STAGES = ['quote', 'approval', 'confirmation', 'delivery'] as const;
export type PaidStage = (typeof PAID_STAGES)[number];

/** Spec status of a line: 22 minted and delivered, 1 paid and in progress (or applied), 0 refunded. */

/** Where an attempt stands: its stage, its quote and the payment once made. */
export type PaidActionState = {
  stage: PaidStage;
  quote?: QuoteResponse;
  /** The wallet's payment, once made: a retry confirms it again instead of paying twice. */
  transactionId?: string;
};

export type PaidActionOutcome =
  | {
      ok: true;
      /** The wallet's result code: always 1 here. */
      result: PaymentResult;
      confirmation: ConfirmResponse;
      /** Names delivered to the wallet (status 22) and those still waiting (Pending list). */
      delivered: string[];
      pending: string[];
    }
  | {
      ok: false;
      result: PaymentResult;
      stage: PaidStage;
      error: PaidFlowMessage;
      /** Which branch failed, for screens with a code per branch (spec section 8). */
      failure: PaidFailureKind;
      progress: PaidActionState;
    };

/**
 * no-wallet: none connected (-1); wallet: it refused or failed to pay (0 / -9); bad-answer: the server
 * answered without usable data (-404); status: the server answered an error; network: no answer.
 */
export type PaidFailureKind = 'no-wallet' | 'wallet' | 'bad-answer' | 'status' | 'network';

/** Which branch a failed call of the server took: its answer was unusable, an error, or missing. */
export function failureOf(error: unknown): Extract<PaidFailureKind, 'bad-answer' | 'status' | 'network'> {
  if (!(error instanceof ApiRequestError)) return 'network';
  return error.status === INVALID_OPERATION_STATUS ? 'bad-answer' : 'status';
}

export type PaidActionDeps = {
  api: Pick<
    ApiClient,
    'quoteOrder' | 'confirmOrder' | 'withdrawOrder' | 'getDomainDetails' | 'checkDeliveries'
  >;
  /** Null when no wallet is connected (the spec's -1). */
  wallet: WalletPort | null;
  onProgress?: (progress: PaidActionState) => void;
};

/**
 * One paid action: quote → wallet approval → ledger confirmation → minting and delivery. Pass the
 * progress of an earlier attempt to resume it: a payment already made is confirmed again, never paid
 * a second time.
 */
export async function runPaidAction(
  request: QuoteRequest,
  { api, wallet, onProgress }: PaidActionDeps,
  resume: PaidActionState = { stage: 'quote' },
): Promise<PaidActionOutcome> {
  let progress = resume;
  const advance = (next: PaidActionState) => {
    progress = next;
    onProgress?.(progress);
  };
  const fail = (
    result: PaymentResult,
    error: PaidFlowMessage,
    failure: PaidFailureKind,
  ): PaidActionOutcome => ({
    ok: false,
    result,
    stage: progress.stage,
    error,
    failure,
    progress,
  });

  if (!wallet || !wallet.accountId())
    return fail(PAYMENT_RESULT.noWallet, PAID_FLOW_MESSAGES.walletNotConnected, 'no-wallet');

  let quote = progress.quote;
  let transactionId = progress.transactionId;
  try {
    if (!transactionId) {
      advance({ stage: 'quote' });
      quote = await api.quoteOrder(request);
      advance({ stage: 'approval', quote });
      const payment = await wallet.pay({
        to: quote.treasuryAccountId,
        amountTinybars: BigInt(quote.amountTinybars),
        memo: quote.memo,
      });
      if (payment.result !== PAYMENT_RESULT.success || !payment.transactionId) {
        // The wallet said no (or failed on the ledger): nothing was paid, so the names go free at once.
        // With no answer at all the payment may still land: the quote stays until it expires.
        if (payment.result === PAYMENT_RESULT.failure)
          await api.withdrawOrder(quote.orderId).catch(() => undefined);
        return fail(
          payment.result === PAYMENT_RESULT.success ? PAYMENT_RESULT.exception : payment.result,
          payment.result === PAYMENT_RESULT.noWallet
            ? PAID_FLOW_MESSAGES.walletNotConnected
            : PAID_FLOW_MESSAGES.paymentFailed,
          payment.result === PAYMENT_RESULT.noWallet ? 'no-wallet' : 'wallet',
        );
      }
      transactionId = payment.transactionId;
    }
    advance({ stage: 'confirmation', quote: quote!, transactionId });
    const confirmation = await api.confirmOrder(quote!.orderId, transactionId);

    advance({ stage: 'delivery', quote: quote!, transactionId });
    const waiting = confirmation.resData
      .filter((line) => line.status === PAID_STATUS)
      .map((line) => line.itemName);
    let delivered = confirmation.resData
      .filter((line) => line.status === DELIVERED_STATUS)
      .map((line) => line.itemName);
    let pending = NAME_ORDER_KINDS.has(request.kind) ? waiting : [];
    if (pending.length > 0) {
      const check = await acceptDelivery(api, wallet, pending);
      delivered = [...delivered, ...check.delivered.filter((name) => pending.includes(name))];
      pending = pending.filter((name) => !check.delivered.includes(name));
    }
    return { ok: true, result: PAYMENT_RESULT.success, confirmation, delivered, pending };
  } catch (error) {
    return fail(PAYMENT_RESULT.exception, messageForError(error), failureOf(error));
  }
}
