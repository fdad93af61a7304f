import {
  BatchTransaction,
  AccountCreateTransaction,
  AccountDeleteTransaction,
  AccountUpdateTransaction,
  FileAppendTransaction,
  FileCreateTransaction,
  FileDeleteTransaction,
  FileUpdateTransaction,
  PrngTransaction,
  PrivateKey,
  TokenAssociateTransaction,
  TokenBurnTransaction,
  TokenWipeTransaction,
  TokenPauseTransaction,
  TokenRejectTransaction,
  ScheduleCreateTransaction,
  ScheduleDeleteTransaction,
  ScheduleSignTransaction,
  TokenAirdropTransaction,
  TokenCancelAirdropTransaction,
  TokenClaimAirdropTransaction,
  TokenDeleteTransaction,
  TokenFeeScheduleUpdateTransaction,
  TokenDissociateTransaction,
  AccountAllowanceApproveTransaction,
  AccountAllowanceDeleteTransaction,
  TokenUpdateNftsTransaction,
  TokenUpdateTransaction,
  TokenUnpauseTransaction,
  TokenFreezeTransaction,
  TokenUnfreezeTransaction,
  TokenGrantKycTransaction,
  TokenRevokeKycTransaction,
  TokenCreateTransaction,
  TokenMintTransaction,
  TopicCreateTransaction,
  TopicDeleteTransaction,
  TopicMessageSubmitTransaction,
  TopicUpdateTransaction,
  Transaction,
  TransferTransaction,
} from '@hashgraph/sdk';
import { setImmediate } from 'node:timers/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LedgerDb as Db } from './ledger-db';
import {
  ledgerAccounts,
  ledgerNfts,
  ledgerTokenRelationships,
  ledgerSettings,
  ledgerTransactions,
} from './schema';
import { formatTimestamp, toMirrorTransactionId } from '@registry/contracts/hedera-ids';
import {
  LedgerUnavailableError,
  type AccountKey,
  type LedgerNft,
  type LedgerReader,
} from '@registry/hedera-node/ledger-port';
import {
  applyAccountCreate,
  applyAccountDelete,
  applyAccountUpdate,
  applyAssociate,
  applyDissociate,
  applyTransfer,
} from './account-transactions';
import {
  accountNumOf,
  describeKey,
  FEE_ACCOUNT,
  GENESIS_ACCOUNT,
  NODE_ACCOUNTS,
  TOTAL_SUPPLY_TINYBARS,
  TRANSACTION_FEE_TINYBARS,
} from './ledger-accounts';
import { fail, LedgerState, Outcome, type HbarMovement, type Tx } from './ledger-state';
import {
  CONSENSUS_STEP_NS,
  nextConsensusNs,
  recordChildren,
  recordTransaction,
  refusal,
  timeWindowStatus,
  type Applied,
  type RanInner,
  type FungibleTransfer,
  type Prechecked,
  type SubmitResult,
} from './transaction-record';
import { applyBurn, applyMint, applyTokenCreate, applyWipe } from './token-transactions';
import { applyTokenReject } from './token-reject';
import { applyAirdrop, applyCancelAirdrop, applyClaimAirdrop } from './airdrop-transactions';
import {
  applyScheduleCreate,
  applyScheduleDelete,
  applyScheduleSign,
  dueSchedules,
  markExecuted,
  nextWaitingExpiry,
  scheduledTransactionOf,
  type ScheduleRow,
  type TryExecute,
} from './schedule-transactions';
import type { PendingAirdrop } from './schema';
import { applyAllowanceApprove, applyAllowanceDelete } from './allowance-transactions';
import {
  applyHolderControl,
  applyNftMetadataUpdate,
  applyTokenDelete,
  applyTokenPause,
} from './token-controls';
import {
  applyTopicCreate,
  applyTopicDelete,
  applyTopicMessage,
  applyTopicUpdate,
} from './topic-transactions';
import { NetworkFaults } from './network-faults';
import { hollowPayerKey } from './alias-accounts';
import type { AssessedFee } from './custom-fee-types';
import { InnerTransactionFailed, innerTransactionsOf } from './batch-transactions';
import { applyTokenUpdate } from './token-update';
import { customFeeLimitsOf } from './topic-fees';
import { applyFeeScheduleUpdate } from './custom-fees';
import { PROTOBUF_ENCODED } from './ledger-keys';
import { pseudorandom } from './util-transactions';
import { applyFileAppend, applyFileCreate, applyFileDelete, applyFileUpdate } from './file-transactions';
import {
  LAST_LOCAL_NODE_ACCOUNT_NUM,
  LOCAL_NODE_ACCOUNT_TINYBARS,
  LOCAL_NODE_OPERATOR_KEY,
  localNodeAccounts,
} from './local-node-accounts';

export type { SubmitResult } from './transaction-record';

/** How a new ledger starts: its genesis key, and whether hiero-local-node's development accounts exist. */
export type GenesisOptions = {
  /** The genesis account's key (a random Ed25519 one, or hiero-local-node's with `localNodeAccounts`). */
  key?: PrivateKey;
  /** hiero-local-node's operator key on 0.0.2 and its thirty funded accounts, 0.0.1002–0.0.1031. */
  localNodeAccounts?: boolean;
};

