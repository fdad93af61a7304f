import {
  type Key,
  type PublicKey,
  type AccountCreateTransaction,
  type AccountDeleteTransaction,
  type AccountUpdateTransaction,
  type TokenAssociateTransaction,
  type TokenDissociateTransaction,
  type TransferTransaction,
} from '@hashgraph/sdk';
import { and, count, eq, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerNfts, ledgerTokenRelationships, ledgerTokens } from './schema';
import { ecdsaSignersOf } from '@registry/hedera-node/ed25519';
import { TRANSACTION_FEE_TINYBARS } from './ledger-accounts';
import type { FungibleTransfer } from './transaction-record';
import { keySatisfied, storedKey } from './ledger-keys';
import { stakingChanges } from './staking';
import { assertNotDeleted, newHolderStanding } from './token-controls';
import { namesAliases, resolveTransferAliases, type AliasAccount } from './alias-accounts';
import type { AssessedFee } from './custom-fee-types';
import { assessCustomFees } from './custom-fees';
import {
  type AccountIdOf,
  associateAutomatically,
  automaticAssociations,
  fungibleMovesOf,
  moveChecked,
  nftMovesOf,
  type Signed,
} from './token-moves';
import { fail, MAX_NFTS_PER_TRANSACTION, type HbarMovement, type LedgerState, type Tx } from './ledger-state';

// Crypto transfers (HBAR and tokens), token associations and accounts, as Hedera applies them.

/**
 * A crypto transfer. Accounts it names by an alias no account has are made first (in child records:
 * returned in order), on a savepoint with the transfer, so a failed transfer makes none.
 */
export async function applyTransfer(
  state: LedgerState,
  tx: Tx,
  transaction: TransferTransaction,
  payer: string,
  consensusTimestamp: string,
  movement: HbarMovement,
  nftTransfers: object[],
  tokenTransfers: FungibleTransfer[],
  /** The custom fees it paid, as assessed. */
  assessedFees: AssessedFee[],
): Promise<AliasAccount[]> {
  const through = { consensusTimestamp, movement, nftTransfers, tokenTransfers };
  if (!namesAliases(transaction)) {
    await transferBetween(state, tx, transaction, payer, String, through, assessedFees);
    return [];
  }
  return tx.transaction(async (savepoint) => {
    const { idOf, made } = await resolveTransferAliases(savepoint, transaction, consensusTimestamp);
    await transferBetween(state, savepoint, transaction, payer, idOf, through, assessedFees);
    return made;
  });
}

async function transferBetween(
  state: LedgerState,
  tx: Tx,
  transaction: TransferTransaction,
  payer: string,
  idOf: AccountIdOf,
  through: Parameters<typeof moveChecked>[5],
  assessedFees: AssessedFee[],
) {
  const { movement } = through;
  // Everything is checked before anything is written: a failure leaves no trace but the fee.
  let sum = 0n;
  for (const transfer of transaction.hbarTransfersList) {
    const tinybars = BigInt(transfer.amount.toTinybars().toString());
    sum += tinybars;
    const key = idOf(transfer.accountId);
    movement.set(key, (movement.get(key) ?? 0n) + tinybars);
  }
  if (sum !== 0n) fail('INVALID_ACCOUNT_AMOUNTS');
  // Debits the payer makes as a spender of the owner's allowance: the owner does not sign them.
  const approved = new Map<string, bigint>();
  for (const transfer of transaction.hbarTransfersList) {
    const tinybars = BigInt(transfer.amount.toTinybars().toString());
    if (!transfer.isApproved || tinybars >= 0n) continue;
    const owner = idOf(transfer.accountId);
    approved.set(owner, (approved.get(owner) ?? 0n) - tinybars);
  }
  const nftMoves = nftMovesOf(transaction, idOf);
  if (nftMoves.length > MAX_NFTS_PER_TRANSACTION) fail('BATCH_SIZE_LIMIT_EXCEEDED');
  // The tokens' custom fees add to what moves: HBAR to `movement`, units to the fungible moves.
  const { fungibleMoves, assessed } = await assessCustomFees(
    state,
    tx,
    nftMoves,
    fungibleMovesOf(transaction, idOf),
    movement,
  );
  assessedFees.push(...assessed);
  const receipts = [
    ...nftMoves.map((move) => ({ account: move.receiver, token: move.token })),
    ...fungibleMoves
      .filter((move) => move.amount > 0n)
      .map((move) => ({ account: move.account, token: move.token })),
  ];
  const automatic = await automaticAssociations(tx, receipts);
  const moves = { nftMoves, fungibleMoves, approved };
  const signed: Signed = (account) => state.signedBy(transaction, account.publicKey, account.keyType);
  if (automatic.length === 0) return moveChecked(state, tx, signed, payer, moves, through);
  // The associations a receipt makes are written before the checks read them: on a savepoint, so a
  // failed transfer leaves none.
  await tx.transaction(async (savepoint) => {
    await associateAutomatically(savepoint, automatic, through.consensusTimestamp);
    await moveChecked(state, savepoint, signed, payer, moves, through);
  });
}
export async function applyAssociate(
  state: LedgerState,
  tx: Tx,
  transaction: TokenAssociateTransaction,
  consensusTimestamp: string,
) {
  const accountId = transaction.accountId?.toString();
  const account = accountId ? await state.account(tx, accountId) : null;
  if (!accountId || !account) return fail('INVALID_ACCOUNT_ID');
  if (account.deleted) fail('ACCOUNT_DELETED');
  if (!state.signedBy(transaction, account.publicKey, account.keyType)) fail('INVALID_SIGNATURE');
  for (const tokenId of transaction.tokenIds ?? []) {
    const token = tokenId.toString();
    const [tokenRow] = await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, token));
    if (!tokenRow) fail('INVALID_TOKEN_ID');
    assertNotDeleted(tokenRow!);
    if (await state.relationship(tx, accountId, token)) fail('TOKEN_ALREADY_ASSOCIATED_TO_ACCOUNT');
    await tx.insert(ledgerTokenRelationships).values({
      accountId,
      tokenId: token,
      ...newHolderStanding(tokenRow!),
      createdTimestamp: consensusTimestamp,
    });
  }
}

