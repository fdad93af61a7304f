import {
  Transaction,
  type ScheduleCreateTransaction,
  type ScheduleDeleteTransaction,
  type ScheduleSignTransaction,
} from '@hashgraph/sdk';
import { proto } from '@hiero-ledger/proto';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { signaturesOf, transactionBodyOf } from '@registry/hedera-node/ed25519';
import { describeKey } from '@registry/hedera-node/hedera-keys';
import { keySatisfied, signedBySignatories, signedWithStored, storedKey } from './ledger-keys';
import type { LedgerDb } from './ledger-db';
import { fail, type LedgerState, type Tx } from './ledger-state';
import { ledgerSchedules, type ScheduleSignatory } from './schema';

// The schedule service as Hedera applies it: a transaction body created to wait for the signatures it
// needs, which ScheduleSign transactions add; it runs as its own transaction (its schedule's creation id,
// marked scheduled, paid by the schedule's payer) once they are all there, or at its expiry when it
// asked to wait for it, and is deleted with its admin key.

export type ScheduleRow = typeof ledgerSchedules.$inferSelect;

/** Runs the schedule's transaction if its signatures are complete; whether it ran. */
export type TryExecute = (tx: Tx, schedule: ScheduleRow) => Promise<boolean>;

/** Hedera's defaults and limits: a schedule lives 30 minutes unless told, at most 62 days. */
const DEFAULT_LIFETIME_NS = 1_800n * 1_000_000_000n;
const MAX_LIFETIME_NS = 62n * 24n * 3_600n * 1_000_000_000n;
const MAX_MEMO_BYTES = 100;

/** The scheduled transactions this ledger applies (others: SCHEDULED_TRANSACTION_NOT_IN_WHITELIST). */
const SCHEDULABLE = new Set([
  'cryptoTransfer',
  'cryptoCreateAccount',
  'cryptoUpdateAccount',
  'cryptoDelete',
  'cryptoApproveAllowance',
  'cryptoDeleteAllowance',
  'tokenCreation',
  'tokenMint',
  'tokenBurn',
  'tokenWipe',
  'tokenAssociate',
  'tokenDissociate',
  'tokenUpdate',
  'tokenDeletion',
  'tokenFreeze',
  'tokenUnfreeze',
  'tokenGrantKyc',
  'tokenRevokeKyc',
  'tokenPause',
  'tokenUnpause',
  'tokenUpdateNfts',
  'tokenReject',
  'tokenAirdrop',
  'tokenCancelAirdrop',
  'tokenClaimAirdrop',
  'tokenFeeScheduleUpdate',
  'consensusCreateTopic',
  'consensusUpdateTopic',
  'consensusDeleteTopic',
  'consensusSubmitMessage',
  'fileCreate',
  'fileAppend',
  'fileUpdate',
  'fileDelete',
  'utilPrng',
]);

const nsOf = (timestamp: { seconds?: unknown; nanos?: unknown } | null | undefined) =>
  BigInt(String(timestamp?.seconds ?? 0)) * 1_000_000_000n + BigInt(String(timestamp?.nanos ?? 0));

/** The keys with a valid signature on the transaction, as a schedule keeps them. */
function signatoriesOf(transaction: Transaction, consensusTimestamp: string): ScheduleSignatory[] {
  return signaturesOf(transaction).map(({ key, signature }) => {
    const described = describeKey(key);
    return {
      publicKey: described.key,
      type: described.type,
      signature: Buffer.from(signature).toString('base64'),
      consensusTimestamp,
    };
  });
}

/** The schedule's transaction, as the SDK reads it, signed by its schedule's signatories. */
export function scheduledTransactionOf(schedule: ScheduleRow): Transaction {
  const body = proto.SchedulableTransactionBody.decode(schedule.body);
  const data = body.data as keyof proto.ISchedulableTransactionBody;
  const [payer, seconds, nanos] = schedule.scheduledTransactionId.split('-');
  const [shardNum, realmNum, accountNum] = payer!.split('.');
  const transaction = Transaction.fromBytes(
    proto.TransactionList.encode({
      transactionList: [
        {
          signedTransactionBytes: proto.SignedTransaction.encode({
            // protobufjs takes 64-bit fields as decimal strings too.
            bodyBytes: proto.TransactionBody.encode({
              transactionID: {
                accountID: { shardNum, realmNum, accountNum },
                transactionValidStart: { seconds, nanos: Number(nanos) },
                scheduled: true,
              },
              nodeAccountID: { accountNum: '3' },
              transactionFee: body.transactionFee,
              transactionValidDuration: { seconds: '120' },
              memo: body.memo,
              [data]: body[data],
            } as unknown as proto.ITransactionBody).finish(),
          }).finish(),
        },
      ],
    }).finish(),
  );
  signedBySignatories(
    transaction,
    schedule.signatories.map((signatory) => signatory.publicKey),
  );
  return transaction;
}