/** The advisory lock every transaction takes to reach consensus, one at a time. */
export const LEDGER_LOCK_KEY = 852_741_963;
/** The transactions that change one holder's standing with a token, and their names on the mirror node. */
const HOLDER_CONTROL_NAMES = [
  [TokenFreezeTransaction, 'TOKENFREEZE'],
  [TokenUnfreezeTransaction, 'TOKENUNFREEZE'],
  [TokenGrantKycTransaction, 'TOKENGRANTKYC'],
  [TokenRevokeKycTransaction, 'TOKENREVOKEKYC'],
] as const;
const GENESIS_KEY_SETTING = 'genesis_key';
/** The file service's transactions and their names on the mirror node. */
const FILE_TRANSACTION_NAMES = [
  [FileCreateTransaction, 'FILECREATE'],
  [FileAppendTransaction, 'FILEAPPEND'],
  [FileUpdateTransaction, 'FILEUPDATE'],
  [FileDeleteTransaction, 'FILEDELETE'],
] as const;

/**
 * The embedded ledger: takes real transaction bytes made with the SDK, checks them as Hedera would
 * (signatures, valid-start window, duplicates, balances, associations), applies them and keeps every
 * record in its database so the mirror routes can serve them.
 */
export class LocalLedger implements LedgerReader {
  private paused = false;
  private readonly state: LedgerState;
  /** Faults its gRPC nodes play on demand (busy, receipts unknown, a node down). */
  readonly faults = new NetworkFaults();

  constructor(
    private readonly db: Db,
    private readonly clock: () => bigint = () => BigInt(Date.now()) * 1_000_000n,
  ) {
    this.state = new LedgerState(db);
  }

  pause() {
    this.paused = true;
  }

  resume() {
    this.paused = false;
  }

  isPaused() {
    return this.paused;
  }

  async isAvailable() {
    return !this.paused;
  }

  private assertAvailable() {
    if (this.paused) throw new LedgerUnavailableError();
  }

