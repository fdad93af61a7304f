import {
  TokenFreezeTransaction,
  type Transaction,
  TokenGrantKycTransaction,
  TokenPauseTransaction,
  type Key,
  type TokenDeleteTransaction,
  type TokenUpdateNftsTransaction,
  TokenUnfreezeTransaction,
  type TokenRevokeKycTransaction,
  type TokenUnpauseTransaction,
} from '@hashgraph/sdk';
import { and, eq, inArray } from 'drizzle-orm';
import { signedWithStored, storedKey } from './ledger-keys';
import {
  fail,
  MAX_METADATA_BYTES,
  MAX_NFTS_PER_TRANSACTION,
  type LedgerState,
  type Tx,
} from './ledger-state';
import { ledgerNfts, ledgerTokenRelationships, ledgerTokens } from './schema';

// Pause, freeze and KYC, as Hedera applies them: each signed with the token's key for it.

type TokenRow = typeof ledgerTokens.$inferSelect;

const KEY_COLUMNS = {
  pause: ['pauseKey', 'pauseKeyType', 'TOKEN_HAS_NO_PAUSE_KEY'],
  freeze: ['freezeKey', 'freezeKeyType', 'TOKEN_HAS_NO_FREEZE_KEY'],
  kyc: ['kycKey', 'kycKeyType', 'TOKEN_HAS_NO_KYC_KEY'],
  metadata: ['metadataKey', 'metadataKeyType', 'TOKEN_HAS_NO_METADATA_KEY'],
} as const;

type Control = keyof typeof KEY_COLUMNS;

/** A control key given at creation, as stored (a key list or contract key is not kept). */
export function controlKey(key: Key | null | undefined) {
  if (!key) return { key: null, type: null };
  const stored = storedKey(key);
  return { key: stored.key, type: stored.type };
}

/** The token named, signed with its key for `control`. */
async function tokenSignedFor(
  tx: Tx,
  transaction: Transaction,
  tokenId: string | undefined,
  control: Control,
): Promise<TokenRow> {
  const [token] = tokenId
    ? await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, tokenId))
    : [];
  if (!token) return fail('INVALID_TOKEN_ID');
  const [keyColumn, typeColumn, missing] = KEY_COLUMNS[control];
  const key = token[keyColumn];
  const type = token[typeColumn];
  if (!key || !type) return fail(missing);
  if (!signedWithStored(transaction, key, type)) fail('INVALID_SIGNATURE');
  return token;
}

/** Pauses or unpauses a token: while paused, none of it moves, is minted, burned or wiped. */
export async function applyTokenPause(
  tx: Tx,
  transaction: TokenPauseTransaction | TokenUnpauseTransaction,
): Promise<string> {
  const tokenId = transaction.tokenId?.toString();
  const token = await tokenSignedFor(tx, transaction, tokenId, 'pause');
  await tx
    .update(ledgerTokens)
    .set({ paused: transaction instanceof TokenPauseTransaction })
    .where(eq(ledgerTokens.tokenId, token.tokenId));
  return token.tokenId;
}

