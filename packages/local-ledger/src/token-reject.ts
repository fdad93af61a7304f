import type { TokenRejectTransaction } from '@hashgraph/sdk';
import { and, eq } from 'drizzle-orm';
import { fail, type LedgerState, type Tx } from './ledger-state';
import { ledgerNfts, ledgerTokens } from './schema';
import type { FungibleTransfer } from './transaction-record';

// Token reject as Hedera applies it (HIP-904): a holder sends tokens it did not want back to their
// treasury, all its units of a fungible token or the NFTs it names, signed by the holder alone. No
// custom fee is charged and the holder stays associated (TokenRejectFlow dissociates after).

/** HIP-904's limit on the tokens and NFTs one reject names. */
const MAX_REJECTED = 10;

type TokenRow = typeof ledgerTokens.$inferSelect;

export async function applyTokenReject(
  state: LedgerState,
  tx: Tx,
  transaction: TokenRejectTransaction,
  payer: string,
  consensusTimestamp: string,
  nftTransfers: object[],
  tokenTransfers: FungibleTransfer[],
) {
  const tokenIds = transaction.tokenIds.map(String);
  const nfts = transaction.nftIds.map((nft) => ({
    tokenId: nft.tokenId.toString(),
    serial: Number(nft.serial.toString()),
  }));
  const named = tokenIds.length + nfts.length;
  if (named === 0) fail('EMPTY_TOKEN_REFERENCE_LIST');
  if (named > MAX_REJECTED) fail('TOKEN_REFERENCE_LIST_SIZE_LIMIT_EXCEEDED');
  const keys = [...tokenIds, ...nfts.map((nft) => `${nft.tokenId}/${nft.serial}`)];
  if (new Set(keys).size !== keys.length) fail('TOKEN_REFERENCE_REPEATED');
  // The payer rejects its own tokens unless it names another owner, who then signs.
  const ownerId = transaction.ownerId?.toString() ?? payer;
  const owner = await state.account(tx, ownerId);
  if (!owner) return fail('INVALID_OWNER_ID');
  if (owner.deleted) fail('ACCOUNT_DELETED');
  if (!state.signedBy(transaction, owner.publicKey, owner.keyType)) fail('INVALID_SIGNATURE');

  const returned: { token: TokenRow; units: bigint; serials: number[] }[] = [];
  for (const tokenId of [...new Set([...tokenIds, ...nfts.map((nft) => nft.tokenId)])]) {
    const [token] = await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, tokenId));
    if (!token) return fail('INVALID_TOKEN_ID');
    if (token.deleted) fail('TOKEN_WAS_DELETED');
    if (token.paused) fail('TOKEN_IS_PAUSED');
    if (token.treasuryAccount === ownerId) fail('ACCOUNT_IS_TREASURY');
    const relationship = await state.relationship(tx, ownerId, tokenId);
    if (!relationship) return fail('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    if (token.freezeKey && relationship.frozen) fail('ACCOUNT_FROZEN_FOR_TOKEN');
    const serials = nfts.filter((nft) => nft.tokenId === tokenId).map((nft) => nft.serial);
    if (tokenIds.includes(tokenId)) {
      // A token named by its id is fungible: all of the owner's units go back.
      if (token.tokenType !== 'FUNGIBLE_COMMON')
        fail('ACCOUNT_AMOUNT_TRANSFERS_ONLY_ALLOWED_FOR_FUNGIBLE_COMMON');
      if (relationship.balance <= 0n) fail('INSUFFICIENT_TOKEN_BALANCE');
      returned.push({ token, units: relationship.balance, serials: [] });
    }
    if (serials.length > 0) {
      if (token.tokenType !== 'NON_FUNGIBLE_UNIQUE') fail('INVALID_NFT_ID');
      for (const serial of serials) {
        const [nft] = await tx
          .select({ owner: ledgerNfts.ownerAccount })
          .from(ledgerNfts)
          .where(and(eq(ledgerNfts.tokenId, tokenId), eq(ledgerNfts.serialNumber, serial)));
        if (!nft || nft.owner === null) fail('INVALID_NFT_ID');
        if (nft!.owner !== ownerId) fail('INVALID_OWNER_ID');
      }
      returned.push({ token, units: 0n, serials });
    }
  }

  for (const { token, units, serials } of returned) {
    const treasury = token.treasuryAccount;
    if (units > 0n) {
      await state.adjustTokenBalances(tx, [
        { accountId: ownerId, tokenId: token.tokenId, delta: -units },
        { accountId: treasury, tokenId: token.tokenId, delta: units },
      ]);
      tokenTransfers.push(
        { token_id: token.tokenId, account: ownerId, amount: -Number(units), is_approval: false },
        { token_id: token.tokenId, account: treasury, amount: Number(units), is_approval: false },
      );
    }
    for (const serial of serials) {
      await tx
        .update(ledgerNfts)
        .set({ ownerAccount: treasury, spender: null, modifiedTimestamp: consensusTimestamp })
        .where(and(eq(ledgerNfts.tokenId, token.tokenId), eq(ledgerNfts.serialNumber, serial)));
      nftTransfers.push({
        is_approval: false,
        receiver_account_id: treasury,
        sender_account_id: ownerId,
        serial_number: serial,
        token_id: token.tokenId,
      });
    }
    if (serials.length > 0)
      await state.adjustTokenBalances(tx, [
        { accountId: ownerId, tokenId: token.tokenId, delta: -BigInt(serials.length) },
        { accountId: treasury, tokenId: token.tokenId, delta: BigInt(serials.length) },
      ]);
  }
  return ownerId;
}