  /**
   * Creates the system accounts once and returns the genesis key (kept in the database: this is a
   * development ledger). The genesis account holds all HBAR and funds the faucet. A new ledger takes
   * the genesis key when given (scripts that know their operator in advance) and, when asked,
   * hiero-local-node's development accounts; an existing one keeps what it has.
   */
  async bootstrap(options: GenesisOptions = {}): Promise<PrivateKey> {
    const [stored] = await this.db
      .select()
      .from(ledgerSettings)
      .where(eq(ledgerSettings.key, GENESIS_KEY_SETTING));
    if (stored) {
      // A ledger started again: the schedules waiting for their expiry get their timer back.
      const next = await nextWaitingExpiry(this.db, this.clock());
      if (next !== null) this.wakeAtExpiry(next);
      return PrivateKey.fromStringDer((stored.value as { privateKey: string }).privateKey);
    }
    const genesisKey =
      options.key ??
      (options.localNodeAccounts
        ? PrivateKey.fromStringDer(LOCAL_NODE_OPERATOR_KEY)
        : PrivateKey.generateED25519());
    const devAccounts = options.localNodeAccounts ? localNodeAccounts() : [];
    const created = formatTimestamp(this.clock());
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK_KEY})`);
      const [again] = await tx
        .select()
        .from(ledgerSettings)
        .where(eq(ledgerSettings.key, GENESIS_KEY_SETTING));
      if (again) return;
      const genesis = describeKey(genesisKey.publicKey);
      const systemAccounts = [GENESIS_ACCOUNT, ...NODE_ACCOUNTS, FEE_ACCOUNT].map((id) => ({
        accountNum: accountNumOf(id)!,
        publicKey: genesis.key,
        keyType: genesis.type,
        balanceTinybars:
          id === GENESIS_ACCOUNT
            ? TOTAL_SUPPLY_TINYBARS - LOCAL_NODE_ACCOUNT_TINYBARS * BigInt(devAccounts.length)
            : 0n,
        createdTimestamp: created,
      }));
      await tx.insert(ledgerAccounts).values(systemAccounts).onConflictDoNothing();
      if (devAccounts.length > 0) {
        await tx
          .insert(ledgerAccounts)
          .values(
            devAccounts.map((account) => {
              const key = describeKey(account.privateKey.publicKey);
              return {
                accountNum: account.accountNum,
                publicKey: key.key,
                keyType: key.type,
                balanceTinybars: LOCAL_NODE_ACCOUNT_TINYBARS,
                createdTimestamp: created,
                evmAddress: account.evmAddress,
              };
            }),
          )
          .onConflictDoNothing();
        // New entities are numbered after them, as on hiero-local-node.
        await tx.execute(sql`select setval('ledger_entity_num', ${LAST_LOCAL_NODE_ACCOUNT_NUM})`);
      }
      await tx
        .insert(ledgerSettings)
        .values({ key: GENESIS_KEY_SETTING, value: { privateKey: genesisKey.toStringDer() } });
    });
    return this.bootstrap();
  }

  /** Transactions past their precheck and not yet through consensus, by id: each is applied once. */
  private readonly inFlight = new Map<string, Promise<SubmitResult>>();

  /**
   * Submits signed transaction bytes, as a node would take them. `onAccepted` is told once the
   * transaction passed its precheck and waits for consensus. The same transaction sent again while it
   * waits (a client that gave up on a slow answer) is that one submission, and gets its result.
   */
  async submit(bytes: Uint8Array, onAccepted?: () => void): Promise<SubmitResult> {
    this.assertAvailable();
    const checked = await this.precheck(bytes);
    if ('status' in checked) return checked;
    const waiting = this.inFlight.get(checked.transactionId);
    if (waiting) {
      onAccepted?.();
      return waiting;
    }
    const result = this.db.transaction(async (tx) => {
      // The embedded database answers in microtasks: without a turn of the event loop between
      // transactions, a queue of them would hold every answer, timer and socket until it drained.
      await setImmediate();
      return this.reachConsensus(tx, checked);
    });
    this.inFlight.set(checked.transactionId, result);
    onAccepted?.();
    try {
      return await result;
    } finally {
      this.inFlight.delete(checked.transactionId);
    }
  }

  /** Whether a transaction (by its mirror id, `0.0.2-1700000000-000000001`) waits for consensus. */
  isInFlight(transactionId: string): boolean {
    return this.inFlight.has(transactionId);
  }

  /**
   * What a node checks before a transaction goes to consensus: its body and id, its nodes, its time
   * window, the payer's signature and the fee it offers.
   */
  private async precheck(bytes: Uint8Array): Promise<SubmitResult | Prechecked> {
    let transaction: Transaction;
    try {
      transaction = Transaction.fromBytes(bytes);
    } catch {
      return { status: 'INVALID_TRANSACTION_BODY', transactionId: null, consensusTimestamp: null };
    }
    const id = transaction.transactionId;
    if (!id?.accountId || !id.validStart) {
      return { status: 'INVALID_TRANSACTION_ID', transactionId: null, consensusTimestamp: null };
    }
    const checked: Prechecked = {
      transaction,
      bytes,
      transactionId: toMirrorTransactionId(id.toString()),
      payer: id.accountId.toString(),
      validStartNs:
        BigInt(id.validStart.seconds.toString()) * 1_000_000_000n + BigInt(id.validStart.nanos.toString()),
      validDuration: BigInt(transaction.transactionValidDuration),
      nodes: transaction.nodeAccountIds?.map(String) ?? [],
      maxFee: BigInt(transaction.maxTransactionFee?.toTinybars().toString() ?? '0'),
    };
    const refused = (status: string) => refusal(checked, status);
    // Only a topic's messages take a cap on custom fees (HIP-991).
    if (!(transaction instanceof TopicMessageSubmitTransaction) && customFeeLimitsOf(transaction).length > 0)
      return refused('MAX_CUSTOM_FEES_IS_NOT_SUPPORTED');
    if (checked.nodes.length === 0 || !checked.nodes.every((node) => NODE_ACCOUNTS.includes(node)))
      return refused('INVALID_NODE_ACCOUNT');
    const early = timeWindowStatus(checked, this.clock());
    if (early) return refused(early);
    // The payer's signature is checked before taking the lock, which every transaction waits for, against
    // its key as last read (an account update forgets it); the balance is read under the lock.
    const payerKey = await this.state.accountKey(checked.payer);
    if (!payerKey) return refused('PAYER_ACCOUNT_NOT_FOUND');
    if (!payerKey.publicKey && payerKey.evmAddress) {
      // A hollow payer: the ECDSA key of its address signs, and becomes its key at consensus.
      const completing = hollowPayerKey(transaction, payerKey.evmAddress);
      if (!completing) return refused('INVALID_SIGNATURE');
      checked.completesHollowPayer = completing;
    } else if (!this.state.signedBy(transaction, payerKey.publicKey, payerKey.keyType))
      return refused('INVALID_SIGNATURE');
    if (checked.maxFee < TRANSACTION_FEE_TINYBARS) return refused('INSUFFICIENT_TX_FEE');
    return checked;
  }

  /**
   * Under the ledger's lock: the checks that depend on what came before (time, duplicates, the payer's
   * balance), then the consensus timestamp, the transaction applied, its fee charged and its record kept.
   */
  private async reachConsensus(tx: Tx, checked: Prechecked): Promise<SubmitResult> {
    await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK_KEY})`);
    const now = this.clock();
    const late = timeWindowStatus(checked, now);
    if (late) return refusal(checked, late);
    const {
      rows: [state],
    } = await tx.execute<{
      last_ns: string | null;
      duplicate: boolean;
      payer_balance: string;
      payer_deleted: boolean;
    }>(sql`
      select (select max(${ledgerTransactions.consensusNs}) from ${ledgerTransactions})::text as last_ns,
        exists (select 1 from ${ledgerTransactions} where ${ledgerTransactions.transactionId} = ${checked.transactionId}
          and not ${ledgerTransactions.scheduled}) as duplicate,
        (select ${ledgerAccounts.balanceTinybars} from ${ledgerAccounts}
          where ${ledgerAccounts.accountNum} = ${accountNumOf(checked.payer)})::text as payer_balance,
        (select ${ledgerAccounts.deleted} from ${ledgerAccounts}
          where ${ledgerAccounts.accountNum} = ${accountNumOf(checked.payer)}) as payer_deleted`);
    if (state!.duplicate) return refusal(checked, 'DUPLICATE_TRANSACTION');
    if (state!.payer_deleted) return refusal(checked, 'PAYER_ACCOUNT_DELETED');
    if (BigInt(state!.payer_balance) < TRANSACTION_FEE_TINYBARS)
      return refusal(checked, 'INSUFFICIENT_PAYER_BALANCE');

    if (checked.completesHollowPayer) await this.completeHollowAccount(tx, checked);
    const lastNs = state!.last_ns ? BigInt(state!.last_ns) : 0n;
    let consensusNs = nextConsensusNs(now, lastNs);
    // Schedules that waited for an expiry passed since the last transaction run first, each once.
    for (const due of await dueSchedules(tx, lastNs, now)) {
      if (await this.executeSchedule(tx, due, consensusNs)) consensusNs += CONSENSUS_STEP_NS;
    }
    const consensusTimestamp = formatTimestamp(consensusNs);
    const outcome = await this.settle(tx, checked, consensusNs);
    return {
      status: outcome.status,
      transactionId: checked.transactionId,
      consensusTimestamp,
      ...(outcome.entityId ? { entityId: outcome.entityId } : {}),
      ...(outcome.serials ? { serials: outcome.serials } : {}),
      ...(outcome.topic ? { topicSequenceNumber: outcome.topic.sequenceNumber } : {}),
    };
  }

  /**
   * Applies a transaction that reached consensus and records it. The fee is charged whatever the
   * outcome; the HBAR the transaction moved (none when it failed) goes in the same statement.
   */
  private async settle(
    tx: Tx,
    checked: Prechecked,
    consensusNs: bigint,
    scheduled = false,
  ): Promise<Applied> {
    const outcome = await this.applyOrFail(tx, checked, consensusNs);
    const { movement } = outcome;
    movement.set(checked.payer, (movement.get(checked.payer) ?? 0n) - TRANSACTION_FEE_TINYBARS);
    movement.set(FEE_ACCOUNT, (movement.get(FEE_ACCOUNT) ?? 0n) + TRANSACTION_FEE_TINYBARS);
    await this.state.moveHbar(tx, movement);
    await recordTransaction(tx, checked, consensusNs, outcome, scheduled);
    await recordChildren(tx, checked, consensusNs, outcome.children ?? [], scheduled);
    if (outcome.revertedInner) await this.recordRevertedInner(tx, outcome.revertedInner);
    return outcome;
  }

  /**
   * The inner transactions a failed batch ran, after their work was undone: each keeps its record
   * (REVERTED_SUCCESS for those that had gone through) and pays its fee, as on Hedera.
   */
  private async recordRevertedInner(tx: Tx, ran: RanInner[]) {
    for (const [index, { checked, status, consensusNs }] of ran.entries()) {
      const movement: HbarMovement = new Map([
        [checked.payer, -TRANSACTION_FEE_TINYBARS],
        [FEE_ACCOUNT, TRANSACTION_FEE_TINYBARS],
      ]);
      await this.state.moveHbar(tx, movement);
      await recordTransaction(tx, checked, consensusNs, {
        status: index < ran.length - 1 ? 'REVERTED_SUCCESS' : status,
        name: LocalLedger.transactionName(checked.transaction),
        movement,
        nftTransfers: [],
        tokenTransfers: [],
      });
    }
  }

  /**
   * An atomic batch: its inner transactions, checked as a node checks them (each payer's signature,
   * valid window, not seen before), run one after another just after it, each settled as alone; the
   * first that fails undoes them all (the batch runs on a savepoint).
   */
  private async applyBatch(tx: Tx, batch: BatchTransaction, consensusNs: bigint) {
    // Each inner transaction's record names the batch's consensus timestamp as its parent's.
    const inner = innerTransactionsOf(batch).map((checked) => ({
      ...checked,
      parentConsensusNs: consensusNs,
    }));
    for (const checked of inner) {
      const payer = await this.state.account(tx, checked.payer);
      if (!payer) fail('PAYER_ACCOUNT_NOT_FOUND');
      if (!this.state.signedBy(checked.transaction, payer!.publicKey, payer!.keyType))
        fail('INVALID_SIGNATURE');
      if (checked.maxFee < TRANSACTION_FEE_TINYBARS) fail('INSUFFICIENT_TX_FEE');
      const window = timeWindowStatus(checked, consensusNs);
      if (window) fail(window);
      const [seen] = await tx
        .select({ id: ledgerTransactions.transactionId })
        .from(ledgerTransactions)
        .where(
          and(eq(ledgerTransactions.transactionId, checked.transactionId), eq(ledgerTransactions.nonce, 0)),
        );
      if (seen) fail('DUPLICATE_TRANSACTION');
    }
    const ran: RanInner[] = [];
    for (const [index, checked] of inner.entries()) {
      // Room between them for each one's child records and a schedule it completes.
      const innerNs = consensusNs + BigInt(index + 1) * 2n * CONSENSUS_STEP_NS;
      const outcome = await this.settle(tx, checked, innerNs);
      ran.push({ checked, status: outcome.status, consensusNs: innerNs });
      if (outcome.status !== 'SUCCESS') throw new InnerTransactionFailed(ran);
    }
  }

  /** A hollow payer gets the ECDSA key that signed for it (HIP-583): a complete account from then on. */
  private async completeHollowAccount(tx: Tx, checked: Prechecked) {
    const key = describeKey(checked.completesHollowPayer!);
    await tx
      .update(ledgerAccounts)
      .set({ publicKey: key.key, keyType: key.type })
      .where(
        and(eq(ledgerAccounts.accountNum, accountNumOf(checked.payer)!), isNull(ledgerAccounts.publicKey)),
      );
    this.state.forgetAccountKey(checked.payer);
  }

  /** The timer that runs the next schedule waiting for its expiry, and when it fires. */
  private expiryTimer: NodeJS.Timeout | undefined;
  private expiryAtNs: bigint | null = null;

  /**
   * Arms the timer for a schedule's expiry: a schedule that waits for it runs then, as on Hedera, even
   * when no other transaction comes (one that does come first runs it too).
   */
  private wakeAtExpiry(expirationNs: bigint) {
    if (this.expiryAtNs !== null && this.expiryAtNs <= expirationNs) return;
    clearTimeout(this.expiryTimer);
    this.expiryAtNs = expirationNs;
    // setTimeout takes at most about 24 days; a later expiry is armed again when this one fires.
    const delayMs = Math.min(
      Math.max(Number((expirationNs - this.clock()) / 1_000_000n) + 1, 0),
      2 ** 31 - 1,
    );
    this.expiryTimer = setTimeout(() => {
      this.expiryAtNs = null;
      // A failure (the ledger paused or closed) leaves the schedule to the next transaction.
      this.runExpiredSchedules().catch(() => undefined);
    }, delayMs);
    this.expiryTimer.unref();
  }

  /** Runs the schedules whose awaited expiry has come, then arms the timer for the next one. */
  async runExpiredSchedules(): Promise<void> {
    this.assertAvailable();
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK_KEY})`);
      const now = this.clock();
      const [last] = await tx
        .select({ ns: sql<string | null>`max(${ledgerTransactions.consensusNs})::text` })
        .from(ledgerTransactions);
      const lastNs = last?.ns ? BigInt(last.ns) : 0n;
      let consensusNs = nextConsensusNs(now, lastNs);
      for (const due of await dueSchedules(tx, lastNs, now)) {
        if (await this.executeSchedule(tx, due, consensusNs)) consensusNs += CONSENSUS_STEP_NS;
      }
    });
    const next = await nextWaitingExpiry(this.db, this.clock());
    if (next !== null) this.wakeAtExpiry(next);
  }

  /**
   * Runs a schedule's transaction at `consensusNs` when its signatories satisfy every key it needs
   * (its payer's too): tried on a savepoint, a transaction still short of a signature leaves no trace
   * and waits. Whatever else it ends with, it ran, and its schedule is executed.
   */
  private async executeSchedule(tx: Tx, schedule: ScheduleRow, consensusNs: bigint): Promise<boolean> {
    const transaction = scheduledTransactionOf(schedule);
    const payer = await this.state.account(tx, schedule.payerAccount);
    if (!payer || !this.state.signedBy(transaction, payer.publicKey, payer.keyType)) return false;
    const [, seconds, nanos] = schedule.scheduledTransactionId.split('-');
    const checked: Prechecked = {
      transaction,
      bytes: transaction.toBytes(),
      transactionId: schedule.scheduledTransactionId,
      payer: schedule.payerAccount,
      validStartNs: BigInt(seconds!) * 1_000_000_000n + BigInt(nanos!),
      validDuration: 120n,
      nodes: [],
      maxFee: TRANSACTION_FEE_TINYBARS,
    };
    if (payer.balanceTinybars < TRANSACTION_FEE_TINYBARS) return false;
    try {
      await tx.transaction(async (savepoint) => {
        const outcome = await this.settle(savepoint, checked, consensusNs, true);
        if (outcome.status === 'INVALID_SIGNATURE') throw new ScheduleNotReady();
        await markExecuted(savepoint, schedule.scheduleId, formatTimestamp(consensusNs));
      });
      return true;
    } catch (error) {
      if (error instanceof ScheduleNotReady) return false;
      throw error;
    }
  }

  /** Applies the transaction; a failed one moves nothing and keeps its status. */
  private async applyOrFail(tx: Tx, checked: Prechecked, consensusNs: bigint): Promise<Applied> {
    const { transaction } = checked;
    const outcome: Applied = {
      status: 'SUCCESS',
      name: 'UNKNOWN',
      movement: new Map(),
      nftTransfers: [],
      tokenTransfers: [],
    };
    const applyIn = async (executor: Tx) => {
      const applied = await this.apply(
        executor,
        checked,
        consensusNs,
        outcome.movement,
        outcome.nftTransfers,
        outcome.tokenTransfers,
      );
      Object.assign(outcome, applied);
    };
    try {
      // Transfers and mints check everything before they write, so a failure has written nothing;
      // the rarer kinds work on a savepoint. Either way a failed transaction keeps only its fee.
      if (transaction instanceof TransferTransaction || transaction instanceof TokenMintTransaction)
        await applyIn(tx);
      else await tx.transaction(applyIn);
    } catch (error) {
      if (!(error instanceof Outcome)) throw error;
      // What it would have moved stays put.
      return {
        status: error.status,
        name: LocalLedger.transactionName(transaction),
        ...(error.entityId ? { entityId: error.entityId } : {}),
        ...(error instanceof InnerTransactionFailed ? { revertedInner: error.ran } : {}),
        movement: new Map(),
        nftTransfers: [],
        tokenTransfers: [],
      };
    }
    return outcome;
  }

  private static transactionName(transaction: Transaction): string {
    if (transaction instanceof TransferTransaction) return 'CRYPTOTRANSFER';
    if (transaction instanceof TokenAssociateTransaction) return 'TOKENASSOCIATE';
    if (transaction instanceof TokenDissociateTransaction) return 'TOKENDISSOCIATE';
    if (transaction instanceof AccountCreateTransaction) return 'CRYPTOCREATEACCOUNT';
    if (transaction instanceof AccountUpdateTransaction) return 'CRYPTOUPDATEACCOUNT';
    if (transaction instanceof AccountDeleteTransaction) return 'CRYPTODELETE';
    if (transaction instanceof AccountAllowanceApproveTransaction) return 'CRYPTOAPPROVEALLOWANCE';
    if (transaction instanceof AccountAllowanceDeleteTransaction) return 'CRYPTODELETEALLOWANCE';
    if (transaction instanceof TokenCreateTransaction) return 'TOKENCREATION';
    if (transaction instanceof TokenMintTransaction) return 'TOKENMINT';
    if (transaction instanceof TokenBurnTransaction) return 'TOKENBURN';
    if (transaction instanceof TokenWipeTransaction) return 'TOKENWIPE';
    if (transaction instanceof TokenPauseTransaction) return 'TOKENPAUSE';
    if (transaction instanceof TokenDeleteTransaction) return 'TOKENDELETION';
    if (transaction instanceof TokenFeeScheduleUpdateTransaction) return 'TOKENFEESCHEDULEUPDATE';
    if (transaction instanceof TokenUpdateNftsTransaction) return 'TOKENUPDATENFTS';
    if (transaction instanceof TokenUpdateTransaction) return 'TOKENUPDATE';
    if (transaction instanceof TokenUnpauseTransaction) return 'TOKENUNPAUSE';
    if (transaction instanceof TokenRejectTransaction) return 'TOKENREJECT';
    if (transaction instanceof TokenAirdropTransaction) return 'TOKENAIRDROP';
    if (transaction instanceof ScheduleCreateTransaction) return 'SCHEDULECREATE';
    if (transaction instanceof ScheduleSignTransaction) return 'SCHEDULESIGN';
    if (transaction instanceof ScheduleDeleteTransaction) return 'SCHEDULEDELETE';
    if (transaction instanceof TokenClaimAirdropTransaction) return 'TOKENCLAIMAIRDROP';
    if (transaction instanceof TokenCancelAirdropTransaction) return 'TOKENCANCELAIRDROP';
    const control = HOLDER_CONTROL_NAMES.find(([type]) => transaction instanceof type);
    if (control) return control[1];
    if (transaction instanceof TopicCreateTransaction) return 'CONSENSUSCREATETOPIC';
    if (transaction instanceof TopicUpdateTransaction) return 'CONSENSUSUPDATETOPIC';
    if (transaction instanceof TopicDeleteTransaction) return 'CONSENSUSDELETETOPIC';
    if (transaction instanceof TopicMessageSubmitTransaction) return 'CONSENSUSSUBMITMESSAGE';
    if (transaction instanceof PrngTransaction) return 'UTILPRNG';
    if (transaction instanceof BatchTransaction) return 'ATOMICBATCH';
    const file = FILE_TRANSACTION_NAMES.find(([type]) => transaction instanceof type);
    if (file) return file[1];
    return 'UNKNOWN';
  }

  private async apply(
    tx: Tx,
    { transaction, payer, bytes, transactionId }: Prechecked,
    consensusNs: bigint,
    movement: HbarMovement,
    nftTransfers: object[],
    tokenTransfers: FungibleTransfer[],
  ): Promise<
    Pick<
      Applied,
      | 'name'
      | 'entityId'
      | 'serials'
      | 'topic'
      | 'prng'
      | 'newTotalSupply'
      | 'pendingAirdrops'
      | 'children'
      | 'assessedCustomFees'
    >
  > {
    const consensusTimestamp = formatTimestamp(consensusNs);
    if (transaction instanceof TransferTransaction) {
      const assessedCustomFees: AssessedFee[] = [];
      const madeForAliases = await applyTransfer(
        this.state,
        tx,
        transaction,
        payer,
        consensusTimestamp,
        movement,
        nftTransfers,
        tokenTransfers,
        assessedCustomFees,
      );
      return {
        name: 'CRYPTOTRANSFER',
        assessedCustomFees,
        children: madeForAliases.map(({ accountId }) => ({
          name: 'CRYPTOCREATEACCOUNT',
          entityId: accountId,
        })),
      };
    }
    if (transaction instanceof TokenAssociateTransaction) {
      await applyAssociate(this.state, tx, transaction, consensusTimestamp);
      return { name: 'TOKENASSOCIATE', entityId: transaction.accountId?.toString() };
    }
    if (transaction instanceof TokenDissociateTransaction) {
      await applyDissociate(this.state, tx, transaction);
      return { name: 'TOKENDISSOCIATE', entityId: transaction.accountId?.toString() };
    }
    if (transaction instanceof AccountCreateTransaction) {
      const entityId = await applyAccountCreate(
        this.state,
        tx,
        transaction,
        payer,
        consensusTimestamp,
        movement,
      );
      return { name: 'CRYPTOCREATEACCOUNT', entityId };
    }
    if (transaction instanceof AccountUpdateTransaction) {
      const entityId = await applyAccountUpdate(this.state, tx, transaction, consensusTimestamp);
      return { name: 'CRYPTOUPDATEACCOUNT', entityId };
    }
    if (transaction instanceof AccountDeleteTransaction) {
      const entityId = await applyAccountDelete(this.state, tx, transaction, payer, movement);
      return { name: 'CRYPTODELETE', entityId };
    }
    if (transaction instanceof AccountAllowanceApproveTransaction) {
      await applyAllowanceApprove(this.state, tx, transaction, payer, consensusTimestamp);
      return { name: 'CRYPTOAPPROVEALLOWANCE', entityId: payer };
    }
    if (transaction instanceof AccountAllowanceDeleteTransaction) {
      await applyAllowanceDelete(this.state, tx, transaction, payer, consensusTimestamp);
      return { name: 'CRYPTODELETEALLOWANCE', entityId: payer };
    }
    if (transaction instanceof TokenCreateTransaction) {
      const entityId = await applyTokenCreate(
        this.state,
        tx,
        transaction,
        consensusTimestamp,
        tokenTransfers,
      );
      return { name: 'TOKENCREATION', entityId };
    }
    if (transaction instanceof TokenMintTransaction) {
      const minted = await applyMint(
        this.state,
        tx,
        transaction,
        consensusTimestamp,
        nftTransfers,
        tokenTransfers,
      );
      return { name: 'TOKENMINT', entityId: transaction.tokenId?.toString(), ...minted };
    }
    if (transaction instanceof TokenBurnTransaction) {
      const burned = await applyBurn(
        this.state,
        tx,
        transaction,
        consensusTimestamp,
        nftTransfers,
        tokenTransfers,
      );
      return { name: 'TOKENBURN', entityId: transaction.tokenId?.toString(), ...burned };
    }
    if (transaction instanceof TokenWipeTransaction) {
      const wiped = await applyWipe(
        this.state,
        tx,
        transaction,
        consensusTimestamp,
        nftTransfers,
        tokenTransfers,
      );
      return { name: 'TOKENWIPE', entityId: transaction.tokenId?.toString(), ...wiped };
    }
    if (transaction instanceof TokenDeleteTransaction)
      return { name: 'TOKENDELETION', entityId: await applyTokenDelete(tx, transaction) };
    if (transaction instanceof TokenFeeScheduleUpdateTransaction)
      return {
        name: 'TOKENFEESCHEDULEUPDATE',
        entityId: await applyFeeScheduleUpdate(this.state, tx, transaction, consensusTimestamp),
      };
    if (
      transaction instanceof ScheduleCreateTransaction ||
      transaction instanceof ScheduleSignTransaction ||
      transaction instanceof ScheduleDeleteTransaction
    ) {
      const context = { payer, transactionId, consensusNs, consensusTimestamp };
      // The scheduled transaction runs right after the one that completed its signatures.
      const tryExecute: TryExecute = (executor, schedule) =>
        this.executeSchedule(executor, schedule, consensusNs + CONSENSUS_STEP_NS);
      if (transaction instanceof ScheduleCreateTransaction) {
        const created = await applyScheduleCreate(this.state, tx, transaction, context, tryExecute);
        if (created.waitsUntilNs !== null) this.wakeAtExpiry(created.waitsUntilNs);
        return { name: 'SCHEDULECREATE', entityId: created.scheduleId };
      }
      if (transaction instanceof ScheduleSignTransaction)
        return {
          name: 'SCHEDULESIGN',
          entityId: await applyScheduleSign(tx, transaction, context, tryExecute),
        };
      return { name: 'SCHEDULEDELETE', entityId: await applyScheduleDelete(tx, transaction, context) };
    }
    if (transaction instanceof TokenAirdropTransaction) {
      const pendingAirdrops: PendingAirdrop[] = [];
      const through = { consensusTimestamp, nftTransfers, tokenTransfers };
      await applyAirdrop(this.state, tx, transaction, payer, through, pendingAirdrops);
      return { name: 'TOKENAIRDROP', pendingAirdrops };
    }
    if (transaction instanceof TokenClaimAirdropTransaction) {
      const through = { consensusTimestamp, nftTransfers, tokenTransfers };
      await applyClaimAirdrop(this.state, tx, transaction, payer, through);
      return { name: 'TOKENCLAIMAIRDROP' };
    }
    if (transaction instanceof TokenCancelAirdropTransaction) {
      await applyCancelAirdrop(this.state, tx, transaction);
      return { name: 'TOKENCANCELAIRDROP' };
    }
    if (transaction instanceof TokenRejectTransaction) {
      const entityId = await applyTokenReject(
        this.state,
        tx,
        transaction,
        payer,
        consensusTimestamp,
        nftTransfers,
        tokenTransfers,
      );
      return { name: 'TOKENREJECT', entityId };
    }
    if (transaction instanceof TokenUpdateNftsTransaction) {
      const entityId = await applyNftMetadataUpdate(tx, transaction, consensusTimestamp);
      return { name: 'TOKENUPDATENFTS', entityId };
    }
    if (transaction instanceof TokenUpdateTransaction)
      return { name: 'TOKENUPDATE', entityId: await applyTokenUpdate(this.state, tx, transaction) };
    if (transaction instanceof TokenPauseTransaction || transaction instanceof TokenUnpauseTransaction) {
      const entityId = await applyTokenPause(tx, transaction);
      return { name: transaction instanceof TokenPauseTransaction ? 'TOKENPAUSE' : 'TOKENUNPAUSE', entityId };
    }
    const control = HOLDER_CONTROL_NAMES.find(([type]) => transaction instanceof type);
    if (control) {
      const entityId = await applyHolderControl(
        this.state,
        tx,
        transaction as
          | TokenFreezeTransaction
          | TokenUnfreezeTransaction
          | TokenGrantKycTransaction
          | TokenRevokeKycTransaction,
      );
      return { name: control[1], entityId };
    }
    if (transaction instanceof TopicCreateTransaction) {
      const entityId = await applyTopicCreate(this.state, tx, transaction, consensusTimestamp);
      return { name: 'CONSENSUSCREATETOPIC', entityId };
    }
    if (transaction instanceof TopicUpdateTransaction) {
      const entityId = await applyTopicUpdate(this.state, tx, transaction, consensusTimestamp);
      return { name: 'CONSENSUSUPDATETOPIC', entityId };
    }
    if (transaction instanceof TopicDeleteTransaction) {
      const entityId = await applyTopicDelete(tx, transaction, consensusTimestamp);
      return { name: 'CONSENSUSDELETETOPIC', entityId };
    }
    if (transaction instanceof TopicMessageSubmitTransaction) {
      const assessedCustomFees: AssessedFee[] = [];
      const through = {
        consensusTimestamp,
        movement,
        nftTransfers,
        tokenTransfers,
        assessedFees: assessedCustomFees,
      };
      const topic = await applyTopicMessage(this.state, tx, transaction, bytes, payer, consensusNs, through);
      return { name: 'CONSENSUSSUBMITMESSAGE', entityId: topic.topicId, topic, assessedCustomFees };
    }
    if (transaction instanceof PrngTransaction)
      return { name: 'UTILPRNG', prng: pseudorandom(transaction.range) };
    if (transaction instanceof BatchTransaction) {
      await this.applyBatch(tx, transaction, consensusNs);
      return { name: 'ATOMICBATCH' };
    }
    if (transaction instanceof FileCreateTransaction)
      return {
        name: 'FILECREATE',
        entityId: await applyFileCreate(tx, transaction, consensusNs, consensusTimestamp),
      };
    if (transaction instanceof FileAppendTransaction)
      return { name: 'FILEAPPEND', entityId: await applyFileAppend(tx, transaction, consensusTimestamp) };
    if (transaction instanceof FileUpdateTransaction)
      return { name: 'FILEUPDATE', entityId: await applyFileUpdate(tx, transaction, consensusTimestamp) };
    if (transaction instanceof FileDeleteTransaction)
      return { name: 'FILEDELETE', entityId: await applyFileDelete(tx, transaction, consensusTimestamp) };
    return fail('NOT_SUPPORTED');
  }

  // ---- reads (the LedgerReader port; the mirror routes read the same tables) ----

  async getAccountKey(accountId: string): Promise<AccountKey | null> {
    this.assertAvailable();
    const row = await this.state.account(this.db, accountId);
    // A key list cannot sign a wallet's sign-in message alone.
    if (!row?.publicKey || !row.keyType || row.keyType === PROTOBUF_ENCODED) return null;
    return { key: row.publicKey, type: row.keyType as AccountKey['type'] };
  }

  async listAccountNfts(accountId: string, tokenId: string): Promise<LedgerNft[]> {
    this.assertAvailable();
    const rows = await this.db
      .select()
      .from(ledgerNfts)
      .where(and(eq(ledgerNfts.ownerAccount, accountId), eq(ledgerNfts.tokenId, tokenId)))
      .orderBy(ledgerNfts.serialNumber);
    return rows.map((row) => ({
      tokenId: row.tokenId,
      serialNumber: row.serialNumber,
      accountId,
    }));
  }

  async isAssociated(accountId: string, tokenId: string): Promise<boolean> {
    this.assertAvailable();
    const [row] = await this.db
      .select({ tokenId: ledgerTokenRelationships.tokenId })
      .from(ledgerTokenRelationships)
      .where(
        and(eq(ledgerTokenRelationships.accountId, accountId), eq(ledgerTokenRelationships.tokenId, tokenId)),
      );
    return Boolean(row);
  }

  async nftHolder(tokenId: string, serialNumber: number): Promise<string | null | undefined> {
    this.assertAvailable();
    const [row] = await this.db
      .select({ owner: ledgerNfts.ownerAccount })
      .from(ledgerNfts)
      .where(and(eq(ledgerNfts.tokenId, tokenId), eq(ledgerNfts.serialNumber, serialNumber)));
    return row?.owner;
  }

  async balanceTinybars(accountId: string): Promise<bigint | null> {
    const row = await this.state.account(this.db, accountId);
    return row ? row.balanceTinybars : null;
  }
}

/** A schedule's transaction still short of a signature: its trial is undone and it waits. */
class ScheduleNotReady extends Error {}
