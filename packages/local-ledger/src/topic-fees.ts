import { CustomFixedFee, KeyList, type CustomFee, type Key, type Transaction } from '@hashgraph/sdk';
import { fixedAmountOf } from './custom-fees';
import type { AssessedFee, TopicFee } from './custom-fee-types';
import { keyOf, keySatisfied, storedKey, type StoredKey } from './ledger-keys';
import { fail, Outcome, type HbarMovement, type LedgerState, type Tx } from './ledger-state';
import { moveChecked, type FungibleMove } from './token-moves';
import type { FungibleTransfer } from './transaction-record';

// Custom fees of a topic's messages (HIP-991), as Hedera takes them: fixed fees in HBAR or units of a
// fungible token, paid to their collectors by whoever pays for a message, unless a fee-exempt key
// signed it or the payer collects that fee; a payer may cap what it pays (`max_custom_fees`).

/** At most this many fees a topic, and keys in its fee-exempt list. */
const MAX_TOPIC_FEES = 10;
const MAX_FEE_EXEMPT_KEYS = 10;

/** A topic's fixed fees, checked as Hedera checks them: each collector live, each token fungible and held by it. */
export async function topicFeesOf(state: LedgerState, tx: Tx, fees: CustomFee[]): Promise<TopicFee[]> {
  if (fees.length > MAX_TOPIC_FEES) fail('CUSTOM_FEES_LIST_TOO_LONG');
  const kept: TopicFee[] = [];
  for (const fee of fees) {
    if (!(fee instanceof CustomFixedFee)) return fail('CUSTOM_FEE_NOT_FULLY_SPECIFIED');
    const collector = fee.feeCollectorAccountId?.toString();
    const account = collector ? await state.account(tx, collector) : null;
    if (!collector || !account || account.deleted) return fail('INVALID_CUSTOM_FEE_COLLECTOR');
    kept.push({ collector, ...(await fixedAmountOf(tx, fee, collector, null)) });
  }
  return kept;
}

/** A fee-exempt key list, as kept: at most ten keys, none twice. */
export function feeExemptKeysOf(keys: Key[]): StoredKey[] {
  if (keys.length > MAX_FEE_EXEMPT_KEYS) fail('MAX_ENTRIES_FOR_FEE_EXEMPT_KEY_LIST_EXCEEDED');
  const kept = keys.map((key) => {
    try {
      return storedKey(key);
    } catch (error) {
      if (error instanceof Outcome) return fail('INVALID_KEY_IN_FEE_EXEMPT_KEY_LIST');
      throw error;
    }
  });
  if (new Set(kept.map((key) => `${key.type}:${key.key}`)).size !== kept.length)
    fail('FEE_EXEMPT_KEY_LIST_CONTAINS_DUPLICATED_KEYS');
  return kept;
}

/** A fee schedule key given, as kept; an empty key list (a key cleared) is null. */
export function feeScheduleKeyOf(key: Key): StoredKey | null {
  if (key instanceof KeyList && key.toArray().length === 0) return null;
  try {
    return storedKey(key);
  } catch (error) {
    if (error instanceof Outcome) return fail('INVALID_FEE_SCHEDULE_KEY');
    throw error;
  }
}

/** What a transaction's payer caps its custom fees at (`max_custom_fees`), as the SDK read it. */
type FeeLimit = { accountId: string | null; fees: { amount: bigint; tokenId: string | null }[] };

export function customFeeLimitsOf(transaction: Transaction): FeeLimit[] {
  // The SDK reads the body's `max_custom_fees` on every transaction, and offers a setter on topic messages only.
  const limits =
    (
      transaction as unknown as {
        _customFeeLimits?: {
          getAccountId(): { toString(): string } | null;
          getFees(): CustomFixedFee[] | null;
        }[];
      }
    )._customFeeLimits ?? [];
  return limits.map((limit) => ({
    accountId: limit.getAccountId()?.toString() ?? null,
    fees: (limit.getFees() ?? []).map((fee) => ({
      amount: BigInt(fee.amount?.toString() ?? '0'),
      tokenId: fee.denominatingTokenId?.toString() ?? null,
    })),
  }));
}