async function liveSchedule(tx: Tx, scheduleId: string | undefined, nowNs: bigint): Promise<ScheduleRow> {
  const [schedule] = scheduleId
    ? await tx.select().from(ledgerSchedules).where(eq(ledgerSchedules.scheduleId, scheduleId))
    : [];
  if (!schedule) return fail('INVALID_SCHEDULE_ID');
  if (schedule.deletedTimestamp) fail('SCHEDULE_ALREADY_DELETED');
  if (schedule.executedTimestamp) fail('SCHEDULE_ALREADY_EXECUTED');
  if (schedule.expirationNs <= nowNs) fail('INVALID_SCHEDULE_ID');
  return schedule;
}

export async function applyScheduleCreate(
  state: LedgerState,
  tx: Tx,
  transaction: ScheduleCreateTransaction,
  { payer, transactionId, consensusNs, consensusTimestamp }: ScheduleContext,
  tryExecute: TryExecute,
): Promise<{ scheduleId: string; waitsUntilNs: bigint | null }> {
  const { scheduleCreate } = transactionBodyOf(transaction);
  const given = scheduleCreate?.scheduledTransactionBody;
  if (!given) return fail('INVALID_TRANSACTION');
  // Encoded and read again: the message class names which transaction the body holds (`data`).
  const body = proto.SchedulableTransactionBody.decode(
    proto.SchedulableTransactionBody.encode(given).finish(),
  );
  if (!body.data) return fail('INVALID_TRANSACTION');
  if (!SCHEDULABLE.has(body.data)) fail('SCHEDULED_TRANSACTION_NOT_IN_WHITELIST');
  // Read from the body: the SDK's memo getter refuses a frozen transaction.
  const memo = scheduleCreate?.memo ?? '';
  if (Buffer.byteLength(memo, 'utf8') > MAX_MEMO_BYTES) fail('MEMO_TOO_LONG');
  const adminKey = transaction.adminKey;
  const admin = adminKey ? storedKey(adminKey) : null;
  if (adminKey && !keySatisfied(transaction, adminKey)) fail('INVALID_SIGNATURE');
  const schedulePayer = transaction.payerAccountId?.toString() ?? payer;
  const payerAccount = await state.account(tx, schedulePayer);
  if (!payerAccount || payerAccount.deleted) fail('INVALID_SCHEDULE_PAYER_ID');
  const expiration = scheduleCreate?.expirationTime ? nsOf(scheduleCreate.expirationTime) : null;
  if (expiration !== null && expiration <= consensusNs)
    fail('SCHEDULE_EXPIRATION_TIME_MUST_BE_HIGHER_THAN_CONSENSUS_TIME');
  if (expiration !== null && expiration > consensusNs + MAX_LIFETIME_NS)
    fail('SCHEDULE_EXPIRATION_TIME_TOO_FAR_IN_FUTURE');
  const bodyBytes = Buffer.from(proto.SchedulableTransactionBody.encode(body).finish());
  // The same transaction scheduled again, while the first waits, is that schedule (its receipt names it).
  const [identical] = await tx
    .select({ scheduleId: ledgerSchedules.scheduleId })
    .from(ledgerSchedules)
    .where(
      and(
        eq(ledgerSchedules.body, bodyBytes),
        eq(ledgerSchedules.memo, memo),
        eq(ledgerSchedules.payerAccount, schedulePayer),
        admin ? eq(ledgerSchedules.adminKey, admin.key) : isNull(ledgerSchedules.adminKey),
        eq(ledgerSchedules.waitForExpiry, Boolean(scheduleCreate?.waitForExpiry)),
        expiration !== null ? eq(ledgerSchedules.expirationNs, expiration) : undefined,
        gt(ledgerSchedules.expirationNs, consensusNs),
        isNull(ledgerSchedules.executedTimestamp),
        isNull(ledgerSchedules.deletedTimestamp),
      ),
    )
    .limit(1);
  if (identical) fail('IDENTICAL_SCHEDULE_ALREADY_CREATED', identical.scheduleId);
  const [{ num } = { num: '0' }] = (
    await tx.execute<{ num: string }>(sql`select nextval('ledger_entity_num')::text as num`)
  ).rows;
  const [schedule] = await tx
    .insert(ledgerSchedules)
    .values({
      scheduleId: `0.0.${num}`,
      creatorAccount: payer,
      payerAccount: schedulePayer,
      adminKey: admin?.key ?? null,
      adminKeyType: admin?.type ?? null,
      memo,
      body: bodyBytes,
      signatories: signatoriesOf(transaction, consensusTimestamp),
      scheduledTransactionId: transactionId,
      createdTimestamp: consensusTimestamp,
      expirationNs: expiration ?? consensusNs + DEFAULT_LIFETIME_NS,
      waitForExpiry: Boolean(scheduleCreate?.waitForExpiry),
    })
    .returning();
  if (!schedule!.waitForExpiry) await tryExecute(tx, schedule!);
  return {
    scheduleId: schedule!.scheduleId,
    waitsUntilNs: schedule!.waitForExpiry ? schedule!.expirationNs : null,
  };
}

