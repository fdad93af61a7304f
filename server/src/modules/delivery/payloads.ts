import { REFUNDED_STATUS } from '@registry/contracts/orders';
import type { StoredTransaction } from './submit-once';

export type MintPayload = {
  domainId: number;
  /** The mint this name is part of (several names share one) and the name's place in its metadata. */
  mint?: StoredTransaction & { index?: number };
  /** The transfer that delivers this name's NFT (with up to nine others). */
  transfer?: StoredTransaction;
};

/** A released name's NFT taken back from whoever holds it (the collection's wipe key), once. */
export type WipePayload = {
  name: string;
  tokenId: string;
  serialNo: number;
  wipe?: StoredTransaction;
};

/** The delivery module's job kinds, as the queue's `kind` column keeps them. */
export const MINT_JOB = 'mint';
export const REFUND_JOB = 'refund';
export const WIPE_RELEASED_JOB = 'wipe-released';

/** One job per serial, however many servers and sweeps find it. */
export const wipeJobKey = ({ tokenId, serialNo }: { tokenId: string; serialNo: number }) =>
  `wipe-released:${tokenId}:${serialNo}`;

/** Names in one mint and NFTs in one transfer: Hedera takes up to ten of each per transaction. */
export const MINT_BATCH = 10;

export type RefundPayload = {
  /** The order the payment was for; null when its memo named none. */
  orderId: string | null;
  /** The payment this refund returns (all or part of); its memo names it. */
  paymentTransactionId?: string;
  accountId: string;
  amountTinybars: string;
  reason: string;
  /** The whole order is refunded (else only some of its names). */
  wholeOrder: boolean;
  refund?: StoredTransaction;
  /** The ledger already held this refund (made before a restore): its transaction, nothing paid again. */
  refundedBefore?: string;
};

/** Spec status of a line whose payment went back to the buyer. */
export const REFUNDED = REFUNDED_STATUS;

const FIRST_ASSOCIATION_RECHECK_MS = 2_000;
const LAST_ASSOCIATION_RECHECK_MS = 10 * 60_000;

/**
 * When to look again for a buyer's association: soon after the purchase (the app tells the server as
 * soon as it associates, this is the fallback), then less often the longer the buyer waits, up to ten
 * minutes, instead of every few seconds forever.
 */
export function associationRecheckMs(waitingMs: number): number {
  return Math.round(
    Math.min(LAST_ASSOCIATION_RECHECK_MS, Math.max(FIRST_ASSOCIATION_RECHECK_MS, waitingMs / 4)),
  );
}

/**
 * Splits items into groups that share one transaction: those whose transaction was already prepared
 * (an earlier run saved it) go with it, the rest form one new group (the caller keeps it within one
 * transaction's limits).
 */
export function bySharedTransaction<T>(
  items: T[],
  storedOf: (item: T) => StoredTransaction | undefined,
): T[][] {
  const prepared = new Map<string, T[]>();
  const fresh: T[] = [];
  for (const item of items) {
    const stored = storedOf(item);
    if (stored) prepared.set(stored.transactionId, [...(prepared.get(stored.transactionId) ?? []), item]);
    else fresh.push(item);
  }
  return [...prepared.values(), ...(fresh.length > 0 ? [fresh] : [])];
}
