import {
  TokenSupplyType,
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
import { customFeesOfNewToken } from './custom-fees';
import { assertUsable, controlKey } from './token-controls';
import type { FungibleTransfer } from './transaction-record';

// Tokens, NFT collections and fungible: creation, mints, burns and wipes, as Hedera applies them.

type TokenRow = typeof ledgerTokens.$inferSelect;

/** HAPI's amounts are int64: no supply or balance goes past it. */
const MAX_INT64 = 2n ** 63n - 1n;

const unitsOf = (value: { toString(): string } | null | undefined) => BigInt(value?.toString() ?? '0');

export async function applyTokenCreate(
  state: LedgerState,
  tx: Tx,
  transaction: TokenCreateTransaction,
  consensusTimestamp: string,
  tokenTransfers: FungibleTransfer[],
): Promise<string> {
  if (!transaction.tokenName) fail('MISSING_TOKEN_NAME');
  if (!transaction.tokenSymbol) fail('MISSING_TOKEN_SYMBOL');
  // Unset, HAPI's token type is its first value: fungible.
  const fungible = transaction.tokenType?.toString() !== TokenType.NonFungibleUnique.toString();
  const decimals = unitsOf(transaction.decimals);
  const initialSupply = unitsOf(transaction.initialSupply);
  const finite = transaction.supplyType?.toString() === TokenSupplyType.Finite.toString();
  const maxSupply = unitsOf(transaction.maxSupply);
  if (decimals < 0n || (!fungible && decimals !== 0n)) fail('INVALID_TOKEN_DECIMALS');
  if (initialSupply < 0n || (!fungible && initialSupply !== 0n)) fail('INVALID_TOKEN_INITIAL_SUPPLY');
  if (finite ? maxSupply <= 0n : maxSupply !== 0n) fail('INVALID_TOKEN_MAX_SUPPLY');
  if (finite && initialSupply > maxSupply) fail('INVALID_TOKEN_INITIAL_SUPPLY');
  const treasury = transaction.treasuryAccountId?.toString();
  const treasuryAccount = treasury ? await state.account(tx, treasury) : null;
  if (!treasury || !treasuryAccount) return fail('INVALID_TREASURY_ACCOUNT_FOR_TOKEN');
  if (!state.signedBy(transaction, treasuryAccount.publicKey, treasuryAccount.keyType))
    fail('INVALID_SIGNATURE');
  // A fungible token may have a fixed supply (no supply key); an NFT is minted one by one.
  const supplyKey = transaction.supplyKey;
  if (!supplyKey && !fungible) return fail('TOKEN_HAS_NO_SUPPLY_KEY');
  const adminKey = transaction.adminKey;
  const supply = supplyKey ? storedKey(supplyKey) : null;
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
  const customFees = await customFeesOfNewToken(state, tx, transaction.customFees, tokenId, fungible);
  await tx.insert(ledgerTokens).values({
    customFees: customFees.fees,
    tokenId,
    name: transaction.tokenName!,
    symbol: transaction.tokenSymbol!,
    tokenType: fungible ? 'FUNGIBLE_COMMON' : 'NON_FUNGIBLE_UNIQUE',
    decimals: Number(decimals),
    initialSupply,
    totalSupply: initialSupply,
    supplyType: finite ? 'FINITE' : 'INFINITE',
    maxSupply,
    treasuryAccount: treasury,
    adminKey: admin?.key ?? null,
    adminKeyType: admin?.type ?? null,
    supplyKey: supply?.key ?? null,
    supplyKeyType: supply?.type ?? null,
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
    balance: initialSupply,
    frozen: false,
    kycGranted: true,
    createdTimestamp: consensusTimestamp,
  });
  // Collectors of its fractional fees and of fixed fees in its own units hold it from the start.
  const collectors = customFees.associate.filter((collector) => collector !== treasury);
  if (collectors.length > 0)
    await tx.insert(ledgerTokenRelationships).values(
      collectors.map((accountId) => ({
        accountId,
        tokenId,
        balance: 0n,
        frozen: false,
        kycGranted: true,
        createdTimestamp: consensusTimestamp,
      })),
    );
  if (initialSupply > 0n)
    tokenTransfers.push({
      token_id: tokenId,
      account: treasury,
      amount: Number(initialSupply),
      is_approval: false,
    });
  return tokenId;
}

/** What a mint, burn or wipe did: the serials it minted and the token's supply after it. */
export type SupplyChanged = { serials?: number[]; newTotalSupply: bigint };

export async function applyMint(
  state: LedgerState,
  tx: Tx,
  transaction: TokenMintTransaction,
  consensusTimestamp: string,
  nftTransfers: object[],
  tokenTransfers: FungibleTransfer[],
): Promise<SupplyChanged> {
  const { tokenId, token } = await supplyChange(state, tx, transaction);
  const metadata = transaction.metadata;
  const amount = unitsOf(transaction.amount);
  if (amount > 0n && metadata.length > 0) fail('INVALID_TRANSACTION_BODY');
  if (token.tokenType === 'FUNGIBLE_COMMON') {
    if (metadata.length > 0) fail('INVALID_TOKEN_MINT_AMOUNT');
    const newTotalSupply = token.totalSupply + amount;
    if (newTotalSupply > MAX_INT64) fail('INVALID_TOKEN_MINT_AMOUNT');
    if (token.supplyType === 'FINITE' && newTotalSupply > token.maxSupply) fail('TOKEN_MAX_SUPPLY_REACHED');
    await changeFungibleSupply(state, tx, token, token.treasuryAccount, amount, tokenTransfers);
    return { newTotalSupply };
  }
  if (amount > 0n) fail('INVALID_TOKEN_MINT_AMOUNT');
  if (metadata.length === 0) fail('INVALID_TOKEN_MINT_METADATA');
  if (metadata.length > MAX_NFTS_PER_TRANSACTION) fail('BATCH_SIZE_LIMIT_EXCEEDED');
  if (metadata.some((item) => item.length > MAX_METADATA_BYTES)) fail('METADATA_TOO_LONG');
  // Serials are never reused: a burned NFT keeps its number (the supply falls, the serials go on).
  const [{ lastSerial } = { lastSerial: 0 }] = await tx
    .select({ lastSerial: sql<number>`coalesce(max(${ledgerNfts.serialNumber}), 0)`.mapWith(Number) })
    .from(ledgerNfts)
    .where(eq(ledgerNfts.tokenId, tokenId));
  const serials = metadata.map((_item, index) => lastSerial + index + 1);
  const newTotalSupply = token.totalSupply + BigInt(metadata.length);
  if (token.supplyType === 'FINITE' && newTotalSupply > token.maxSupply) fail('TOKEN_MAX_SUPPLY_REACHED');
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
  await tx.update(ledgerTokens).set({ totalSupply: newTotalSupply }).where(eq(ledgerTokens.tokenId, tokenId));
  await state.adjustTokenBalances(tx, [
    { accountId: token.treasuryAccount, tokenId, delta: BigInt(metadata.length) },
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
  return { serials, newTotalSupply };
}

/**
 * Adds `delta` units of a fungible token to `holder` (the treasury for a mint or burn, a holder for
 * a wipe) and as much to its supply, with the transfer the mirror node lists for it.
 */
async function changeFungibleSupply(
  state: LedgerState,
  tx: Tx,
  token: TokenRow,
  holder: string,
  delta: bigint,
  tokenTransfers: FungibleTransfer[],
) {
  if (delta === 0n) return;
  await tx
    .update(ledgerTokens)
    .set({ totalSupply: token.totalSupply + delta })
    .where(eq(ledgerTokens.tokenId, token.tokenId));
  await state.adjustTokenBalances(tx, [{ accountId: holder, tokenId: token.tokenId, delta }]);
  tokenTransfers.push({
    token_id: token.tokenId,
    account: holder,
    amount: Number(delta),
    is_approval: false,
  });
}

/** A holder's units of a token, or null when it is not associated with it. */
async function heldUnits(state: LedgerState, tx: Tx, accountId: string, tokenId: string) {
  const relationship = await state.relationship(tx, accountId, tokenId);
  return relationship ? relationship.balance : null;
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
  tokenTransfers: FungibleTransfer[],
): Promise<SupplyChanged> {
  const { tokenId, token } = await supplyChange(state, tx, transaction);
  const amount = unitsOf(transaction.amount);
  if (amount > 0n && transaction.serials.length > 0) fail('INVALID_TRANSACTION_BODY');
  if (token.tokenType === 'FUNGIBLE_COMMON') {
    if (transaction.serials.length > 0) fail('INVALID_TOKEN_BURN_AMOUNT');
    const held = (await heldUnits(state, tx, token.treasuryAccount, tokenId)) ?? 0n;
    if (held < amount) fail('INSUFFICIENT_TOKEN_BALANCE');
    await changeFungibleSupply(state, tx, token, token.treasuryAccount, -amount, tokenTransfers);
    return { newTotalSupply: token.totalSupply - amount };
  }
  if (amount > 0n) fail('INVALID_TOKEN_BURN_AMOUNT');
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
  return { newTotalSupply: token.totalSupply - BigInt(serials.length) };
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
  tokenTransfers: FungibleTransfer[],
): Promise<SupplyChanged> {
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
  const amount = unitsOf(transaction.amount);
  if (amount > 0n && (transaction.serials ?? []).length > 0) fail('INVALID_TRANSACTION_BODY');
  if (token.tokenType === 'FUNGIBLE_COMMON') {
    if ((transaction.serials ?? []).length > 0) fail('INVALID_WIPING_AMOUNT');
    const held = await heldUnits(state, tx, accountId, tokenId);
    if (held === null) fail('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    if (held! < amount) fail('INVALID_WIPING_AMOUNT');
    await changeFungibleSupply(state, tx, token, accountId, -amount, tokenTransfers);
    return { newTotalSupply: token.totalSupply - amount };
  }
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
  return { newTotalSupply: token.totalSupply - BigInt(serials.length) };
}

/** A burn's or wipe's effect: the NFTs leave their holder for nobody, and the supply falls. */
export async function removeNfts(
  state: LedgerState,
  tx: Tx,
  token: TokenRow,
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
    .set({ totalSupply: token.totalSupply - BigInt(serials.length) })
    .where(eq(ledgerTokens.tokenId, tokenId));
  await state.adjustTokenBalances(tx, [{ accountId: holder, tokenId, delta: -BigInt(serials.length) }]);
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
