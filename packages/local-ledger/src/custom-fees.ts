import {
  CustomFixedFee,
  CustomFractionalFee,
  CustomRoyaltyFee,
  FeeAssessmentMethod,
  type CustomFee,
  type TokenFeeScheduleUpdateTransaction,
} from '@hashgraph/sdk';
import { and, eq } from 'drizzle-orm';
import { signedWithStored } from './ledger-keys';
import { fail, type HbarMovement, type LedgerState, type Tx } from './ledger-state';
import { ledgerTokenRelationships, ledgerTokens } from './schema';
import type { AssessedFee, FixedAmount, StoredFee } from './custom-fee-types';
import type { FungibleMove, NftMove } from './token-moves';

// A token's custom fees (HIP-18, HIP-573) as Hedera takes them: fixed fees (HBAR or units of a
// fungible token), fractional fees of a fungible token's units and royalties on an NFT's sale (with a
// fallback fee when nothing fungible is paid for it), each paid to its collector by whoever moves the
// token, unless exempt: the token's treasury, the fee's collector, or any of its collectors when the
// fee says so. Fees are assessed one level deep: units moved as a fee owe no fee of their own.

/** At most this many custom fees a token, as on Hedera. */
const MAX_CUSTOM_FEES = 10;
/** HAPI's denominating token 0.0.0: the token the fee is on. */
const SAME_TOKEN = '0.0.0';

const text = (value: { toString(): string } | null | undefined) => value?.toString() ?? '0';

/**
 * The custom fees a new token asks for, checked as Hedera checks them; `tokenId` is the new token's.
 * Returns them as kept and the collectors to associate with the token (fractional fees' and those of
 * fixed fees in its own units).
 */
export async function customFeesOfNewToken(
  state: LedgerState,
  tx: Tx,
  fees: CustomFee[],
  tokenId: string,
  fungible: boolean,
): Promise<{ fees: StoredFee[]; associate: string[] }> {
  if (fees.length > MAX_CUSTOM_FEES) fail('CUSTOM_FEES_LIST_TOO_LONG');
  const stored: StoredFee[] = [];
  const associate = new Set<string>();
  for (const fee of fees) {
    const collector = fee.feeCollectorAccountId?.toString();
    const account = collector ? await state.account(tx, collector) : null;
    if (!collector || !account || account.deleted) return fail('INVALID_CUSTOM_FEE_COLLECTOR');
    const shared = { collector, allCollectorsExempt: fee.allCollectorsAreExempt };
    if (fee instanceof CustomFixedFee) {
      const fixed = await fixedAmountOf(tx, fee, collector, { tokenId, fungible });
      if (fixed.tokenId === tokenId) associate.add(collector);
      stored.push({ kind: 'fixed', ...shared, ...fixed });
    } else if (fee instanceof CustomFractionalFee) {
      if (!fungible) fail('CUSTOM_FRACTIONAL_FEE_ONLY_ALLOWED_FOR_FUNGIBLE_COMMON');
      const [numerator, denominator] = [BigInt(text(fee.numerator)), BigInt(text(fee.denominator))];
      const [minimum, maximum] = [BigInt(text(fee.min)), BigInt(text(fee.max))];
      if (denominator === 0n) fail('FRACTION_DIVIDES_BY_ZERO');
      if (numerator <= 0n || denominator < 0n || minimum < 0n || maximum < 0n)
        fail('CUSTOM_FEE_MUST_BE_POSITIVE');
      if (maximum > 0n && maximum < minimum) fail('FRACTIONAL_FEE_MAX_AMOUNT_LESS_THAN_MIN_AMOUNT');
      associate.add(collector);
      stored.push({
        kind: 'fractional',
        ...shared,
        numerator: numerator.toString(),
        denominator: denominator.toString(),
        minimum: minimum.toString(),
        maximum: maximum.toString(),
        // Read back from bytes, the SDK's method is a new object: its value says which it is.
        netOfTransfers: fee.assessmentMethod?.valueOf() === FeeAssessmentMethod.Exclusive.valueOf(),
      });
    } else if (fee instanceof CustomRoyaltyFee) {
      if (fungible) fail('CUSTOM_ROYALTY_FEE_ONLY_ALLOWED_FOR_NON_FUNGIBLE_UNIQUE');
      const [numerator, denominator] = [BigInt(text(fee.numerator)), BigInt(text(fee.denominator))];
      if (denominator === 0n) fail('FRACTION_DIVIDES_BY_ZERO');
      if (numerator <= 0n || denominator < 0n) fail('CUSTOM_FEE_MUST_BE_POSITIVE');
      if (numerator > denominator) fail('ROYALTY_FRACTION_CANNOT_EXCEED_ONE');
      const fallback = fee.fallbackFee
        ? await fixedAmountOf(tx, fee.fallbackFee, collector, { tokenId, fungible })
        : null;
      stored.push({
        kind: 'royalty',
        ...shared,
        numerator: numerator.toString(),
        denominator: denominator.toString(),
        fallback,
      });
    } else fail('CUSTOM_FEE_NOT_FULLY_SPECIFIED');
  }
  return { fees: stored, associate: [...associate] };
}