/** What a schedule transaction needs of the transaction that carries it. */
export type ScheduleContext = {
  payer: string;
  /** The carrying transaction's id, the mirror's form: a new schedule's transaction takes it. */
  transactionId: string;
  consensusNs: bigint;
  consensusTimestamp: string;
};

/** Adds the transaction's signatures to the schedule's, then runs it if they are now complete. */
export async function applyScheduleSign(
  tx: Tx,
  transaction: ScheduleSignTransaction,
  { consensusNs, consensusTimestamp }: ScheduleContext,
  tryExecute: TryExecute,
): Promise<string> {
  const schedule = await liveSchedule(tx, transaction.scheduleId?.toString(), consensusNs);
  const known = new Set(schedule.signatories.map((signatory) => signatory.publicKey));
  const added = signatoriesOf(transaction, consensusTimestamp).filter(
    (signatory) => !known.has(signatory.publicKey),
  );
  const signatories = [...schedule.signatories, ...added];
  await tx
    .update(ledgerSchedules)
    .set({ signatories })
    .where(eq(ledgerSchedules.scheduleId, schedule.scheduleId));
  if (!schedule.waitForExpiry) await tryExecute(tx, { ...schedule, signatories });
  return schedule.scheduleId;
}

/** Deletes a schedule not yet run, signed with its admin key. */
export async function applyScheduleDelete(
  tx: Tx,
  transaction: ScheduleDeleteTransaction,
  { consensusNs, consensusTimestamp }: ScheduleContext,
): Promise<string> {
  const schedule = await liveSchedule(tx, transaction.scheduleId?.toString(), consensusNs);
  if (!schedule.adminKey || !schedule.adminKeyType) return fail('SCHEDULE_IS_IMMUTABLE');
  if (!signedWithStored(transaction, schedule.adminKey, schedule.adminKeyType)) fail('INVALID_SIGNATURE');
  await tx
    .update(ledgerSchedules)
    .set({ deletedTimestamp: consensusTimestamp })
    .where(eq(ledgerSchedules.scheduleId, schedule.scheduleId));
  return schedule.scheduleId;
}

/** Schedules that waited for their expiry and reached it after `sinceNs`, by `nowNs`, oldest first. */
export function dueSchedules(tx: Tx, sinceNs: bigint, nowNs: bigint) {
  return tx
    .select()
    .from(ledgerSchedules)
    .where(
      and(
        eq(ledgerSchedules.waitForExpiry, true),
        gt(ledgerSchedules.expirationNs, sinceNs),
        lte(ledgerSchedules.expirationNs, nowNs),
        isNull(ledgerSchedules.executedTimestamp),
        isNull(ledgerSchedules.deletedTimestamp),
      ),
    )
    .orderBy(ledgerSchedules.expirationNs);
}

export async function markExecuted(tx: Tx, scheduleId: string, consensusTimestamp: string) {
  await tx
    .update(ledgerSchedules)
    .set({ executedTimestamp: consensusTimestamp })
    .where(eq(ledgerSchedules.scheduleId, scheduleId));
}

/** The earliest expiry after `nowNs` of a schedule that waits for it, or null. */
export async function nextWaitingExpiry(db: Tx | LedgerDb, nowNs: bigint): Promise<bigint | null> {
  const [next] = await db
    .select({ expirationNs: ledgerSchedules.expirationNs })
    .from(ledgerSchedules)
    .where(
      and(
        eq(ledgerSchedules.waitForExpiry, true),
        gt(ledgerSchedules.expirationNs, nowNs),
        isNull(ledgerSchedules.executedTimestamp),
        isNull(ledgerSchedules.deletedTimestamp),
      ),
    )
    .orderBy(ledgerSchedules.expirationNs)
    .limit(1);
  return next?.expirationNs ?? null;
}
