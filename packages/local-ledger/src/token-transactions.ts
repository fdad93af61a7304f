import {
  TokenType,
  type TokenBurnTransaction,
  type TokenCreateTransaction,
  type TokenMintTransaction,
  type TokenWipeTransaction,
} from '@hashgraph/sdk';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ledgerNfts, ledgerTokenRelationships, ledgerTokens } from './schema';
import { keySatisfied, signedWithStored, storedKey } from './ledger-keys';
import {
  fail,
  MAX_METADATA_BYTES,
  MAX_NFTS_PER_TRANSACTION,
  type LedgerState,
  type Tx,
} from './ledger-state';
import { assertUsable, controlKey } from './token-controls';

// NFT collections: creation, mints, burns and wipes, as Hedera applies them.

export async function applyTokenCreate(
  state: LedgerState,
  tx: Tx,
  transaction: TokenCreateTransaction,
  consensusTimestamp: string,
): Promise<string> {
  if (!transaction.tokenName) fail('MISSING_TOKEN_NAME');
  if (!transaction.tokenSymbol) fail('MISSING_TOKEN_SYMBOL');
  if (transaction.tokenType?.toString() !== TokenType.NonFungibleUnique.toString()) fail('NOT_SUPPORTED');
  const treasury = transaction.treasuryAccountId?.toString();
  const treasuryAccount = treasury ? await state.account(tx, treasury) : null;
  if (!treasury || !treasuryAccount) return fail('INVALID_TREASURY_ACCOUNT_FOR_TOKEN');
  if (!state.signedBy(transaction, treasuryAccount.publicKey, treasuryAccount.keyType))
    fail('INVALID_SIGNATURE');
  const supplyKey = transaction.supplyKey;
  if (!supplyKey) return fail('TOKEN_HAS_NO_SUPPLY_KEY');
  const adminKey = transaction.adminKey;
  const supply = storedKey(supplyKey);
  const admin = adminKey ? storedKey(adminKey) : null;
  const wipe = transaction.wipeKey ? storedKey(transaction.wipeKey) : null;
  const pause = controlKey(transaction.pauseKey);
  const freeze = controlKey(transaction.freezeKey);
  const kyc = controlKey(transaction.kycKey);
  const metadataKey = controlKey(transaction.metadataKey);
  const feeScheduleKey = controlKey(transaction.feeScheduleKey);
  if (transaction.freezeDefault && !freeze.key) fail('TOKEN_HAS_NO_FREEZE_KEY');
  if (adminKey && !keySatisfied(transaction, adminKey)) fail('INVALID_SIGNATURE');
  const [{ num } = { num: '0' }] = (
    await tx.execute<{ num: string }>(sql`select nextval('ledger_entity_num')::text as num`)
  ).rows;
  const tokenId = `0.0.${num}`;
  await tx.insert(ledgerTokens).values({
    tokenId,
    name: transaction.tokenName!,
    symbol: transaction.tokenSymbol!,
    tokenType: 'NON_FUNGIBLE_UNIQUE',
    treasuryAccount: treasury,
    adminKey: admin?.key ?? null,
    adminKeyType: admin?.type ?? null,
    supplyKey: supply.key,
    supplyKeyType: supply.type,
    wipeKey: wipe?.key ?? null,
    wipeKeyType: wipe?.type ?? null,
    pauseKey: pause.key,
    pauseKeyType: pause.type,
    freezeKey: freeze.key,
    freezeKeyType: freeze.type,
    freezeDefault: Boolean(transaction.freezeDefault),
    kycKey: kyc.key,
    kycKeyType: kyc.type,
    metadataKey: metadataKey.key,
    metadataKeyType: metadataKey.type,
    feeScheduleKey: feeScheduleKey.key,
    feeScheduleKeyType: feeScheduleKey.type,
    metadata: Buffer.from(transaction.metadata ?? new Uint8Array()).toString('base64'),
    memo: transaction.tokenMemo ?? '',
    createdTimestamp: consensusTimestamp,
  });
  // The treasury is never frozen and has KYC from the start.
  await tx.insert(ledgerTokenRelationships).values({
    accountId: treasury,
    tokenId,
    frozen: false,
    kycGranted: true,
    createdTimestamp: consensusTimestamp,
  });
  return tokenId;
}