/**
 * Replaces a token's custom fees, signed by its fee schedule key: checked as at creation, and the
 * collectors that must hold the token (fractional fees', fixed fees' in its own units) already do.
 */
export async function applyFeeScheduleUpdate(
  state: LedgerState,
  tx: Tx,
  transaction: TokenFeeScheduleUpdateTransaction,
  consensusTimestamp: string,
): Promise<string> {
  const tokenId = transaction.tokenId?.toString();
  const [token] = tokenId
    ? await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, tokenId))
    : [];
  if (!token) return fail('INVALID_TOKEN_ID');
  if (token.deleted) fail('TOKEN_WAS_DELETED');
  if (!token.feeScheduleKey || !token.feeScheduleKeyType) return fail('TOKEN_HAS_NO_FEE_SCHEDULE_KEY');
  if (!signedWithStored(transaction, token.feeScheduleKey, token.feeScheduleKeyType))
    fail('INVALID_SIGNATURE');
  const given = transaction.customFees ?? [];
  if (given.length === 0 && token.customFees.length === 0) fail('CUSTOM_SCHEDULE_ALREADY_HAS_NO_FEES');
  const { fees, associate } = await customFeesOfNewToken(
    state,
    tx,
    given,
    token.tokenId,
    token.tokenType === 'FUNGIBLE_COMMON',
  );
  for (const collector of associate)
    if (!(await state.relationship(tx, collector, token.tokenId)))
      fail('TOKEN_NOT_ASSOCIATED_TO_FEE_COLLECTOR');
  await tx
    .update(ledgerTokens)
    .set({ customFees: fees, customFeesTimestamp: consensusTimestamp })
    .where(eq(ledgerTokens.tokenId, token.tokenId));
  state.forgetCustomFees(token.tokenId);
  return token.tokenId;
}

/**
 * A fixed fee's amount: HBAR, units of a live fungible token its collector holds, or (a token's fee,
 * `ownToken`) that new token's own units, fungible only.
 */
export async function fixedAmountOf(
  tx: Tx,
  fee: CustomFixedFee,
  collector: string,
  ownToken: { tokenId: string; fungible: boolean } | null,
): Promise<FixedAmount> {
  const amount = BigInt(text(fee.amount));
  if (amount <= 0n) fail('CUSTOM_FEE_MUST_BE_POSITIVE');
  const denominating = fee.denominatingTokenId?.toString() ?? null;
  if (denominating === null) return { amount: amount.toString(), tokenId: null };
  if (ownToken && (denominating === SAME_TOKEN || denominating === ownToken.tokenId)) {
    if (!ownToken.fungible) fail('CUSTOM_FEE_DENOMINATION_MUST_BE_FUNGIBLE_COMMON');
    return { amount: amount.toString(), tokenId: ownToken.tokenId };
  }
  const [token] = await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, denominating));
  if (!token || token.deleted) fail('INVALID_TOKEN_ID_IN_CUSTOM_FEES');
  if (token!.tokenType !== 'FUNGIBLE_COMMON') fail('CUSTOM_FEE_DENOMINATION_MUST_BE_FUNGIBLE_COMMON');
  const [related] = await tx
    .select({ accountId: ledgerTokenRelationships.accountId })
    .from(ledgerTokenRelationships)
    .where(
      and(
        eq(ledgerTokenRelationships.accountId, collector),
        eq(ledgerTokenRelationships.tokenId, denominating),
      ),
    );
  if (!related) fail('TOKEN_NOT_ASSOCIATED_TO_FEE_COLLECTOR');
  return { amount: amount.toString(), tokenId: denominating };
}

