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
import { accountNumOf, TRANSACTION_FEE_TINYBARS } from './ledger-accounts';
import type { FungibleTransfer } from './transaction-record';
import { keySatisfied, storedKey } from './ledger-keys';
import { stakingChanges } from './staking';
import { assertNotDeleted, newHolderStanding } from './token-controls';
import { checkApprovedHbarDebits, mayMoveNftFor, spendHbarAllowances } from './allowance-transactions';
import { fail, MAX_NFTS_PER_TRANSACTION, type HbarMovement, type LedgerState, type Tx } from './ledger-state';

// Crypto transfers (HBAR and NFTs), token associations and new accounts, as Hedera applies them.

type NftMove = { token: string; sender: string; receiver: string; serial: number; isApproval: boolean };
type LedgerAccounts = Awaited<ReturnType<LedgerState['accounts']>>;
type TokenBalanceChange = { accountId: string; tokenId: string; delta: bigint };
/** One account's units of a fungible token in a transfer (the SDK merges an account named twice). */
/** The SDK's entry of a transfer's token list (not exported by the SDK's index). */
type SdkTokenTransfer = {
  tokenId: { toString(): string };
  accountId: { toString(): string };
  amount: { toString(): string };
  expectedDecimals: number | null;
  isApproved: boolean;
};
type FungibleMove = {
  token: string;
  account: string;
  amount: bigint;
  expectedDecimals: number | null;
  isApproval: boolean;
};

export async function applyTransfer(
  state: LedgerState,
  tx: Tx,
  transaction: TransferTransaction,
  payer: string,
  consensusTimestamp: string,
  movement: HbarMovement,
  nftTransfers: object[],
  tokenTransfers: FungibleTransfer[],
) {
  // Everything is checked before anything is written: a failure leaves no trace but the fee.
  let sum = 0n;
  for (const [accountId, amount] of transaction.hbarTransfers) {
    const tinybars = BigInt(amount.toTinybars().toString());
    sum += tinybars;
    const key = accountId.toString();
    movement.set(key, (movement.get(key) ?? 0n) + tinybars);
  }
  if (sum !== 0n) fail('INVALID_ACCOUNT_AMOUNTS');
  // Debits the payer makes as a spender of the owner's allowance: the owner does not sign them.
  const approved = new Map<string, bigint>();
  for (const transfer of transaction.hbarTransfersList) {
    const tinybars = BigInt(transfer.amount.toTinybars().toString());
    if (!transfer.isApproved || tinybars >= 0n) continue;
    const owner = transfer.accountId.toString();
    approved.set(owner, (approved.get(owner) ?? 0n) - tinybars);
  }
  const nftMoves = nftMovesOf(transaction);
  if (nftMoves.length > MAX_NFTS_PER_TRANSACTION) fail('BATCH_SIZE_LIMIT_EXCEEDED');
  const fungibleMoves = fungibleMovesOf(transaction);
  const receipts = [
    ...nftMoves.map((move) => ({ account: move.receiver, token: move.token })),
    ...fungibleMoves
      .filter((move) => move.amount > 0n)
      .map((move) => ({ account: move.account, token: move.token })),
  ];
  const automatic = await automaticAssociations(tx, receipts);
  const moves = { nftMoves, fungibleMoves, approved };
  const through = { consensusTimestamp, movement, nftTransfers, tokenTransfers };
  if (automatic.length === 0) return moveChecked(state, tx, transaction, payer, moves, through);
  // The associations a receipt makes are written before the checks read them: on a savepoint, so a
  // failed transfer leaves none.
  await tx.transaction(async (savepoint) => {
    await associateAutomatically(savepoint, automatic, consensusTimestamp);
    await moveChecked(state, savepoint, transaction, payer, moves, through);
  });
}