/**
 * Ends an account's association with tokens, signed by the account: it must hold none of a live token
 * (a deleted token's NFTs go with the association), and a treasury or a frozen holder cannot.
 */
export async function applyDissociate(state: LedgerState, tx: Tx, transaction: TokenDissociateTransaction) {
  const accountId = transaction.accountId?.toString();
  const account = accountId ? await state.account(tx, accountId) : null;
  if (!accountId || !account) return fail('INVALID_ACCOUNT_ID');
  if (account.deleted) fail('ACCOUNT_DELETED');
  if (!state.signedBy(transaction, account.publicKey, account.keyType)) fail('INVALID_SIGNATURE');
  const tokenIds = [...new Set((transaction.tokenIds ?? []).map((tokenId) => tokenId.toString()))];
  if (tokenIds.length === 0) fail('EMPTY_TOKEN_LIST');
  for (const tokenId of tokenIds) {
    const [token] = await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, tokenId));
    if (!token) fail('INVALID_TOKEN_ID');
    const relationship = await state.relationship(tx, accountId, tokenId);
    if (!relationship) fail('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    if (!token!.deleted) {
      if (token!.treasuryAccount === accountId) fail('ACCOUNT_IS_TREASURY');
      if (token!.freezeKey && relationship!.frozen) fail('ACCOUNT_FROZEN_FOR_TOKEN');
      if (relationship!.balance > 0) fail('TRANSACTION_REQUIRES_ZERO_TOKEN_BALANCES');
    } else if (relationship!.balance > 0) {
      // A deleted token's NFTs leave with the association.
      await tx
        .update(ledgerNfts)
        .set({ ownerAccount: null })
        .where(and(eq(ledgerNfts.tokenId, tokenId), eq(ledgerNfts.ownerAccount, accountId)));
    }
    await tx
      .delete(ledgerTokenRelationships)
      .where(
        and(eq(ledgerTokenRelationships.accountId, accountId), eq(ledgerTokenRelationships.tokenId, tokenId)),
      );
  }
}

