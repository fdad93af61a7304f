import type { AccountAllowanceApproveTransaction, AccountAllowanceDeleteTransaction } from '@hashgraph/sdk';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { fail, type LedgerState, type Tx } from './ledger-state';
import { ledgerHbarAllowances, ledgerNftAllowances, ledgerNfts, ledgerTokens } from './schema';

// Allowances, as Hedera keeps them: HBAR an owner lets a spender move, NFTs one by one or all of a token.

/** Allowances one transaction may grant or remove, as on Hedera. */
const MAX_ALLOWANCES = 20;

/** The owner named (the payer when none is), existing and signing. */
async function signingOwner(
  state: LedgerState,
  tx: Tx,
  transaction: AccountAllowanceApproveTransaction | AccountAllowanceDeleteTransaction,
  owner: string | undefined,
  payer: string,
) {
  const ownerId = owner ?? payer;
  const account = await state.account(tx, ownerId);
  if (!account) return fail('INVALID_ALLOWANCE_OWNER_ID');
  if (account.deleted) fail('ACCOUNT_DELETED');
  if (!state.signedBy(transaction, account.publicKey, account.keyType)) fail('INVALID_SIGNATURE');
  return ownerId;
}

/** The owner named (the payer when none is), existing: its delegating spender signs instead. */
async function existingOwner(state: LedgerState, tx: Tx, owner: string | undefined, payer: string) {
  const ownerId = owner ?? payer;
  const account = await state.account(tx, ownerId);
  if (!account) return fail('INVALID_ALLOWANCE_OWNER_ID');
  if (account.deleted) fail('ACCOUNT_DELETED');
  return ownerId;
}

/** A spender with the owner's allowance for all of a token's NFTs, signing: it may pass on single serials. */
async function signingDelegate(
  state: LedgerState,
  tx: Tx,
  transaction: AccountAllowanceApproveTransaction,
  owner: string,
  delegating: string,
  tokenId: string,
) {
  const [forAll] = await tx
    .select({ approvedForAll: ledgerNftAllowances.approvedForAll })
    .from(ledgerNftAllowances)
    .where(
      and(
        eq(ledgerNftAllowances.owner, owner),
        eq(ledgerNftAllowances.spender, delegating),
        eq(ledgerNftAllowances.tokenId, tokenId),
      ),
    );
  if (!forAll?.approvedForAll) fail('DELEGATING_SPENDER_DOES_NOT_HAVE_APPROVE_FOR_ALL');
  const account = await state.account(tx, delegating);
  if (!account || !state.signedBy(transaction, account.publicKey, account.keyType)) fail('INVALID_SIGNATURE');
}

/** The NFTs of a token an owner holds among `serials` (all of them, else it fails). */
async function ownedSerials(tx: Tx, tokenId: string, owner: string, serials: number[]) {
  const rows = await tx
    .select({ serial: ledgerNfts.serialNumber, owner: ledgerNfts.ownerAccount })
    .from(ledgerNfts)
    .where(and(eq(ledgerNfts.tokenId, tokenId), inArray(ledgerNfts.serialNumber, serials)));
  if (rows.length !== serials.length || rows.some((row) => row.owner === null))
    fail('INVALID_TOKEN_NFT_SERIAL_NUMBER');
  if (rows.some((row) => row.owner !== owner)) fail('SENDER_DOES_NOT_OWN_NFT_SERIAL_NO');
}

/** Grants (or with 0 removes) HBAR allowances, and NFT allowances by serial or for all of a token. */
export async function applyAllowanceApprove(
  state: LedgerState,
  tx: Tx,
  transaction: AccountAllowanceApproveTransaction,
  payer: string,
  consensusTimestamp: string,
): Promise<void> {
  if (transaction.tokenApprovals.length > 0) fail('NOT_SUPPORTED');
  const hbar = transaction.hbarApprovals;
  const nfts = transaction.tokenNftApprovals;
  if (hbar.length + nfts.length === 0) fail('EMPTY_ALLOWANCES');
  if (hbar.length + nfts.length > MAX_ALLOWANCES) fail('MAX_ALLOWANCES_EXCEEDED');
  for (const approval of hbar) {
    const owner = await signingOwner(state, tx, transaction, approval.ownerAccountId?.toString(), payer);
    const spender = approval.spenderAccountId?.toString();
    if (!spender || !(await state.account(tx, spender))) fail('INVALID_ALLOWANCE_SPENDER_ID');
    if (spender === owner) fail('SPENDER_ACCOUNT_SAME_AS_OWNER');
    const amount = BigInt(approval.amount?.toTinybars().toString() ?? '0');
    if (amount < 0n) fail('NEGATIVE_ALLOWANCE_AMOUNT');
    if (amount === 0n) {
      await tx
        .delete(ledgerHbarAllowances)
        .where(and(eq(ledgerHbarAllowances.owner, owner), eq(ledgerHbarAllowances.spender, spender!)));
      continue;
    }
    const granted = { amount, amountGranted: amount, timestamp: consensusTimestamp };
    await tx
      .insert(ledgerHbarAllowances)
      .values({ owner, spender: spender!, ...granted })
      .onConflictDoUpdate({
        target: [ledgerHbarAllowances.owner, ledgerHbarAllowances.spender],
        set: granted,
      });
  }
  for (const approval of nfts) {
    const delegating = approval.delegatingSpender?.toString();
    const owner = delegating
      ? await existingOwner(state, tx, approval.ownerAccountId?.toString(), payer)
      : await signingOwner(state, tx, transaction, approval.ownerAccountId?.toString(), payer);
    const spender = approval.spenderAccountId?.toString();
    if (!spender || !(await state.account(tx, spender))) fail('INVALID_ALLOWANCE_SPENDER_ID');
    if (spender === owner) fail('SPENDER_ACCOUNT_SAME_AS_OWNER');
    const tokenId = approval.tokenId.toString();
    const [token] = await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, tokenId));
    if (!token) fail('INVALID_TOKEN_ID');
    if (token!.deleted) fail('TOKEN_WAS_DELETED');
    if (!(await state.relationship(tx, owner, tokenId))) fail('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    if (delegating) {
      if (approval.allSerials === true) fail('DELEGATING_SPENDER_CANNOT_GRANT_APPROVE_FOR_ALL');
      await signingDelegate(state, tx, transaction, owner, delegating, tokenId);
    }
    if (approval.allSerials !== null && !delegating) {
      const forAll = { approvedForAll: approval.allSerials, timestamp: consensusTimestamp };
      await tx
        .insert(ledgerNftAllowances)
        .values({ owner, spender: spender!, tokenId, ...forAll })
        .onConflictDoUpdate({
          target: [ledgerNftAllowances.owner, ledgerNftAllowances.spender, ledgerNftAllowances.tokenId],
          set: forAll,
        });
    }
    const serials = [...new Set((approval.serialNumbers ?? []).map((serial) => serial.toNumber()))];
    if (serials.length === 0) continue;
    await ownedSerials(tx, tokenId, owner, serials);
    await tx
      .update(ledgerNfts)
      .set({ spender: spender!, modifiedTimestamp: consensusTimestamp })
      .where(and(eq(ledgerNfts.tokenId, tokenId), inArray(ledgerNfts.serialNumber, serials)));
  }
}