export async function applyMint(
  state: LedgerState,
  tx: Tx,
  transaction: TokenMintTransaction,
  consensusTimestamp: string,
  nftTransfers: object[],
): Promise<number[]> {
  const { tokenId, token } = await supplyChange(state, tx, transaction);
  const metadata = transaction.metadata;
  if (metadata.length === 0) fail('INVALID_TOKEN_MINT_METADATA');
  if (metadata.length > MAX_NFTS_PER_TRANSACTION) fail('BATCH_SIZE_LIMIT_EXCEEDED');
  if (metadata.some((item) => item.length > MAX_METADATA_BYTES)) fail('METADATA_TOO_LONG');
  // Serials are never reused: a burned NFT keeps its number (the supply falls, the serials go on).
  const [{ lastSerial } = { lastSerial: 0 }] = await tx
    .select({ lastSerial: sql<number>`coalesce(max(${ledgerNfts.serialNumber}), 0)`.mapWith(Number) })
    .from(ledgerNfts)
    .where(eq(ledgerNfts.tokenId, tokenId));
  const serials = metadata.map((_item, index) => lastSerial + index + 1);
  await tx.insert(ledgerNfts).values(
    metadata.map((item, index) => ({
      tokenId,
      serialNumber: serials[index]!,
      ownerAccount: token.treasuryAccount,
      metadata: Buffer.from(item).toString('base64'),
      createdTimestamp: consensusTimestamp,
      modifiedTimestamp: consensusTimestamp,
    })),
  );
  await tx
    .update(ledgerTokens)
    .set({ totalSupply: token.totalSupply + metadata.length })
    .where(eq(ledgerTokens.tokenId, tokenId));
  await state.adjustTokenBalances(tx, [
    { accountId: token.treasuryAccount, tokenId, delta: metadata.length },
  ]);
  // As on the mirror node, a mint shows as an NFT transfer from nobody to the treasury.
  for (const serial of serials) {
    nftTransfers.push({
      is_approval: false,
      receiver_account_id: token.treasuryAccount,
      sender_account_id: null,
      serial_number: serial,
      token_id: tokenId,
    });
  }
  return serials;
}

/** The token a mint or burn changes, signed with its supply key: the checks both make first. */
export async function supplyChange(
  state: LedgerState,
  tx: Tx,
  transaction: TokenMintTransaction | TokenBurnTransaction,
) {
  const tokenId = transaction.tokenId?.toString();
  const [token] = tokenId
    ? await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, tokenId))
    : [];
  if (!tokenId || !token) return fail('INVALID_TOKEN_ID');
  if (!token.supplyKey || !token.supplyKeyType) return fail('TOKEN_HAS_NO_SUPPLY_KEY');
  assertUsable(token);
  if (!signedWithStored(transaction, token.supplyKey, token.supplyKeyType)) fail('INVALID_SIGNATURE');
  return { tokenId, token };
}

/** Burns NFTs the treasury holds (signed with the supply key): they stay on the mirror node, deleted. */
export async function applyBurn(
  state: LedgerState,
  tx: Tx,
  transaction: TokenBurnTransaction,
  consensusTimestamp: string,
  nftTransfers: object[],
) {
  const { tokenId, token } = await supplyChange(state, tx, transaction);
  const serials = [...new Set(transaction.serials.map((serial) => serial.toNumber()))];
  if (serials.length === 0) fail('INVALID_TOKEN_BURN_METADATA');
  if (serials.length > MAX_NFTS_PER_TRANSACTION) fail('BATCH_SIZE_LIMIT_EXCEEDED');
  const rows = await tx
    .select({ serialNumber: ledgerNfts.serialNumber, owner: ledgerNfts.ownerAccount })
    .from(ledgerNfts)
    .where(and(eq(ledgerNfts.tokenId, tokenId), inArray(ledgerNfts.serialNumber, serials)));
  if (rows.length !== serials.length || rows.some((row) => row.owner === null)) fail('INVALID_NFT_ID');
  if (rows.some((row) => row.owner !== token.treasuryAccount)) fail('TREASURY_MUST_OWN_BURNED_NFT');
  await removeNfts(state, tx, token, serials, token.treasuryAccount, consensusTimestamp, nftTransfers);
}