/** The transfer's checks, then its NFT and fungible moves (its HBAR moves with the fee). */
async function moveChecked(
  state: LedgerState,
  tx: Tx,
  transaction: TransferTransaction,
  payer: string,
  {
    nftMoves,
    fungibleMoves,
    approved,
  }: { nftMoves: NftMove[]; fungibleMoves: FungibleMove[]; approved: Map<string, bigint> },
  {
    consensusTimestamp,
    movement,
    nftTransfers,
    tokenTransfers,
  }: {
    consensusTimestamp: string;
    movement: HbarMovement;
    nftTransfers: object[];
    tokenTransfers: FungibleTransfer[];
  },
) {
  const accounts = await state.accounts(tx, [
    ...movement.keys(),
    ...nftMoves.flatMap((move) => [move.sender, move.receiver]),
    ...fungibleMoves.map((move) => move.account),
  ]);
  checkHbarDebits(state, transaction, payer, movement, accounts, approved);
  const allowancesUsed = await checkApprovedHbarDebits(tx, approved, payer);
  const tokenBalances: TokenBalanceChange[] = [];
  for (const token of new Set(nftMoves.map((move) => move.token))) {
    const moves = nftMoves.filter((move) => move.token === token);
    tokenBalances.push(...(await checkNftMoves(state, tx, transaction, token, moves, accounts, payer)));
  }
  for (const token of new Set(fungibleMoves.map((move) => move.token))) {
    const moves = fungibleMoves.filter((move) => move.token === token);
    tokenBalances.push(...(await checkFungibleMoves(state, tx, transaction, token, moves, accounts)));
  }

  // The HBAR in `movement` is moved with the fee, once the transaction is through.
  for (const move of nftMoves) {
    await tx
      .update(ledgerNfts)
      // A moved NFT's allowance goes with its old holder.
      .set({ ownerAccount: move.receiver, spender: null, modifiedTimestamp: consensusTimestamp })
      .where(and(eq(ledgerNfts.tokenId, move.token), eq(ledgerNfts.serialNumber, move.serial)));
    nftTransfers.push({
      is_approval: move.isApproval,
      receiver_account_id: move.receiver,
      sender_account_id: move.sender,
      serial_number: move.serial,
      token_id: move.token,
    });
  }
  for (const move of fungibleMoves)
    tokenTransfers.push({
      token_id: move.token,
      account: move.account,
      amount: Number(move.amount),
      is_approval: move.isApproval,
    });
  await state.adjustTokenBalances(tx, tokenBalances);
  await spendHbarAllowances(tx, allowancesUsed, payer);
}

/**
 * The associations an account makes on receiving a token it is not associated with (HIP-23): while it
 * has automatic association slots left (-1: any number, HIP-904). An account without slots is left
 * unassociated (the transfer fails on it); one whose slots are all taken fails the transfer here.
 */
async function automaticAssociations(tx: Tx, receipts: { account: string; token: string }[]) {
  const pairs = [...new Map(receipts.map((pair) => [`${pair.account} ${pair.token}`, pair])).values()];
  if (pairs.length === 0) return [];
  const { rows } = await tx.execute<{
    account: string;
    token: string;
    slots: number | null;
    used: string;
    live: boolean;
    freezes: boolean;
    freeze_default: boolean;
    kyc: boolean;
  }>(sql`
    select pair.account, pair.token,
      (select ${ledgerAccounts.maxAutomaticTokenAssociations} from ${ledgerAccounts}
        where ${ledgerAccounts.accountNum} = pair.num and not ${ledgerAccounts.deleted}) as slots,
      (select count(*) from ${ledgerTokenRelationships}
        where ${ledgerTokenRelationships.accountId} = pair.account
          and ${ledgerTokenRelationships.automaticAssociation})::text as used,
      coalesce((select not ${ledgerTokens.deleted} from ${ledgerTokens}
        where ${ledgerTokens.tokenId} = pair.token), false) as live,
      coalesce((select ${ledgerTokens.freezeKey} is not null from ${ledgerTokens}
        where ${ledgerTokens.tokenId} = pair.token), false) as freezes,
      coalesce((select ${ledgerTokens.freezeDefault} from ${ledgerTokens}
        where ${ledgerTokens.tokenId} = pair.token), false) as freeze_default,
      coalesce((select ${ledgerTokens.kycKey} is not null from ${ledgerTokens}
        where ${ledgerTokens.tokenId} = pair.token), false) as kyc
    from (values ${sql.join(
      pairs.map((pair) => sql`(${pair.account}, ${pair.token}, ${accountNumOf(pair.account) ?? -1}::bigint)`),
      sql`, `,
    )}) as pair(account, token, num)
    where not exists (select 1 from ${ledgerTokenRelationships}
      where ${ledgerTokenRelationships.accountId} = pair.account
        and ${ledgerTokenRelationships.tokenId} = pair.token)`);
  const taken = new Map<string, number>();
  const planned: AutomaticAssociation[] = [];
  for (const row of rows) {
    // A missing account or token, or an account without slots: the checks give their own status.
    if (row.slots === null || row.slots === 0 || !row.live) continue;
    const used = (taken.get(row.account) ?? Number(row.used)) + 1;
    if (row.slots !== -1 && used > row.slots) fail('NO_REMAINING_AUTOMATIC_ASSOCIATIONS');
    taken.set(row.account, used);
    planned.push({
      account: row.account,
      token: row.token,
      frozen: row.freezes && row.freeze_default,
      kycGranted: !row.kyc,
    });
  }
  return planned;
}