/** A fraction of `value`, rounded down as Hedera rounds it. */
const fractionOf = (value: bigint, numerator: string, denominator: string) =>
  (value * BigInt(numerator)) / BigInt(denominator);

/**
 * Adds what a transfer's custom fees cost to its moves: HBAR to `movement`, units to the fungible
 * moves it returns, each fee listed as assessed. Tokens without fees change nothing.
 */
export async function assessCustomFees(
  state: LedgerState,
  tx: Tx,
  nftMoves: NftMove[],
  fungibleMoves: FungibleMove[],
  movement: HbarMovement,
): Promise<{ fungibleMoves: FungibleMove[]; assessed: AssessedFee[] }> {
  const tokenIds = [...new Set([...nftMoves, ...fungibleMoves].map((move) => move.token))];
  const withFees = await state.customFeesOf(tx, tokenIds);
  if (withFees.length === 0) return { fungibleMoves, assessed: [] };

  // Units by token and account, fees included, merged back into moves at the end.
  const units = new Map<string, bigint>();
  const unitKey = (token: string, account: string) => `${token} ${account}`;
  for (const move of fungibleMoves)
    units.set(
      unitKey(move.token, move.account),
      (units.get(unitKey(move.token, move.account)) ?? 0n) + move.amount,
    );
  const assessed: AssessedFee[] = [];
  const pay = (
    payer: string,
    collector: string,
    amount: bigint,
    tokenId: string | null,
    effectivePayer = payer,
  ) => {
    if (amount <= 0n) return;
    if (tokenId === null) {
      movement.set(payer, (movement.get(payer) ?? 0n) - amount);
      movement.set(collector, (movement.get(collector) ?? 0n) + amount);
    } else {
      units.set(unitKey(tokenId, payer), (units.get(unitKey(tokenId, payer)) ?? 0n) - amount);
      units.set(unitKey(tokenId, collector), (units.get(unitKey(tokenId, collector)) ?? 0n) + amount);
    }
    assessed.push({
      amount: Number(amount),
      collector_account_id: collector,
      effective_payer_account_ids: [effectivePayer],
      token_id: tokenId,
    });
  };

  for (const token of withFees) {
    const fees = token.fees;
    const collectors = new Set(fees.map((fee) => fee.collector));
    const exempt = (fee: StoredFee, payer: string) =>
      payer === token.treasury ||
      payer === fee.collector ||
      (fee.allCollectorsExempt && collectors.has(payer));
    const nftSales = nftMoves.filter((move) => move.token === token.tokenId);
    const senders = [
      ...new Set([
        ...fungibleMoves
          .filter((move) => move.token === token.tokenId && move.amount < 0n)
          .map((move) => move.account),
        ...nftSales.map((move) => move.sender),
      ]),
    ];
    for (const fee of fees) {
      if (fee.kind === 'fixed') {
        for (const sender of senders)
          if (!exempt(fee, sender)) pay(sender, fee.collector, BigInt(fee.amount), fee.tokenId);
      } else if (fee.kind === 'fractional') {
        for (const sender of senders) {
          if (exempt(fee, sender)) continue;
          const sent = -(
            fungibleMoves.find((move) => move.token === token.tokenId && move.account === sender)?.amount ??
            0n
          );
          let due = fractionOf(sent, fee.numerator, fee.denominator);
          if (due < BigInt(fee.minimum)) due = BigInt(fee.minimum);
          if (BigInt(fee.maximum) > 0n && due > BigInt(fee.maximum)) due = BigInt(fee.maximum);
          if (due === 0n) continue;
          if (fee.netOfTransfers) {
            pay(sender, fee.collector, due, token.tokenId);
            continue;
          }
          // Taken out of what the receivers get, the largest credit first.
          const credits = fungibleMoves
            .filter(
              (move) => move.token === token.tokenId && move.amount > 0n && move.account !== fee.collector,
            )
            .sort((a, b) => (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0));
          let left = due;
          for (const credit of credits) {
            if (left === 0n) break;
            const taken = credit.amount < left ? credit.amount : left;
            pay(credit.account, fee.collector, taken, token.tokenId);
            left -= taken;
          }
          if (left > 0n) fail('INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE');
        }
      } else {
        for (const sender of new Set(nftSales.map((move) => move.sender))) {
          if (exempt(fee, sender)) continue;
          const hbarReceived = movement.get(sender) ?? 0n;
          const unitsReceived = fungibleMoves.filter((move) => move.account === sender && move.amount > 0n);
          if (hbarReceived > 0n || unitsReceived.length > 0) {
            // A share of what the seller got for it.
            if (hbarReceived > 0n)
              pay(sender, fee.collector, fractionOf(hbarReceived, fee.numerator, fee.denominator), null);
            for (const received of unitsReceived)
              pay(
                sender,
                fee.collector,
                fractionOf(received.amount, fee.numerator, fee.denominator),
                received.token,
              );
          } else if (fee.fallback) {
            // Nothing fungible paid for it: the receiver pays the fallback fee (and so signs).
            for (const receiver of new Set(
              nftSales.filter((move) => move.sender === sender).map((move) => move.receiver),
            ))
              if (!exempt(fee, receiver))
                pay(receiver, fee.collector, BigInt(fee.fallback.amount), fee.fallback.tokenId);
          }
        }
      }
    }
  }

  const merged: FungibleMove[] = [];
  for (const [key, amount] of units) {
    if (amount === 0n && !fungibleMoves.some((move) => unitKey(move.token, move.account) === key)) continue;
    const [token, account] = key.split(' ') as [string, string];
    const original = fungibleMoves.find((move) => move.token === token && move.account === account);
    merged.push({
      token,
      account,
      amount,
      expectedDecimals: original?.expectedDecimals ?? null,
      isApproval: original?.isApproval ?? false,
    });
  }
  return { fungibleMoves: merged, assessed };
}

