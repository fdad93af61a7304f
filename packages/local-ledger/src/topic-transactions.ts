import { createHash } from 'node:crypto';
import {
  type Key,
  type TopicCreateTransaction,
  type TopicDeleteTransaction,
  type TopicMessageSubmitTransaction,
  type TopicUpdateTransaction,
} from '@hashgraph/sdk';
import { proto } from '@hiero-ledger/proto';
import { eq, sql } from 'drizzle-orm';
import { keySatisfied, signedWithStored, storedKey } from './ledger-keys';
import { fail, type LedgerState, type Tx } from './ledger-state';
import type { TopicFee } from './custom-fee-types';
import { chargeTopicFees, feeExemptKeysOf, feeScheduleKeyOf, topicFeesOf } from './topic-fees';
import { ledgerTopicMessages, ledgerTopics } from './schema';

// The consensus service: topics, and messages ordered and chained by a running hash, as Hedera keeps them.

/** The running hash's layout (HAPI's version 3: the message enters as its SHA-384). */
export const RUNNING_HASH_VERSION = 3;
/** The most one message (or one chunk of a message) may carry. */
export const MAX_MESSAGE_BYTES = 1024;
const MAX_MEMO_BYTES = 100;
/** Hedera's bounds on a topic's auto-renew period: 6,999,999 s to 8,000,001 s (about 81 to 92 days). */
const MIN_AUTO_RENEW_SECONDS = 6_999_999;
const MAX_AUTO_RENEW_SECONDS = 8_000_001;
const DEFAULT_AUTO_RENEW_SECONDS = 7_776_000;

type TopicRow = typeof ledgerTopics.$inferSelect;

/** A key given, checked (a contract key is not taken on this ledger). */
function givenKey(key: Key | null | undefined): Key | null {
  if (key === null || key === undefined) return null;
  storedKey(key);
  return key;
}

const signedWith = signedWithStored;

function checkMemo(memo: string | null | undefined) {
  if (memo && Buffer.byteLength(memo, 'utf8') > MAX_MEMO_BYTES) fail('MEMO_TOO_LONG');
}

function autoRenewSecondsOf(period: { seconds: { toString(): string } } | null | undefined): number {
  if (!period) return DEFAULT_AUTO_RENEW_SECONDS;
  const seconds = Number(period.seconds.toString());
  if (seconds < MIN_AUTO_RENEW_SECONDS || seconds > MAX_AUTO_RENEW_SECONDS)
    fail('AUTORENEW_DURATION_NOT_IN_RANGE');
  return seconds;
}

async function liveTopic(tx: Tx, topicId: string | undefined): Promise<TopicRow> {
  if (!topicId) return fail('INVALID_TOPIC_ID');
  const [row] = await tx.select().from(ledgerTopics).where(eq(ledgerTopics.topicId, topicId));
  if (!row) return fail('INVALID_TOPIC_ID');
  if (row.deleted) return fail('INVALID_TOPIC_ID');
  return row;
}

export async function applyTopicCreate(
  state: LedgerState,
  tx: Tx,
  transaction: TopicCreateTransaction,
  consensusTimestamp: string,
): Promise<string> {
  const memo = transaction.getTopicMemo() ?? '';
  checkMemo(memo);
  const adminKey = givenKey(transaction.getAdminKey());
  const submitKey = givenKey(transaction.getSubmitKey());
  if (adminKey && !keySatisfied(transaction, adminKey)) fail('INVALID_SIGNATURE');
  const autoRenewAccount = transaction.getAutoRenewAccountId()?.toString() ?? null;
  if (autoRenewAccount) {
    const account = await state.account(tx, autoRenewAccount);
    if (!account) fail('INVALID_AUTORENEW_ACCOUNT');
    if (!state.signedBy(transaction, account!.publicKey, account!.keyType)) fail('INVALID_SIGNATURE');
  }
  const autoRenewPeriod = autoRenewSecondsOf(transaction.getAutoRenewPeriod());
  const feeScheduleKey = transaction.getFeeScheduleKey()
    ? feeScheduleKeyOf(transaction.getFeeScheduleKey()!)
    : null;
  const feeExemptKeys = feeExemptKeysOf(transaction.getFeeExemptKeys() ?? []);
  const customFees = await topicFeesOf(state, tx, transaction.getCustomFees() ?? []);
  const [{ num } = { num: '0' }] = (
    await tx.execute<{ num: string }>(sql`select nextval('ledger_entity_num')::text as num`)
  ).rows;
  const topicId = `0.0.${num}`;
  const admin = adminKey ? storedKey(adminKey) : null;
  const submit = submitKey ? storedKey(submitKey) : null;
  await tx.insert(ledgerTopics).values({
    topicId,
    memo,
    adminKey: admin?.key ?? null,
    adminKeyType: admin?.type ?? null,
    submitKey: submit?.key ?? null,
    submitKeyType: submit?.type ?? null,
    autoRenewAccount,
    autoRenewPeriod,
    createdTimestamp: consensusTimestamp,
    modifiedTimestamp: consensusTimestamp,
    feeScheduleKey: feeScheduleKey?.key ?? null,
    feeScheduleKeyType: feeScheduleKey?.type ?? null,
    feeExemptKeys,
    customFees,
  });
  return topicId;
}

