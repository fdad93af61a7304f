import type {
  TokenAirdropTransaction,
  TokenCancelAirdropTransaction,
  TokenClaimAirdropTransaction,
} from '@hashgraph/sdk';
import { and, eq, sql } from 'drizzle-orm';
import { fail, MAX_NFTS_PER_TRANSACTION, type LedgerState, type Tx } from './ledger-state';
import {
  ledgerNfts,
  ledgerPendingAirdrops,
  ledgerTokenRelationships,
  ledgerTokens,
  type PendingAirdrop,
} from './schema';
import {
  associateAutomatically,
  fungibleMovesOf,
  moveChecked,
  nftMovesOf,
  receiptStanding,
  type FungibleMove,
  type NftMove,
  type Signed,
} from './token-moves';
import type { FungibleTransfer } from './transaction-record';

// Airdrops as Hedera applies them (HIP-904): tokens sent to accounts that may not have asked for them.
// A receiver associated with the token, or with an automatic association slot for it, gets it at once;
// any other receiver gets a pending airdrop, which it claims (and is associated) or its sender cancels.
// The sender's units and NFTs stay with it until the claim.

/** HIP-904's limits: pending airdrops named by one claim or cancel. */
const MAX_PENDING_IDS = 10;

type Through = { consensusTimestamp: string; nftTransfers: object[]; tokenTransfers: FungibleTransfer[] };

export async function applyAirdrop(
  state: LedgerState,
  tx: Tx,
  transaction: TokenAirdropTransaction,
  payer: string,
  through: Through,
  pendingAirdrops: PendingAirdrop[],
) {
  const nftMoves = nftMovesOf(transaction);
  const fungibleMoves = fungibleMovesOf(transaction);
  if (nftMoves.length + fungibleMoves.length === 0) fail('EMPTY_TOKEN_TRANSFER_BODY');
  if (nftMoves.length > MAX_NFTS_PER_TRANSACTION) fail('BATCH_SIZE_LIMIT_EXCEEDED');
  const { planned, none, full } = await receiptStanding(tx, [
    ...nftMoves.map((move) => ({ account: move.receiver, token: move.token })),
    ...fungibleMoves
      .filter((move) => move.amount > 0n)
      .map((move) => ({ account: move.account, token: move.token })),
  ]);
  const waits = new Set([...none, ...full].map((receipt) => `${receipt.account} ${receipt.token}`));
  const waitsFor = (account: string, token: string) => waits.has(`${account} ${token}`);

  const pendingNfts = nftMoves.filter((move) => waitsFor(move.receiver, move.token));
  const nowNfts = nftMoves.filter((move) => !waitsFor(move.receiver, move.token));
  const pendingUnits: { sender: string; receiver: string; token: string; amount: bigint }[] = [];
  const nowUnits: FungibleMove[] = [];
  for (const token of new Set(fungibleMoves.map((move) => move.token))) {
    const moves = fungibleMoves.filter((move) => move.token === token);
    const waiting = moves.filter((move) => move.amount > 0n && waitsFor(move.account, token));
    if (waiting.length === 0) {
      nowUnits.push(...moves);
      continue;
    }
    // Units left pending come from the token's one sender, who keeps them until the claim.
    const senders = moves.filter((move) => move.amount < 0n);
    if (senders.length !== 1) fail('INVALID_TRANSACTION_BODY');
    const sender = senders[0]!;
    const waitingUnits = waiting.reduce((sum, move) => sum + move.amount, 0n);
    for (const move of waiting)
      pendingUnits.push({ sender: sender.account, receiver: move.account, token, amount: move.amount });
    const debit = sender.amount + waitingUnits;
    nowUnits.push(
      ...moves.filter((move) => move !== sender && !waiting.includes(move)),
      ...(debit !== 0n ? [{ ...sender, amount: debit }] : []),
    );
    if (moves.reduce((sum, move) => sum + move.amount, 0n) !== 0n) fail('TRANSFERS_NOT_ZERO_SUM_FOR_TOKEN');
    // The sender holds what all of it needs, the pending units too.
    const held = await state.relationship(tx, sender.account, token);
    if (held && held.balance < -sender.amount) fail('INSUFFICIENT_TOKEN_BALANCE');
  }

  const signed: Signed = (account) => state.signedBy(transaction, account.publicKey, account.keyType);
  await checkPendingSenders(state, tx, signed, [
    ...pendingNfts.map((move) => ({
      sender: move.sender,
      receiver: move.receiver,
      token: move.token,
      serial: move.serial,
    })),
    ...pendingUnits.map((units) => ({
      sender: units.sender,
      receiver: units.receiver,
      token: units.token,
      serial: null,
    })),
  ]);

  const moves = { nftMoves: nowNfts, fungibleMoves: nowUnits, approved: new Map<string, bigint>() };
  if (planned.length > 0) await associateAutomatically(tx, planned, through.consensusTimestamp);
  await moveChecked(state, tx, signed, payer, moves, { ...through, movement: new Map() });

  for (const move of pendingNfts) {
    const [existing] = await tx
      .select({ serial: ledgerPendingAirdrops.serialNumber })
      .from(ledgerPendingAirdrops)
      .where(
        and(
          eq(ledgerPendingAirdrops.tokenId, move.token),
          eq(ledgerPendingAirdrops.serialNumber, move.serial),
        ),
      );
    if (existing) fail('PENDING_NFT_AIRDROP_ALREADY_EXISTS');
    await tx.insert(ledgerPendingAirdrops).values({
      senderId: move.sender,
      receiverId: move.receiver,
      tokenId: move.token,
      serialNumber: move.serial,
      createdTimestamp: through.consensusTimestamp,
      modifiedTimestamp: through.consensusTimestamp,
    });
    pendingAirdrops.push({
      sender: move.sender,
      receiver: move.receiver,
      token: move.token,
      serial: move.serial,
      amount: '0',
    });
  }
  for (const units of pendingUnits) {
    // Units airdropped again to the same receiver join the ones already waiting.
    await tx
      .insert(ledgerPendingAirdrops)
      .values({
        senderId: units.sender,
        receiverId: units.receiver,
        tokenId: units.token,
        amount: units.amount,
        createdTimestamp: through.consensusTimestamp,
        modifiedTimestamp: through.consensusTimestamp,
      })
      .onConflictDoUpdate({
        target: [
          ledgerPendingAirdrops.senderId,
          ledgerPendingAirdrops.receiverId,
          ledgerPendingAirdrops.tokenId,
          ledgerPendingAirdrops.serialNumber,
        ],
        set: {
          amount: sql`${ledgerPendingAirdrops.amount} + ${units.amount.toString()}::bigint`,
          modifiedTimestamp: through.consensusTimestamp,
        },
      });
    pendingAirdrops.push({ ...units, serial: null, amount: units.amount.toString() });
  }
}

