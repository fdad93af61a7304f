import { createHash } from 'node:crypto';
import type { Transaction } from '@hashgraph/sdk';
import { formatTimestamp } from '@registry/contracts/hedera-ids';
import { accountNumOf, TRANSACTION_FEE_TINYBARS } from './ledger-accounts';
import type { HbarMovement, Tx } from './ledger-state';
import { ledgerTransactions, type PendingAirdrop, type PrngResult } from './schema';

export type SubmitResult = {
  /** A Hedera response or receipt code: SUCCESS, INVALID_SIGNATURE, DUPLICATE_TRANSACTION, … */
  status: string;
  transactionId: string | null;
  /** Null when the transaction failed its precheck and never reached consensus. */
  consensusTimestamp: string | null;
  entityId?: string;
  serials?: number[];
  /** A topic message: the topic's sequence number after it. */
  topicSequenceNumber?: number;
};

/** Hedera refuses a transaction whose valid start lies ahead of its own clock. */
const FUTURE_TOLERANCE_NS = 5_000_000_000n;

/** A transaction that passed its precheck, with what consensus needs of it. */
export type Prechecked = {
  transaction: Transaction;
  bytes: Uint8Array;
  transactionId: string;
  payer: string;
  validStartNs: bigint;
  validDuration: bigint;
  nodes: string[];
  maxFee: bigint;
};

/** A fungible token's units moving to or from an account, as the mirror node lists `token_transfers`. */
export type FungibleTransfer = { token_id: string; account: string; amount: number; is_approval: boolean };

/** What applying a transaction did: its status, its name on the mirror and what it moved. */
export type Applied = {
  status: string;
  name: string;
  entityId?: string;
  serials?: number[];
  /** A topic message: the sequence number and running hash (base64) the topic reached with it. */
  topic?: { sequenceNumber: number; runningHash: string };
  /** A PRNG transaction's pseudorandom bytes or number. */
  prng?: PrngResult;
  movement: HbarMovement;
  nftTransfers: object[];
  tokenTransfers: FungibleTransfer[];
  /** An airdrop's: what it left pending. */
  pendingAirdrops?: PendingAirdrop[];
  /** A mint's, burn's or wipe's: the token's supply after it. */
  newTotalSupply?: bigint;
};

export const refusal = ({ transactionId }: Prechecked, status: string): SubmitResult => ({
  status,
  transactionId,
  consensusTimestamp: null,
});

/** Too early or expired, at `now`; null inside the transaction's valid window. */
export function timeWindowStatus({ validStartNs, validDuration }: Prechecked, now: bigint) {
  if (validStartNs > now + FUTURE_TOLERANCE_NS) return 'INVALID_TRANSACTION_START';
  if (now > validStartNs + validDuration * 1_000_000_000n) return 'TRANSACTION_EXPIRED';
  return null;
}

/** The transaction's record, as the mirror node serves it. */
export async function recordTransaction(
  tx: Tx,
  checked: Prechecked,
  consensusNs: bigint,
  applied: Applied,
  /** Run by its schedule: it shares the schedule creation's id, marked scheduled. */
  scheduled = false,
) {
  const memo = checked.transaction.transactionMemo;
  await tx.insert(ledgerTransactions).values({
    consensusNs,
    consensusTimestamp: formatTimestamp(consensusNs),
    transactionId: checked.transactionId,
    payerAccount: checked.payer,
    validStartTimestamp: formatTimestamp(checked.validStartNs),
    name: applied.name,
    result: applied.status,
    memoBase64: memo ? Buffer.from(memo, 'utf8').toString('base64') : '',
    chargedTxFee: Number(TRANSACTION_FEE_TINYBARS),
    maxFee: checked.maxFee.toString(),
    node: checked.nodes[0] ?? null,
    entityId: applied.entityId ?? null,
    validDurationSeconds: checked.validDuration.toString(),
    transactionHash: createHash('sha384').update(checked.bytes).digest('base64'),
    transfers: [...applied.movement]
      .filter(([, amount]) => amount !== 0n)
      .sort(([a], [b]) => (accountNumOf(a) ?? 0) - (accountNumOf(b) ?? 0))
      .map(([account, amount]) => ({ account, amount: Number(amount), is_approval: false })),
    nftTransfers: applied.nftTransfers,
    tokenTransfers: applied.tokenTransfers,
    newTotalSupply: applied.newTotalSupply ?? null,
    newPendingAirdrops: applied.pendingAirdrops ?? [],
    scheduled,
    topicSequenceNumber: applied.topic?.sequenceNumber ?? null,
    topicRunningHash: applied.topic?.runningHash ?? null,
    prng: applied.prng ?? null,
  });
}
