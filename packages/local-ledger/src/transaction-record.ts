import { createHash } from 'node:crypto';
import type { PublicKey, Transaction } from '@hashgraph/sdk';
import { formatTimestamp } from '@registry/contracts/hedera-ids';
import { accountNumOf, TRANSACTION_FEE_TINYBARS } from './ledger-accounts';
import type { HbarMovement, Tx } from './ledger-state';
import { MAX_CHILD_RECORDS } from './alias-accounts';
import type { AssessedFee } from './custom-fee-types';
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
  /** A hollow payer's: the ECDSA key of its address that signed, its key from consensus on. */
  completesHollowPayer?: PublicKey;
  /** An inner transaction's: its batch's consensus time. */
  parentConsensusNs?: bigint;
};

/** Inner transactions a batch ran before one failed, and that one: undone, though their fees are kept. */
export type RanInner = { checked: Prechecked; status: string; consensusNs: bigint };

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
  /** Child records it made before it, in order (a transfer's accounts for aliases). */
  children?: ChildRecord[];
  /** A failed batch's: the inner transactions it ran, recorded after their work was undone. */
  revertedInner?: RanInner[];
  /** A transfer's: the custom fees it paid. */
  assessedCustomFees?: AssessedFee[];
};

/** A child record: what the transaction did first, under its id with a nonce. */
export type ChildRecord = { name: string; entityId: string };

/**
 * Consensus timestamps leave room before each transaction for its preceding child records (as
 * Hedera's do): the next transaction comes at least this far after the last timestamp.
 */
export const CONSENSUS_STEP_NS = 1n + BigInt(MAX_CHILD_RECORDS);
export const nextConsensusNs = (now: bigint, lastNs: bigint) =>
  now > lastNs + CONSENSUS_STEP_NS ? now : lastNs + CONSENSUS_STEP_NS;

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
    assessedCustomFees: applied.assessedCustomFees ?? [],
    scheduled,
    topicSequenceNumber: applied.topic?.sequenceNumber ?? null,
    topicRunningHash: applied.topic?.runningHash ?? null,
    prng: applied.prng ?? null,
    parentConsensusTimestamp:
      checked.parentConsensusNs !== undefined ? formatTimestamp(checked.parentConsensusNs) : null,
  });
}

/**
 * The child records a transaction made, just before it: nonce 1 onwards, paid by its fee (none of
 * their own), each naming its parent's consensus timestamp.
 */
export async function recordChildren(
  tx: Tx,
  checked: Prechecked,
  parentNs: bigint,
  children: ChildRecord[],
  scheduled = false,
) {
  if (children.length === 0) return;
  await tx.insert(ledgerTransactions).values(
    children.map((child, index) => {
      const consensusNs = parentNs - BigInt(children.length - index);
      const nonce = index + 1;
      return {
        consensusNs,
        consensusTimestamp: formatTimestamp(consensusNs),
        transactionId: checked.transactionId,
        nonce,
        parentConsensusTimestamp: formatTimestamp(parentNs),
        payerAccount: checked.payer,
        validStartTimestamp: formatTimestamp(checked.validStartNs),
        name: child.name,
        result: 'SUCCESS',
        memoBase64: '',
        chargedTxFee: 0,
        maxFee: '0',
        node: checked.nodes[0] ?? null,
        entityId: child.entityId,
        validDurationSeconds: checked.validDuration.toString(),
        transactionHash: createHash('sha384').update(checked.bytes).update(String(nonce)).digest('base64'),
        scheduled,
      };
    }),
  );
}
