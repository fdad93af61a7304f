import { KeyList, type Key, type TokenUpdateTransaction } from '@hashgraph/sdk';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { fail, type LedgerState, type Tx } from './ledger-state';
import { keySatisfied, signedWithStored, storedKey } from './ledger-keys';
import { ledgerNfts, ledgerTokenRelationships, ledgerTokens } from './schema';
import { assertUsable } from './token-controls';

// Token update as Hedera applies it (with HIP-540's rules for keys): the admin key signs any change; a
// token without one is immutable, except that each of its other keys may replace itself; an empty key
// list removes a key (the admin key's signature only); a new admin key signs, and so does a key that
// replaces itself unless the transaction asks for no validation. A key the token was made without is
// not added later.

type TokenRow = typeof ledgerTokens.$inferSelect;
type TokenChanges = Partial<typeof ledgerTokens.$inferInsert>;

/** The keys a token update may change, with their columns and the status for a key the token lacks. */
const UPDATABLE_KEYS = [
  ['adminKey', 'adminKeyType', 'TOKEN_IS_IMMUTABLE'],
  ['kycKey', 'kycKeyType', 'TOKEN_HAS_NO_KYC_KEY'],
  ['freezeKey', 'freezeKeyType', 'TOKEN_HAS_NO_FREEZE_KEY'],
  ['wipeKey', 'wipeKeyType', 'TOKEN_HAS_NO_WIPE_KEY'],
  ['supplyKey', 'supplyKeyType', 'TOKEN_HAS_NO_SUPPLY_KEY'],
  ['pauseKey', 'pauseKeyType', 'TOKEN_HAS_NO_PAUSE_KEY'],
  ['metadataKey', 'metadataKeyType', 'TOKEN_HAS_NO_METADATA_KEY'],
  ['feeScheduleKey', 'feeScheduleKeyType', 'TOKEN_HAS_NO_FEE_SCHEDULE_KEY'],
] as const;

/** Hedera's limits on a token's name, symbol and memo, in UTF-8 bytes. */
const MAX_TEXT_BYTES = 100;

const isEmptyList = (key: Key) => key instanceof KeyList && key.toArray().length === 0;

function checkText(text: string | null, tooLong: string) {
  if (text !== null && Buffer.byteLength(text, 'utf8') > MAX_TEXT_BYTES) fail(tooLong);
}

export async function applyTokenUpdate(
  state: LedgerState,
  tx: Tx,
  transaction: TokenUpdateTransaction,
): Promise<string> {
  const tokenId = transaction.tokenId?.toString();
  const [token] = tokenId
    ? await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, tokenId))
    : [];
  if (!token) return fail('INVALID_TOKEN_ID');
  assertUsable(token);
  const unkept = [transaction.autoRenewAccountId, transaction.autoRenewPeriod, transaction.expirationTime];
  if (unkept.some((field) => field !== null && field !== undefined)) fail('NOT_SUPPORTED');
  const adminSigned = Boolean(
    token.adminKey && token.adminKeyType && signedWithStored(transaction, token.adminKey, token.adminKeyType),
  );
  /** A change only the admin key may make. */
  const byAdmin = () => {
    if (!token.adminKey) fail('TOKEN_IS_IMMUTABLE');
    if (!adminSigned) fail('INVALID_SIGNATURE');
  };
  const validateNewKeys = transaction.keyVerificationMode?.toString() !== 'NO_VALIDATION';
  const changes: TokenChanges = {};

  for (const [column, typeColumn, missing] of UPDATABLE_KEYS) {
    const key = transaction[column];
    if (!key) continue;
    const current = token[column];
    const currentType = token[typeColumn];
    if (!current || !currentType) return fail(missing);
    if (isEmptyList(key)) {
      byAdmin();
      Object.assign(changes, { [column]: null, [typeColumn]: null });
      continue;
    }
    // Each key may replace itself; the admin key may replace any. A new admin key always signs; a
    // key replacing itself has its successor sign too unless asked not to check it.
    const byItself = column !== 'adminKey' && !adminSigned;
    if (column === 'adminKey' || !signedWithStored(transaction, current, currentType)) byAdmin();
    const stored = storedKey(key);
    const newKeySigns = column === 'adminKey' || (byItself && validateNewKeys);
    if (newKeySigns && !keySatisfied(transaction, key)) fail('INVALID_SIGNATURE');
    Object.assign(changes, { [column]: stored.key, [typeColumn]: stored.type });
  }

  if (transaction.metadata !== null) {
    // The metadata key, or the admin key, changes the token's own metadata.
    const metadataSigned =
      token.metadataKey &&
      token.metadataKeyType &&
      signedWithStored(transaction, token.metadataKey, token.metadataKeyType);
    if (!metadataSigned) byAdmin();
    if (transaction.metadata.length > MAX_TEXT_BYTES) fail('METADATA_TOO_LONG');
    changes.metadata = Buffer.from(transaction.metadata).toString('base64');
  }
  for (const [value, field, tooLong] of [
    [transaction.tokenName, 'name', 'TOKEN_NAME_TOO_LONG'],
    [transaction.tokenSymbol, 'symbol', 'TOKEN_SYMBOL_TOO_LONG'],
    [transaction.tokenMemo, 'memo', 'MEMO_TOO_LONG'],
  ] as const) {
    if (value === null || value === undefined) continue;
    byAdmin();
    checkText(value, tooLong);
    // An empty name or symbol leaves it as it is, as on Hedera.
    if (value !== '' || field === 'memo') changes[field] = value;
  }
  const treasury = transaction.treasuryAccountId?.toString();
  if (treasury && treasury !== token.treasuryAccount) {
    byAdmin();
    await changeTreasury(state, tx, transaction, token, treasury);
    changes.treasuryAccount = treasury;
  }
  if (Object.keys(changes).length === 0 && !adminSigned) {
    // Nothing asked for: it still takes the admin key.
    byAdmin();
  }
  if (Object.keys(changes).length > 0)
    await tx.update(ledgerTokens).set(changes).where(eq(ledgerTokens.tokenId, token.tokenId));
  return token.tokenId;
}

/** A new treasury: existing, signing, associated; an NFT collection's old treasury holds none of it. */
async function changeTreasury(
  state: LedgerState,
  tx: Tx,
  transaction: TokenUpdateTransaction,
  token: TokenRow,
  treasury: string,
) {
  const account = await state.account(tx, treasury);
  if (!account || account.deleted) fail('INVALID_TREASURY_ACCOUNT_FOR_TOKEN');
  if (!state.signedBy(transaction, account!.publicKey, account!.keyType)) fail('INVALID_SIGNATURE');
  const relationship = await state.relationship(tx, treasury, token.tokenId);
  if (!relationship) fail('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
  if (relationship!.frozen) fail('ACCOUNT_FROZEN_FOR_TOKEN');
  const [held] = await tx
    .select({ nfts: count() })
    .from(ledgerNfts)
    .where(
      and(
        eq(ledgerNfts.tokenId, token.tokenId),
        eq(ledgerNfts.ownerAccount, token.treasuryAccount),
        isNotNull(ledgerNfts.ownerAccount),
      ),
    );
  if ((held?.nfts ?? 0) > 0) fail('CURRENT_TREASURY_STILL_OWNS_NFTS');
  // The new treasury is never frozen and has KYC, as the first one had.
  await tx
    .update(ledgerTokenRelationships)
    .set({ frozen: false, kycGranted: true })
    .where(
      and(
        eq(ledgerTokenRelationships.accountId, treasury),
        eq(ledgerTokenRelationships.tokenId, token.tokenId),
      ),
    );
}