/** Freezes or unfreezes one holder, or grants or revokes its KYC, for a token it is associated with. */
export async function applyHolderControl(
  state: LedgerState,
  tx: Tx,
  transaction:
    TokenFreezeTransaction | TokenUnfreezeTransaction | TokenGrantKycTransaction | TokenRevokeKycTransaction,
): Promise<string> {
  const freezing = transaction instanceof TokenFreezeTransaction;
  const control: Control = freezing || transaction instanceof TokenUnfreezeTransaction ? 'freeze' : 'kyc';
  const tokenId = transaction.tokenId?.toString();
  const accountId = transaction.accountId?.toString();
  if (!tokenId) return fail('INVALID_TOKEN_ID');
  const account = accountId ? await state.account(tx, accountId) : null;
  if (!accountId || !account) return fail('INVALID_ACCOUNT_ID');
  if (account.deleted) fail('ACCOUNT_DELETED');
  const token = await tokenSignedFor(tx, transaction, tokenId, control);
  if (token.paused) fail('TOKEN_IS_PAUSED');
  if (!(await state.relationship(tx, accountId, tokenId))) fail('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
  const change =
    control === 'freeze'
      ? { frozen: freezing }
      : { kycGranted: transaction instanceof TokenGrantKycTransaction };
  await tx
    .update(ledgerTokenRelationships)
    .set(change)
    .where(
      and(eq(ledgerTokenRelationships.accountId, accountId), eq(ledgerTokenRelationships.tokenId, tokenId)),
    );
  return tokenId;
}

/**
 * Changes the metadata of minted NFTs, signed with the token's metadata key: as on Hedera, the NFTs
 * keep their holders, and the mirror shows the new metadata.
 */
export async function applyNftMetadataUpdate(
  tx: Tx,
  transaction: TokenUpdateNftsTransaction,
  consensusTimestamp: string,
): Promise<string> {
  // This SDK class has setters only: what it holds is read from its fields.
  const fields = transaction as unknown as {
    _tokenId?: { toString(): string } | null;
    _serialNumbers?: Array<{ toNumber(): number }>;
    _metadata?: Uint8Array | null;
  };
  const tokenId = fields._tokenId?.toString();
  const token = await tokenSignedFor(tx, transaction, tokenId, 'metadata');
  if (token.paused) fail('TOKEN_IS_PAUSED');
  const serials = [...new Set((fields._serialNumbers ?? []).map((serial) => serial.toNumber()))];
  if (serials.length === 0) fail('MISSING_SERIAL_NUMBERS');
  if (serials.length > MAX_NFTS_PER_TRANSACTION) fail('BATCH_SIZE_LIMIT_EXCEEDED');
  const metadata = fields._metadata;
  if (metadata && metadata.length > MAX_METADATA_BYTES) fail('METADATA_TOO_LONG');
  const rows = await tx
    .select({ owner: ledgerNfts.ownerAccount })
    .from(ledgerNfts)
    .where(and(eq(ledgerNfts.tokenId, token.tokenId), inArray(ledgerNfts.serialNumber, serials)));
  if (rows.length !== serials.length || rows.some((row) => row.owner === null)) fail('INVALID_NFT_ID');
  // No metadata given leaves it as it is, as on Hedera.
  if (metadata)
    await tx
      .update(ledgerNfts)
      .set({ metadata: Buffer.from(metadata).toString('base64'), modifiedTimestamp: consensusTimestamp })
      .where(and(eq(ledgerNfts.tokenId, token.tokenId), inArray(ledgerNfts.serialNumber, serials)));
  return token.tokenId;
}

/** A new holder's standing: frozen when the token freezes by default, KYC only once granted. */
export function newHolderStanding(token: TokenRow) {
  return { frozen: Boolean(token.freezeKey) && token.freezeDefault, kycGranted: !token.kycKey };
}

/** What a mint, burn or wipe checks first: the token is not deleted, nor paused. */
export function assertUsable(token: TokenRow) {
  assertNotDeleted(token);
  if (token.paused) fail('TOKEN_IS_PAUSED');
}

export function assertNotDeleted(token: TokenRow) {
  if (token.deleted) fail('TOKEN_WAS_DELETED');
}

/** Deletes a token with its admin key (one without is immutable): it stays listed, and is used no more. */
export async function applyTokenDelete(tx: Tx, transaction: TokenDeleteTransaction): Promise<string> {
  const tokenId = transaction.tokenId?.toString();
  const [token] = tokenId
    ? await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, tokenId))
    : [];
  if (!token) return fail('INVALID_TOKEN_ID');
  assertNotDeleted(token);
  if (!token.adminKey || !token.adminKeyType) return fail('TOKEN_IS_IMMUTABLE');
  if (!signedWithStored(transaction, token.adminKey, token.adminKeyType)) fail('INVALID_SIGNATURE');
  await tx.update(ledgerTokens).set({ deleted: true }).where(eq(ledgerTokens.tokenId, token.tokenId));
  return token.tokenId;
}