/** The payer's caps by denomination (`HBAR` or a token id), checked as a node checks the list. */
function payerCaps(limits: FeeLimit[], payer: string): Map<string, bigint> | null {
  if (limits.length === 0) return null;
  const accounts = limits.map((limit) => limit.accountId ?? payer);
  if (new Set(accounts).size !== accounts.length) fail('DUPLICATE_ACCOUNT_ID_IN_MAX_CUSTOM_FEE_LIST');
  const caps = new Map<string, bigint>();
  for (const limit of limits) {
    const forPayer = (limit.accountId ?? payer) === payer;
    for (const fee of limit.fees) {
      if (fee.amount <= 0n) fail('INVALID_MAX_CUSTOM_FEES');
      const denomination = fee.tokenId ?? 'HBAR';
      if (!forPayer) continue;
      if (caps.has(denomination)) fail('DUPLICATE_DENOMINATION_IN_MAX_CUSTOM_FEE_LIST');
      caps.set(denomination, fee.amount);
    }
  }
  return caps;
}

type TopicForFees = { customFees: TopicFee[]; feeExemptKeys: StoredKey[] };

/**
 * Charges a message's custom fees to its payer: HBAR into `movement` (moved with the network fee),
 * units moved now, each fee listed as assessed. A cap lower than a fee, or none for a denomination
 * charged, refuses the message; so does a payer that cannot pay.
 */
export async function chargeTopicFees(
  state: LedgerState,
  tx: Tx,
  transaction: Transaction,
  payer: string,
  topic: TopicForFees,
  through: {
    consensusTimestamp: string;
    movement: HbarMovement;
    nftTransfers: object[];
    tokenTransfers: FungibleTransfer[];
    assessedFees: AssessedFee[];
  },
) {
  const caps = payerCaps(customFeeLimitsOf(transaction), payer);
  if (topic.customFees.length === 0) return;
  const exempt = topic.feeExemptKeys.some((key) => keySatisfied(transaction, keyOf(key.key, key.type)));
  const due = exempt ? [] : topic.customFees.filter((fee) => fee.collector !== payer);
  if (due.length === 0) return;
  if (caps) {
    const totals = new Map<string, bigint>();
    for (const fee of due)
      totals.set(fee.tokenId ?? 'HBAR', (totals.get(fee.tokenId ?? 'HBAR') ?? 0n) + BigInt(fee.amount));
    for (const [denomination, total] of totals) {
      const cap = caps.get(denomination);
      if (cap === undefined) fail('NO_VALID_MAX_CUSTOM_FEE');
      if (total > cap!) fail('MAX_CUSTOM_FEE_LIMIT_EXCEEDED');
    }
  }
  const { movement } = through;
  const fungibleMoves: FungibleMove[] = [];
  const moveUnits = (token: string, account: string, amount: bigint) => {
    const move = fungibleMoves.find((each) => each.token === token && each.account === account);
    if (move) move.amount += amount;
    else fungibleMoves.push({ token, account, amount, expectedDecimals: null, isApproval: false });
  };
  for (const fee of due) {
    const amount = BigInt(fee.amount);
    if (fee.tokenId === null) {
      movement.set(payer, (movement.get(payer) ?? 0n) - amount);
      movement.set(fee.collector, (movement.get(fee.collector) ?? 0n) + amount);
    } else {
      moveUnits(fee.tokenId, payer, -amount);
      moveUnits(fee.tokenId, fee.collector, amount);
    }
    through.assessedFees.push({
      amount: Number(amount),
      collector_account_id: fee.collector,
      effective_payer_account_ids: [payer],
      token_id: fee.tokenId,
    });
  }
  // The payer signed the message: it authorizes its own debits.
  await moveChecked(
    state,
    tx,
    () => true,
    payer,
    { nftMoves: [], fungibleMoves, approved: new Map() },
    through,
  );
}