export async function applyAccountCreate(
  state: LedgerState,
  tx: Tx,
  transaction: AccountCreateTransaction,
  payer: string,
  consensusTimestamp: string,
  movement: HbarMovement,
): Promise<string> {
  const key = transaction.key;
  if (!key) return fail('KEY_REQUIRED');
  const described = storedKey(key);
  const initial = BigInt(transaction.initialBalance?.toTinybars().toString() ?? '0');
  const payerAccount = await state.account(tx, payer);
  if (payerAccount!.balanceTinybars < initial + TRANSACTION_FEE_TINYBARS) fail('INSUFFICIENT_PAYER_BALANCE');
  const evmAddress = await aliasOf(tx, transaction, key, described.type);
  const staking = await stakingChanges(state, tx, null, transaction, consensusTimestamp);
  const maxAutomaticTokenAssociations = automaticSlotsOf(transaction);
  const [row] = await tx
    .insert(ledgerAccounts)
    .values({
      accountNum: sql`nextval('ledger_entity_num')`,
      publicKey: described.key,
      keyType: described.type,
      memo: transaction.accountMemo ?? '',
      createdTimestamp: consensusTimestamp,
      evmAddress,
      maxAutomaticTokenAssociations: maxAutomaticTokenAssociations ?? 0,
      ...staking,
    })
    .returning({ accountNum: ledgerAccounts.accountNum });
  const accountId = `0.0.${row!.accountNum}`;
  if (initial > 0n) {
    movement.set(payer, (movement.get(payer) ?? 0n) - initial);
    movement.set(accountId, initial);
  }
  return accountId;
}

/** Hedera's limit on the tokens an account is associated with automatically, when not unlimited (-1). */
const MAX_AUTOMATIC_ASSOCIATIONS = 5000;

/** The automatic association slots a create or update asks for, checked as Hedera does; null if none. */
function automaticSlotsOf(transaction: AccountCreateTransaction | AccountUpdateTransaction) {
  const asked = transaction.maxAutomaticTokenAssociations;
  if (asked === null || asked === undefined) return null;
  const slots = Number(asked.toString());
  if (slots < -1) fail('INVALID_MAX_AUTO_ASSOCIATIONS');
  if (slots > MAX_AUTOMATIC_ASSOCIATIONS)
    fail('REQUESTED_NUM_AUTOMATIC_ASSOCIATIONS_EXCEEDS_ASSOCIATION_LIMIT');
  return slots;
}

/** Hedera's limit on an account's memo, in UTF-8 bytes. */
const MAX_MEMO_BYTES = 100;

/**
 * An account's key, memo or staking changed, as Hedera checks it: the account's key signs, and a new key
 * signs too (so nobody gives an account a key they do not hold). Fields this ledger does not keep
 * (expiry, receiver signatures) are refused with NOT_SUPPORTED rather than dropped.
 */
export async function applyAccountUpdate(
  state: LedgerState,
  tx: Tx,
  transaction: AccountUpdateTransaction,
  consensusTimestamp: string,
): Promise<string> {
  const accountId = transaction.accountId?.toString();
  const account = accountId ? await state.account(tx, accountId) : null;
  if (!accountId || !account) return fail('INVALID_ACCOUNT_ID');
  if (account.deleted) fail('ACCOUNT_DELETED');
  if (!state.signedBy(transaction, account.publicKey, account.keyType)) fail('INVALID_SIGNATURE');
  const unkept = [
    transaction.receiverSignatureRequired,
    transaction.expirationTime,
    transaction.autoRenewPeriod,
    transaction.proxyAccountId,
  ];
  if (unkept.some((field) => field !== null && field !== undefined)) fail('NOT_SUPPORTED');
  const changes: Partial<typeof ledgerAccounts.$inferInsert> = await stakingChanges(
    state,
    tx,
    accountId,
    transaction,
    consensusTimestamp,
  );
  const slots = automaticSlotsOf(transaction);
  if (slots !== null) {
    // Slots already taken stay taken: fewer than them cannot be asked for.
    const [taken] = await tx
      .select({ associations: count() })
      .from(ledgerTokenRelationships)
      .where(
        and(
          eq(ledgerTokenRelationships.accountId, accountId),
          eq(ledgerTokenRelationships.automaticAssociation, true),
        ),
      );
    if (slots !== -1 && slots < (taken?.associations ?? 0))
      fail('EXISTING_AUTOMATIC_ASSOCIATIONS_EXCEED_GIVEN_LIMIT');
    changes.maxAutomaticTokenAssociations = slots;
  }
  const key = transaction.key;
  if (key) {
    const described = storedKey(key);
    if (!keySatisfied(transaction, key)) fail('INVALID_SIGNATURE');
    changes.publicKey = described.key;
    changes.keyType = described.type;
  }
  const memo = transaction.accountMemo;
  if (memo !== null && memo !== undefined) {
    if (Buffer.byteLength(memo, 'utf8') > MAX_MEMO_BYTES) fail('MEMO_TOO_LONG');
    changes.memo = memo;
  }
  if (Object.keys(changes).length > 0) {
    await tx.update(ledgerAccounts).set(changes).where(eq(ledgerAccounts.accountNum, account.accountNum));
    state.forgetAccountKey(accountId);
  }
  return accountId;
}