/** Removes the allowances of NFTs by serial (whoever the spender), signed by their owner. */
export async function applyAllowanceDelete(
  state: LedgerState,
  tx: Tx,
  transaction: AccountAllowanceDeleteTransaction,
  payer: string,
  consensusTimestamp: string,
): Promise<void> {
  const deletions = transaction.tokenNftAllowanceDeletions;
  if (deletions.length === 0) fail('EMPTY_ALLOWANCES');
  if (deletions.length > MAX_ALLOWANCES) fail('MAX_ALLOWANCES_EXCEEDED');
  for (const deletion of deletions) {
    const owner = await signingOwner(state, tx, transaction, deletion.ownerAccountId?.toString(), payer);
    const tokenId = deletion.tokenId.toString();
    const serials = [...new Set((deletion.serialNumbers ?? []).map((serial) => serial.toNumber()))];
    if (serials.length === 0) fail('EMPTY_ALLOWANCES');
    await ownedSerials(tx, tokenId, owner, serials);
    await tx
      .update(ledgerNfts)
      .set({ spender: null, modifiedTimestamp: consensusTimestamp })
      .where(and(eq(ledgerNfts.tokenId, tokenId), inArray(ledgerNfts.serialNumber, serials)));
  }
}

/**
 * The HBAR allowances a transfer's approved debits use, checked: the payer is the spender of each, and
 * has allowance enough. Returns what to take off each once the transfer is through.
 */
export async function checkApprovedHbarDebits(
  tx: Tx,
  approved: Map<string, bigint>,
  payer: string,
): Promise<Array<{ owner: string; amount: bigint }>> {
  const uses: Array<{ owner: string; amount: bigint }> = [];
  for (const [owner, amount] of approved) {
    const [allowance] = await tx
      .select({ amount: ledgerHbarAllowances.amount })
      .from(ledgerHbarAllowances)
      .where(and(eq(ledgerHbarAllowances.owner, owner), eq(ledgerHbarAllowances.spender, payer)));
    if (!allowance) fail('SPENDER_DOES_NOT_HAVE_ALLOWANCE');
    if (allowance!.amount < amount) fail('AMOUNT_EXCEEDS_ALLOWANCE');
    uses.push({ owner, amount });
  }
  return uses;
}

/** Takes what approved debits moved off their allowances (a used-up allowance is removed). */
export async function spendHbarAllowances(
  tx: Tx,
  uses: Array<{ owner: string; amount: bigint }>,
  payer: string,
) {
  for (const { owner, amount } of uses) {
    const where = and(eq(ledgerHbarAllowances.owner, owner), eq(ledgerHbarAllowances.spender, payer));
    await tx
      .update(ledgerHbarAllowances)
      .set({ amount: sql`${ledgerHbarAllowances.amount} - ${amount}` })
      .where(where);
    await tx.delete(ledgerHbarAllowances).where(and(where, sql`${ledgerHbarAllowances.amount} <= 0`));
  }
}

/** Whether the payer may move an owner's NFT without the owner's signature: its serial's spender, or for all. */
export async function mayMoveNftFor(tx: Tx, tokenId: string, serial: number, owner: string, payer: string) {
  const [nft] = await tx
    .select({ spender: ledgerNfts.spender })
    .from(ledgerNfts)
    .where(and(eq(ledgerNfts.tokenId, tokenId), eq(ledgerNfts.serialNumber, serial)));
  if (nft?.spender === payer) return true;
  const [forAll] = await tx
    .select({ approved: ledgerNftAllowances.approvedForAll })
    .from(ledgerNftAllowances)
    .where(
      and(
        eq(ledgerNftAllowances.owner, owner),
        eq(ledgerNftAllowances.spender, payer),
        eq(ledgerNftAllowances.tokenId, tokenId),
      ),
    );
  return forAll?.approved === true;
}
