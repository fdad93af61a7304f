import { ApiRequestError } from '@registry/api-client/client';

/** The spec's messages for what can go wrong in a paid action (sections 7 and 8). */
export const PAID_FLOW_MESSAGES = {
  walletNotConnected: { title: 'Wallet not connected', message: 'Please connect wallet to proceed' },
  paymentFailed: { title: 'Something went wrong', message: 'Purchase of domain failed' },
  takenBeforePayment: {
    title: 'Alert',
    message:
      'Someone else purchased few domains in your cart before your payment, so go back and proceed to checkout',
  },
  networkDown: { title: 'HCS link is down', message: 'HCS link is down' },
  other: { title: 'Something went wrong-[PY-5575]', message: 'Something went wrong-[PY-5575]' },
} as const;

export type PaidFlowMessage = { title: string; message: string };

/** What the user is told for a failed call of the flow, by the server's error code. */
export function messageForError(error: unknown): PaidFlowMessage {
  if (error instanceof ApiRequestError) {
    if (error.code === 'HCS-DOWN') return PAID_FLOW_MESSAGES.networkDown;
    if (error.code === 'DOMAINS_TAKEN' || error.code === 'QUOTE_EXPIRED')
      return PAID_FLOW_MESSAGES.takenBeforePayment;
  }
  return PAID_FLOW_MESSAGES.other;
}

/** A screen's codes for the branches of section 8 (wallet failure, bad answer, non-200, network error). */
export type BranchCodes = { wallet: string; badAnswer: string; status: string; network: string };

/**
 * The message of a failed paid action on a screen with its own codes, e.g. Extend's
 * 'Transaction Fail [TR-7078]'; no wallet connected keeps the spec's alert.
 */
export function codedMessage(
  failure: 'no-wallet' | 'wallet' | 'bad-answer' | 'status' | 'network',
  prefix: string,
  codes: BranchCodes,
): PaidFlowMessage {
  if (failure === 'no-wallet') return PAID_FLOW_MESSAGES.walletNotConnected;
  const code = {
    wallet: codes.wallet,
    'bad-answer': codes.badAnswer,
    status: codes.status,
    network: codes.network,
  }[failure];
  const message = `${prefix}${code}`;
  return { title: message, message };
}