/**
 * What a pending airdrop needs of its sender when it is made: the token live and not paused, the sender
 * existing, signing, associated and not frozen, holding the NFT; the receiver existing.
 */
async function checkPendingSenders(
  state: LedgerState,
  tx: Tx,
  signed: Signed,
  pending: { sender: string; receiver: string; token: string; serial: number | null }[],
) {
  for (const airdrop of pending) {
    const accounts = await state.accounts(tx, [airdrop.sender, airdrop.receiver]);
    const sender = accounts.get(airdrop.sender);
    const receiver = accounts.get(airdrop.receiver);
    if (!sender || !receiver) return fail('INVALID_ACCOUNT_ID');
    if (sender.deleted || receiver.deleted) fail('ACCOUNT_DELETED');
    if (!signed(sender)) fail('INVALID_SIGNATURE');
    const [token] = await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, airdrop.token));
    if (!token) return fail('INVALID_TOKEN_ID');
    if (token.deleted) fail('TOKEN_WAS_DELETED');
    if (token.paused) fail('TOKEN_IS_PAUSED');
    const relationship = await state.relationship(tx, airdrop.sender, airdrop.token);
    if (!relationship) return fail('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    if (token.freezeKey && relationship.frozen) fail('ACCOUNT_FROZEN_FOR_TOKEN');
    if (airdrop.serial !== null) {
      const [nft] = await tx
        .select({ owner: ledgerNfts.ownerAccount })
        .from(ledgerNfts)
        .where(and(eq(ledgerNfts.tokenId, airdrop.token), eq(ledgerNfts.serialNumber, airdrop.serial)));
      if (!nft || nft.owner === null) fail('INVALID_NFT_ID');
      if (nft!.owner !== airdrop.sender) fail('SENDER_DOES_NOT_OWN_NFT_SERIAL_NO');
    }
  }
}

type PendingRow = typeof ledgerPendingAirdrops.$inferSelect;