/**
 * Takes NFTs out of a non-treasury account with the token's wipe key: as a burn, they stay on the
 * mirror node deleted, held by nobody, and the supply falls.
 */
export async function applyWipe(
  state: LedgerState,
  tx: Tx,
  transaction: TokenWipeTransaction,
  consensusTimestamp: string,
  nftTransfers: object[],
) {
  const tokenId = transaction.tokenId?.toString();
  const [token] = tokenId
    ? await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, tokenId))
    : [];
  if (!tokenId || !token) return fail('INVALID_TOKEN_ID');
  if (!token.wipeKey || !token.wipeKeyType) return fail('TOKEN_HAS_NO_WIPE_KEY');
  assertUsable(token);
  if (!signedWithStored(transaction, token.wipeKey, token.wipeKeyType)) fail('INVALID_SIGNATURE');
  const accountId = transaction.accountId?.toString();
  if (!accountId || !(await state.account(tx, accountId))) return fail('INVALID_ACCOUNT_ID');
  if (accountId === token.treasuryAccount) fail('CANNOT_WIPE_TOKEN_TREASURY_ACCOUNT');
  const serials = [...new Set((transaction.serials ?? []).map((serial) => serial.toNumber()))];
  if (serials.length === 0) fail('INVALID_WIPING_AMOUNT');
  if (serials.length > MAX_NFTS_PER_TRANSACTION) fail('BATCH_SIZE_LIMIT_EXCEEDED');
  const rows = await tx
    .select({ owner: ledgerNfts.ownerAccount })
    .from(ledgerNfts)
    .where(and(eq(ledgerNfts.tokenId, tokenId), inArray(ledgerNfts.serialNumber, serials)));
  if (rows.length !== serials.length || rows.some((row) => row.owner === null)) fail('INVALID_NFT_ID');
  if (rows.some((row) => row.owner !== accountId)) fail('ACCOUNT_DOES_NOT_OWN_WIPED_NFT');
  await removeNfts(state, tx, token, serials, accountId, consensusTimestamp, nftTransfers);
}

/** A burn's or wipe's effect: the NFTs leave their holder for nobody, and the supply falls. */
export async function removeNfts(
  state: LedgerState,
  tx: Tx,
  token: typeof ledgerTokens.$inferSelect,
  serials: number[],
  holder: string,
  consensusTimestamp: string,
  nftTransfers: object[],
) {
  const { tokenId } = token;
  await tx
    .update(ledgerNfts)
    .set({ ownerAccount: null, modifiedTimestamp: consensusTimestamp })
    .where(and(eq(ledgerNfts.tokenId, tokenId), inArray(ledgerNfts.serialNumber, serials)));
  await tx
    .update(ledgerTokens)
    .set({ totalSupply: token.totalSupply - serials.length })
    .where(eq(ledgerTokens.tokenId, tokenId));
  await state.adjustTokenBalances(tx, [{ accountId: holder, tokenId, delta: -serials.length }]);
  // As on the mirror node, a burn or wipe shows as an NFT transfer from the holder to nobody.
  for (const serial of serials) {
    nftTransfers.push({
      is_approval: false,
      receiver_account_id: null,
      sender_account_id: holder,
      serial_number: serial,
      token_id: tokenId,
    });
  }
}