type AutomaticAssociation = { account: string; token: string; frozen: boolean; kycGranted: boolean };

async function associateAutomatically(tx: Tx, planned: AutomaticAssociation[], consensusTimestamp: string) {
  await tx.insert(ledgerTokenRelationships).values(
    planned.map((association) => ({
      accountId: association.account,
      tokenId: association.token,
      automaticAssociation: true,
      frozen: association.frozen,
      kycGranted: association.kycGranted,
      createdTimestamp: consensusTimestamp,
    })),
  );
}

function fungibleMovesOf(transaction: TransferTransaction): FungibleMove[] {
  // The SDK keeps each transfer's expected decimals and approval only on its (protected) list.
  const { _tokenTransfers: transfers } = transaction as unknown as { _tokenTransfers: SdkTokenTransfer[] };
  return transfers
    .map((transfer) => ({
      token: transfer.tokenId.toString(),
      account: transfer.accountId.toString(),
      amount: BigInt(transfer.amount.toString()),
      expectedDecimals: transfer.expectedDecimals,
      isApproval: transfer.isApproved,
    }))
    .sort((a, b) => compareEntityIds(a.token, b.token) || compareEntityIds(a.account, b.account));
}

const compareEntityIds = (a: string, b: string) => (accountNumOf(a) ?? 0) - (accountNumOf(b) ?? 0);

/**
 * One fungible token's moves: the token is fungible, live and not paused, its units add up to zero,
 * every account is associated (not frozen, with KYC where the token asks for it), and each debited
 * account signed and holds what it sends. Returns the balance changes they make.
 */
async function checkFungibleMoves(
  state: LedgerState,
  tx: Tx,
  transaction: TransferTransaction,
  token: string,
  moves: FungibleMove[],
  accounts: LedgerAccounts,
): Promise<TokenBalanceChange[]> {
  const [row] = await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, token));
  if (!row) return fail('INVALID_TOKEN_ID');
  if (row.tokenType !== 'FUNGIBLE_COMMON') fail('ACCOUNT_AMOUNT_TRANSFERS_ONLY_ALLOWED_FOR_FUNGIBLE_COMMON');
  if (row.deleted) fail('TOKEN_WAS_DELETED');
  if (row.paused) fail('TOKEN_IS_PAUSED');
  if (moves.some((move) => move.expectedDecimals !== null && move.expectedDecimals !== row.decimals))
    fail('UNEXPECTED_TOKEN_DECIMALS');
  if (moves.reduce((sum, move) => sum + move.amount, 0n) !== 0n) fail('TRANSFERS_NOT_ZERO_SUM_FOR_TOKEN');
  const changes: TokenBalanceChange[] = [];
  for (const move of moves) {
    const account = accounts.get(move.account);
    if (!account) return fail('INVALID_ACCOUNT_ID');
    if (account.deleted) fail('ACCOUNT_DELETED');
    const relationship = await state.relationship(tx, move.account, token);
    if (!relationship) return fail('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    if (row.freezeKey && relationship.frozen) fail('ACCOUNT_FROZEN_FOR_TOKEN');
    if (row.kycKey && !relationship.kycGranted) fail('ACCOUNT_KYC_NOT_GRANTED_FOR_TOKEN');
    if (move.amount < 0n) {
      // No fungible allowance can be granted on this ledger, so none can be spent.
      if (move.isApproval) fail('SPENDER_DOES_NOT_HAVE_ALLOWANCE');
      if (!state.signedBy(transaction, account.publicKey, account.keyType)) fail('INVALID_SIGNATURE');
      if (relationship.balance < -move.amount) fail('INSUFFICIENT_TOKEN_BALANCE');
    }
    changes.push({ accountId: move.account, tokenId: token, delta: move.amount });
  }
  return changes;
}

function nftMovesOf(transaction: TransferTransaction): NftMove[] {
  return [...transaction.nftTransfers].flatMap(([tokenId, transfers]) =>
    transfers.map((transfer) => ({
      token: tokenId.toString(),
      sender: transfer.sender.toString(),
      receiver: transfer.recipient.toString(),
      serial: Number(transfer.serial.toString()),
      isApproval: transfer.isApproved,
    })),
  );
}