/** The pending airdrops a claim or cancel names, each existing, at most ten and none twice. */
async function namedAirdrops(
  tx: Tx,
  transaction: TokenClaimAirdropTransaction | TokenCancelAirdropTransaction,
): Promise<PendingRow[]> {
  const ids = transaction.pendingAirdropIds;
  if (ids.length === 0) fail('EMPTY_PENDING_AIRDROP_ID_LIST');
  if (ids.length > MAX_PENDING_IDS) fail('PENDING_AIRDROP_ID_LIST_TOO_LONG');
  const keys = ids.map((id) => ({
    sender: id.senderId?.toString() ?? '',
    receiver: id.receiverId?.toString() ?? '',
    token: (id.nftId?.tokenId ?? id.tokenId)?.toString() ?? '',
    serial: id.nftId ? Number(id.nftId.serial.toString()) : 0,
  }));
  const texts = keys.map((key) => `${key.sender} ${key.receiver} ${key.token} ${key.serial}`);
  if (new Set(texts).size !== texts.length) fail('PENDING_AIRDROP_ID_REPEATED');
  const rows: PendingRow[] = [];
  for (const key of keys) {
    const [row] = await tx
      .select()
      .from(ledgerPendingAirdrops)
      .where(
        and(
          eq(ledgerPendingAirdrops.senderId, key.sender),
          eq(ledgerPendingAirdrops.receiverId, key.receiver),
          eq(ledgerPendingAirdrops.tokenId, key.token),
          eq(ledgerPendingAirdrops.serialNumber, key.serial),
        ),
      );
    if (!row) return fail('INVALID_PENDING_AIRDROP_ID');
    rows.push(row);
  }
  return rows;
}

/** Each account exists, is not deleted and signed the claim or cancel. */
async function requireSignatures(
  state: LedgerState,
  tx: Tx,
  transaction: TokenClaimAirdropTransaction | TokenCancelAirdropTransaction,
  accountIds: string[],
) {
  for (const accountId of new Set(accountIds)) {
    const account = await state.account(tx, accountId);
    if (!account) return fail('INVALID_ACCOUNT_ID');
    if (account.deleted) fail('ACCOUNT_DELETED');
    if (!state.signedBy(transaction, account.publicKey, account.keyType)) fail('INVALID_SIGNATURE');
  }
}

async function removePending(tx: Tx, rows: PendingRow[]) {
  for (const row of rows)
    await tx
      .delete(ledgerPendingAirdrops)
      .where(
        and(
          eq(ledgerPendingAirdrops.senderId, row.senderId),
          eq(ledgerPendingAirdrops.receiverId, row.receiverId),
          eq(ledgerPendingAirdrops.tokenId, row.tokenId),
          eq(ledgerPendingAirdrops.serialNumber, row.serialNumber),
        ),
      );
}

/**
 * A receiver claims airdrops sent to it, signing: it is associated with each token it is not (the
 * claim is its consent), and the tokens move from their senders, who agreed when they airdropped.
 */
export async function applyClaimAirdrop(
  state: LedgerState,
  tx: Tx,
  transaction: TokenClaimAirdropTransaction,
  payer: string,
  through: Through,
) {
  const rows = await namedAirdrops(tx, transaction);
  await requireSignatures(
    state,
    tx,
    transaction,
    rows.map((row) => row.receiverId),
  );
  for (const row of rows) {
    if (await state.relationship(tx, row.receiverId, row.tokenId)) continue;
    const [token] = await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, row.tokenId));
    if (!token) return fail('INVALID_TOKEN_ID');
    if (token.deleted) fail('TOKEN_WAS_DELETED');
    await tx.insert(ledgerTokenRelationships).values({
      accountId: row.receiverId,
      tokenId: row.tokenId,
      frozen: Boolean(token.freezeKey) && token.freezeDefault,
      kycGranted: !token.kycKey,
      createdTimestamp: through.consensusTimestamp,
    });
  }
  const nftMoves: NftMove[] = rows
    .filter((row) => row.serialNumber > 0)
    .map((row) => ({
      token: row.tokenId,
      sender: row.senderId,
      receiver: row.receiverId,
      serial: row.serialNumber,
      isApproval: false,
    }));
  // Units per token and account, as a transfer lists them.
  const units = new Map<string, FungibleMove>();
  const add = (token: string, account: string, amount: bigint) => {
    const key = `${token} ${account}`;
    const known = units.get(key);
    units.set(key, {
      token,
      account,
      amount: (known?.amount ?? 0n) + amount,
      expectedDecimals: null,
      isApproval: false,
    });
  };
  for (const row of rows.filter((row) => row.serialNumber === 0)) {
    add(row.tokenId, row.senderId, -row.amount);
    add(row.tokenId, row.receiverId, row.amount);
  }
  const moves = { nftMoves, fungibleMoves: [...units.values()], approved: new Map<string, bigint>() };
  await moveChecked(state, tx, () => true, payer, moves, { ...through, movement: new Map() });
  await removePending(tx, rows);
}

/** A sender takes back airdrops still waiting for their receivers, signing. */
export async function applyCancelAirdrop(
  state: LedgerState,
  tx: Tx,
  transaction: TokenCancelAirdropTransaction,
) {
  const rows = await namedAirdrops(tx, transaction);
  await requireSignatures(
    state,
    tx,
    transaction,
    rows.map((row) => row.senderId),
  );
  await removePending(tx, rows);
}