/** A fee's fraction as the mirror node writes it. */
const mirrorFraction = (numerator: string, denominator: string) => ({
  numerator: Number(numerator),
  denominator: Number(denominator),
});

/** A token's custom fees as the mirror node's `/tokens/{id}` gives them. */
export function mirrorCustomFees(fees: StoredFee[], createdTimestamp: string, fungible: boolean) {
  const of = (kind: StoredFee['kind']) => fees.filter((fee) => fee.kind === kind);
  const fixed = (fee: FixedAmount) => ({ amount: Number(fee.amount), denominating_token_id: fee.tokenId });
  const shared = (fee: StoredFee) => ({
    all_collectors_are_exempt: fee.allCollectorsExempt,
    collector_account_id: fee.collector,
  });
  return {
    created_timestamp: createdTimestamp,
    fixed_fees: of('fixed').map((fee) => ({ ...shared(fee), ...fixed(fee as FixedAmount) })),
    ...(fungible
      ? {
          fractional_fees: (of('fractional') as Extract<StoredFee, { kind: 'fractional' }>[]).map((fee) => ({
            ...shared(fee),
            amount: mirrorFraction(fee.numerator, fee.denominator),
            denominating_token_id: null,
            maximum: fee.maximum === '0' ? null : Number(fee.maximum),
            minimum: Number(fee.minimum),
            net_of_transfers: fee.netOfTransfers,
          })),
        }
      : {
          royalty_fees: (of('royalty') as Extract<StoredFee, { kind: 'royalty' }>[]).map((fee) => ({
            ...shared(fee),
            amount: mirrorFraction(fee.numerator, fee.denominator),
            fallback_fee: fee.fallback ? fixed(fee.fallback) : null,
          })),
        }),
  };
}