/**
 * Changes a topic: its custom fees signed by its fee schedule key; anything else signed by its admin key
 * (and a new admin key), so a topic without one takes only fee changes.
 */
export async function applyTopicUpdate(
  state: LedgerState,
  tx: Tx,
  transaction: TopicUpdateTransaction,
  consensusTimestamp: string,
): Promise<string> {
  const topic = await liveTopic(tx, transaction.topicId?.toString());
  const fees = transaction.getCustomFees();
  const feeScheduleKeyGiven = transaction.getFeeScheduleKey();
  const exemptKeysGiven = transaction.getFeeExemptKeys();
  const onlyFees =
    fees !== null &&
    [
      transaction.topicMemo,
      transaction.adminKey,
      transaction.submitKey,
      transaction.autoRenewPeriod,
      transaction.autoRenewAccountId,
      feeScheduleKeyGiven,
      exemptKeysGiven,
    ].every((field) => field === null || field === undefined);
  if (!onlyFees) {
    if (!topic.adminKey || !topic.adminKeyType) return fail('UNAUTHORIZED');
    if (!signedWith(transaction, topic.adminKey, topic.adminKeyType)) fail('INVALID_SIGNATURE');
  }
  const memo = transaction.topicMemo;
  checkMemo(memo);
  const adminKey = givenKey(transaction.adminKey);
  const submitKey = givenKey(transaction.submitKey);
  if (adminKey && !keySatisfied(transaction, adminKey)) fail('INVALID_SIGNATURE');
  const admin = adminKey ? storedKey(adminKey) : null;
  const submit = submitKey ? storedKey(submitKey) : null;
  // A topic made without a fee schedule key never has one; one made with it may change or clear it.
  if (feeScheduleKeyGiven && !topic.feeScheduleKey) fail('FEE_SCHEDULE_KEY_CANNOT_BE_UPDATED');
  const feeScheduleKey = feeScheduleKeyGiven ? feeScheduleKeyOf(feeScheduleKeyGiven) : undefined;
  let customFees: TopicFee[] | undefined;
  if (fees !== null) {
    if (!topic.feeScheduleKey || !topic.feeScheduleKeyType) return fail('FEE_SCHEDULE_KEY_NOT_SET');
    if (!signedWith(transaction, topic.feeScheduleKey, topic.feeScheduleKeyType)) fail('INVALID_SIGNATURE');
    customFees = await topicFeesOf(state, tx, fees);
  }
  await tx
    .update(ledgerTopics)
    .set({
      ...(memo !== null && memo !== undefined ? { memo } : {}),
      ...(admin ? { adminKey: admin.key, adminKeyType: admin.type } : {}),
      ...(submit ? { submitKey: submit.key, submitKeyType: submit.type } : {}),
      ...(transaction.autoRenewPeriod
        ? { autoRenewPeriod: autoRenewSecondsOf(transaction.autoRenewPeriod) }
        : {}),
      ...(feeScheduleKey !== undefined
        ? { feeScheduleKey: feeScheduleKey?.key ?? null, feeScheduleKeyType: feeScheduleKey?.type ?? null }
        : {}),
      ...(exemptKeysGiven !== null ? { feeExemptKeys: feeExemptKeysOf(exemptKeysGiven) } : {}),
      ...(customFees ? { customFees, customFeesTimestamp: consensusTimestamp } : {}),
      modifiedTimestamp: consensusTimestamp,
    })
    .where(eq(ledgerTopics.topicId, topic.topicId));
  return topic.topicId;
}

/** Deletes a topic, signed by its admin key; its messages stay readable, new ones are refused. */
export async function applyTopicDelete(
  tx: Tx,
  transaction: TopicDeleteTransaction,
  consensusTimestamp: string,
): Promise<string> {
  const topic = await liveTopic(tx, transaction.topicId?.toString());
  if (!topic.adminKey || !topic.adminKeyType) return fail('UNAUTHORIZED');
  if (!signedWith(transaction, topic.adminKey, topic.adminKeyType)) fail('INVALID_SIGNATURE');
  await tx
    .update(ledgerTopics)
    .set({ deleted: true, modifiedTimestamp: consensusTimestamp })
    .where(eq(ledgerTopics.topicId, topic.topicId));
  return topic.topicId;
}

/**
 * The transaction in submitted bytes: gRPC carries one `Transaction`, the HTTP route the SDK's `toBytes()`,
 * a `TransactionList` (one per node). A `Transaction` read as a list has no list items.
 */
function firstTransaction(bytes: Uint8Array) {
  try {
    const [first] = proto.TransactionList.decode(bytes).transactionList;
    if (first) return first;
  } catch {
    // Not a list.
  }
  return proto.Transaction.decode(bytes);
}