/** Every account exists; each one debited signed and can pay (the payer its fee too). */
function checkHbarDebits(
  state: LedgerState,
  transaction: TransferTransaction,
  payer: string,
  movement: HbarMovement,
  accounts: LedgerAccounts,
  approved: Map<string, bigint>,
) {
  for (const [accountId, amount] of movement) {
    const account = accounts.get(accountId);
    if (!account) fail('INVALID_ACCOUNT_ID');
    if (account!.deleted) fail('ACCOUNT_DELETED');
    if (amount < 0n) {
      if (!approved.has(accountId) && !state.signedBy(transaction, account!.publicKey, account!.keyType))
        fail('INVALID_SIGNATURE');
      const needed = -amount + (accountId === payer ? TRANSACTION_FEE_TINYBARS : 0n);
      if (account!.balanceTinybars < needed)
        fail(accountId === payer ? 'INSUFFICIENT_PAYER_BALANCE' : 'INSUFFICIENT_ACCOUNT_BALANCE');
    }
  }
}

/**
 * One token's NFT moves: the token exists, each sender signed and owns its serial, each receiver is
 * associated. Returns the token balance changes they make.
 */
async function checkNftMoves(
  state: LedgerState,
  tx: Tx,
  transaction: TransferTransaction,
  token: string,
  moves: NftMove[],
  accounts: LedgerAccounts,
  payer: string,
): Promise<TokenBalanceChange[]> {
  // The token, the serials' owners and the standing of everyone moving them, in one query.
  const serials = moves.map((move) => move.serial);
  const holders = [...new Set(moves.flatMap((move) => [move.sender, move.receiver]))];
  const {
    rows: [found],
  } = await tx.execute<{
    token: { paused: boolean; deleted: boolean; freezes: boolean; kyc: boolean } | null;
    owners: [number, string][] | null;
    standing: [string, boolean, boolean][] | null;
  }>(sql`
    select (select json_build_object('paused', ${ledgerTokens.paused}, 'deleted', ${ledgerTokens.deleted},
          'freezes', ${ledgerTokens.freezeKey} is not null, 'kyc', ${ledgerTokens.kycKey} is not null)
        from ${ledgerTokens} where ${ledgerTokens.tokenId} = ${token}) as token,
      (select json_agg(json_build_array(${ledgerNfts.serialNumber}, ${ledgerNfts.ownerAccount}))
        from ${ledgerNfts}
        where ${ledgerNfts.tokenId} = ${token}
          and ${ledgerNfts.serialNumber} in (${sql.join(
            serials.map((serial) => sql`${serial}`),
            sql`, `,
          )})) as owners,
      (select json_agg(json_build_array(${ledgerTokenRelationships.accountId},
          ${ledgerTokenRelationships.frozen}, ${ledgerTokenRelationships.kycGranted}))
        from ${ledgerTokenRelationships}
        where ${ledgerTokenRelationships.tokenId} = ${token}
          and ${ledgerTokenRelationships.accountId} in (${sql.join(
            holders.map((holder) => sql`${holder}`),
            sql`, `,
          )}))
        as standing`);
  const tokenRow = found!.token;
  if (!tokenRow) return fail('INVALID_TOKEN_ID');
  if (tokenRow.deleted) fail('TOKEN_WAS_DELETED');
  if (tokenRow.paused) fail('TOKEN_IS_PAUSED');
  const owners = new Map((found!.owners ?? []).map(([serial, owner]) => [Number(serial), owner]));
  const standing = new Map((found!.standing ?? []).map(([holder, frozen, kyc]) => [holder, { frozen, kyc }]));
  /** A holder that may take part: associated, not frozen, and with KYC where the token asks for it. */
  const mayMove = (holder: string) => {
    const of = standing.get(holder);
    if (!of) return fail('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    if (tokenRow.freezes && of.frozen) fail('ACCOUNT_FROZEN_FOR_TOKEN');
    if (tokenRow.kyc && !of.kyc) fail('ACCOUNT_KYC_NOT_GRANTED_FOR_TOKEN');
  };
  const changes: TokenBalanceChange[] = [];
  for (const move of moves) {
    const sender = accounts.get(move.sender);
    if (!sender || !accounts.has(move.receiver)) fail('INVALID_ACCOUNT_ID');
    if (!owners.has(move.serial)) fail('INVALID_NFT_ID');
    if (move.isApproval) {
      if (!(await mayMoveNftFor(tx, token, move.serial, move.sender, payer)))
        fail('SPENDER_DOES_NOT_HAVE_ALLOWANCE');
    } else if (!state.signedBy(transaction, sender!.publicKey, sender!.keyType)) fail('INVALID_SIGNATURE');
    if (owners.get(move.serial) !== move.sender) fail('SENDER_DOES_NOT_OWN_NFT_SERIAL_NO');
    mayMove(move.receiver);
    mayMove(move.sender);
    // A later transfer of the same serial in this transaction starts from its new owner.
    owners.set(move.serial, move.receiver);
    changes.push(
      { accountId: move.sender, tokenId: token, delta: -1n },
      { accountId: move.receiver, tokenId: token, delta: 1n },
    );
  }
  return changes;
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