/**
 * An account deleted, as Hedera checks it: its key signs, it holds no NFTs and no units of a token,
 * and what HBAR it has goes to another account that exists and is not deleted. It keeps its id.
 */
export async function applyAccountDelete(
  state: LedgerState,
  tx: Tx,
  transaction: AccountDeleteTransaction,
  payer: string,
  movement: HbarMovement,
): Promise<string> {
  const accountId = transaction.accountId?.toString();
  const receiverId = transaction.transferAccountId?.toString();
  if (!accountId) return fail('ACCOUNT_ID_DOES_NOT_EXIST');
  if (!receiverId) return fail('ACCOUNT_ID_DOES_NOT_EXIST');
  if (receiverId === accountId) fail('TRANSFER_ACCOUNT_SAME_AS_DELETE_ACCOUNT');
  const accounts = await state.accounts(tx, [accountId, receiverId]);
  const account = accounts.get(accountId);
  const receiver = accounts.get(receiverId);
  if (!account) return fail('INVALID_ACCOUNT_ID');
  if (!receiver) return fail('INVALID_TRANSFER_ACCOUNT_ID');
  if (account.deleted || receiver.deleted) fail('ACCOUNT_DELETED');
  if (!state.signedBy(transaction, account.publicKey, account.keyType)) fail('INVALID_SIGNATURE');
  const [held] = await tx
    .select({ serial: ledgerNfts.serialNumber })
    .from(ledgerNfts)
    .where(eq(ledgerNfts.ownerAccount, accountId))
    .limit(1);
  if (held) fail('TRANSACTION_REQUIRES_ZERO_TOKEN_BALANCES');
  const [units] = await tx
    .select({ tokenId: ledgerTokenRelationships.tokenId })
    .from(ledgerTokenRelationships)
    .innerJoin(ledgerTokens, eq(ledgerTokens.tokenId, ledgerTokenRelationships.tokenId))
    .where(
      and(
        eq(ledgerTokenRelationships.accountId, accountId),
        eq(ledgerTokens.tokenType, 'FUNGIBLE_COMMON'),
        sql`${ledgerTokenRelationships.balance} > 0`,
      ),
    )
    .limit(1);
  if (units) fail('TRANSACTION_REQUIRES_ZERO_TOKEN_BALANCES');
  // What the fee leaves of the balance (the account may pay for its own deletion) goes to the receiver.
  const balance = account.balanceTinybars - (accountId === payer ? TRANSACTION_FEE_TINYBARS : 0n);
  if (balance > 0n) {
    movement.set(accountId, -balance);
    movement.set(receiverId, balance);
  }
  await tx
    .update(ledgerAccounts)
    .set({ deleted: true })
    .where(eq(ledgerAccounts.accountNum, account.accountNum));
  return accountId;
}

/**
 * The EVM address alias a new account asks for, checked as Hedera checks it: only the address of the
 * account's own ECDSA key, and only one account per alias.
 */
async function aliasOf(
  tx: Tx,
  transaction: AccountCreateTransaction,
  key: Key,
  keyType: string,
): Promise<string | null> {
  const alias = transaction.alias?.toString().replace(/^0x/, '').toLowerCase();
  if (!alias) return null;
  const isAccountKey =
    keyType === 'ECDSA_SECP256K1' && (key as PublicKey).toEvmAddress().toLowerCase() === alias;
  // Another key's address (HIP-583): that ECDSA key signs the creation.
  const signedByAliasKey = () =>
    ecdsaSignersOf(transaction).some(
      (signer) => signer.toEvmAddress().toLowerCase() === alias && keySatisfied(transaction, signer),
    );
  if (!isAccountKey && !signedByAliasKey()) fail('INVALID_ALIAS_KEY');
  const [taken] = await tx
    .select({ accountNum: ledgerAccounts.accountNum })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.evmAddress, alias));
  if (taken) fail('ALIAS_ALREADY_ASSIGNED');
  return alias;
}