/** The chunk a message transaction carries, read from its body (the SDK's decoder leaves it out). */
function chunkInfoOf(bytes: Uint8Array) {
  const outer = firstTransaction(bytes);
  const signed = outer.signedTransactionBytes?.length
    ? proto.SignedTransaction.decode(outer.signedTransactionBytes)
    : null;
  const body = proto.TransactionBody.decode(signed?.bodyBytes ?? outer.bodyBytes ?? new Uint8Array());
  const info = body.consensusSubmitMessage?.chunkInfo;
  if (!info) return null;
  const initial = info.initialTransactionID;
  const initialId =
    initial?.accountID && initial.transactionValidStart
      ? `${initial.accountID.shardNum ?? 0}.${initial.accountID.realmNum ?? 0}.${initial.accountID.accountNum}@${initial.transactionValidStart.seconds}.${String(initial.transactionValidStart.nanos ?? 0).padStart(9, '0')}`
      : null;
  return { total: Number(info.total ?? 0), number: Number(info.number ?? 0), initialId };
}

/** Eight bytes, big-endian. */
const int64 = (value: bigint | number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigInt64BE(BigInt(value));
  return bytes;
};
const entityParts = (id: string) => id.split('.').map((part) => int64(BigInt(part)));

/**
 * The topic's running hash after a message (HAPI's version 3): SHA-384 over the previous hash, the
 * version, the payer's and the topic's shard, realm and number, the consensus time (seconds, nanos),
 * the sequence number and the message's own SHA-384.
 */
export function runningHashOf(options: {
  previous: Buffer | null;
  payer: string;
  topicId: string;
  consensusNs: bigint;
  sequenceNumber: number;
  message: Buffer;
}): Buffer {
  const nanos = Buffer.alloc(4);
  nanos.writeInt32BE(Number(options.consensusNs % 1_000_000_000n));
  return createHash('sha384')
    .update(
      Buffer.concat([
        options.previous ?? Buffer.alloc(48),
        int64(RUNNING_HASH_VERSION),
        ...entityParts(options.payer),
        ...entityParts(options.topicId),
        int64(options.consensusNs / 1_000_000_000n),
        nanos,
        int64(options.sequenceNumber),
        createHash('sha384').update(options.message).digest(),
      ]),
    )
    .digest();
}

/**
 * Takes a message (or one chunk of one) into a topic, its custom fees paid: the next sequence number
 * and running hash.
 */
export async function applyTopicMessage(
  state: LedgerState,
  tx: Tx,
  transaction: TopicMessageSubmitTransaction,
  bytes: Uint8Array,
  payer: string,
  consensusNs: bigint,
  through: Parameters<typeof chargeTopicFees>[5],
): Promise<{ topicId: string; sequenceNumber: number; runningHash: string }> {
  const { consensusTimestamp } = through;
  const topic = await liveTopic(tx, transaction.topicId?.toString());
  const message = Buffer.from(transaction.getMessage() ?? new Uint8Array());
  if (message.length === 0) fail('INVALID_TOPIC_MESSAGE');
  if (message.length > MAX_MESSAGE_BYTES) fail('MESSAGE_SIZE_TOO_LARGE');
  if (
    topic.submitKey &&
    topic.submitKeyType &&
    !signedWith(transaction, topic.submitKey, topic.submitKeyType)
  )
    fail('INVALID_SIGNATURE');
  const chunk = chunkInfoOf(bytes);
  if (chunk && (chunk.number < 1 || chunk.number > chunk.total)) fail('INVALID_CHUNK_NUMBER');
  await chargeTopicFees(state, tx, transaction, payer, topic, through);
  const sequenceNumber = topic.sequenceNumber + 1;
  const runningHash = runningHashOf({
    previous: topic.runningHash ? Buffer.from(topic.runningHash, 'base64') : null,
    payer,
    topicId: topic.topicId,
    consensusNs,
    sequenceNumber,
    message,
  }).toString('base64');
  await tx
    .update(ledgerTopics)
    .set({ sequenceNumber, runningHash })
    .where(eq(ledgerTopics.topicId, topic.topicId));
  await tx.insert(ledgerTopicMessages).values({
    topicId: topic.topicId,
    sequenceNumber,
    consensusNs,
    consensusTimestamp,
    message: message.toString('base64'),
    runningHash,
    runningHashVersion: RUNNING_HASH_VERSION,
    payerAccount: payer,
    chunkInfo: chunk
      ? {
          initial_transaction_id: chunk.initialId ? mirrorInitialId(chunk.initialId) : null,
          number: chunk.number,
          total: chunk.total,
        }
      : null,
  });
  return { topicId: topic.topicId, sequenceNumber, runningHash };
}

/** A chunk's first transaction as the mirror node writes it in `chunk_info`. */
function mirrorInitialId(sdkId: string) {
  const [accountId, validStart] = sdkId.split('@');
  return {
    account_id: accountId,
    nonce: 0,
    scheduled: false,
    transaction_valid_start: validStart,
  };
}
