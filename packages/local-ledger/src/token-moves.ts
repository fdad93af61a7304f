import type { AccountId, TokenAirdropTransaction, TransferTransaction } from '@hashgraph/sdk';
import { and, eq, sql } from 'drizzle-orm';
import { checkApprovedHbarDebits, mayMoveNftFor, spendHbarAllowances } from './allowance-transactions';
import { accountNumOf, TRANSACTION_FEE_TINYBARS } from './ledger-accounts';
import { fail, type HbarMovement, type LedgerState, type Tx } from './ledger-state';
import { ledgerAccounts, ledgerNfts, ledgerTokenRelationships, ledgerTokens } from './schema';
import type { FungibleTransfer } from './transaction-record';

// Tokens moving between accounts, as a crypto transfer or an airdrop moves them: every check first
// (tokens, associations, standing, signatures, balances), then the moves; accounts with automatic
// association slots are associated on first receipt.

type LedgerAccount = NonNullable<ReturnType<LedgerAccounts['get']>>;
/** Whether an account authorised its debits: its signature on the transaction, or an earlier one's. */
export type Signed = (account: LedgerAccount) => boolean;

export type NftMove = {
  token: string;
  sender: string;
  receiver: string;
  serial: number;
  isApproval: boolean;
};
type LedgerAccounts = Awaited<ReturnType<LedgerState['accounts']>>;
type TokenBalanceChange = { accountId: string; tokenId: string; delta: bigint };
/** The SDK's entry of a transfer's token list (not exported by the SDK's index). */
type SdkTokenTransfer = {
  tokenId: { toString(): string };
  accountId: AccountId;
  amount: { toString(): string };
  expectedDecimals: number | null;
  isApproved: boolean;
};
/** The account an SDK account id names: its own text, or the account its alias resolved to. */
export type AccountIdOf = (id: AccountId) => string;
/** One account's units of a fungible token in a transfer (the SDK merges an account named twice). */
export type FungibleMove = {
  token: string;
  account: string;
  amount: bigint;
  expectedDecimals: number | null;
  isApproval: boolean;
};

/** The transfer's checks, then its NFT and fungible moves (its HBAR moves with the fee). */
export async function moveChecked(
  state: LedgerState,
  tx: Tx,
  signed: Signed,
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
  checkHbarDebits(signed, payer, movement, accounts, approved);
  const allowancesUsed = await checkApprovedHbarDebits(tx, approved, payer);
  const tokenBalances: TokenBalanceChange[] = [];
  for (const token of new Set(nftMoves.map((move) => move.token))) {
    const moves = nftMoves.filter((move) => move.token === token);
    tokenBalances.push(...(await checkNftMoves(tx, signed, token, moves, accounts, payer)));
  }
  for (const token of new Set(fungibleMoves.map((move) => move.token))) {
    const moves = fungibleMoves.filter((move) => move.token === token);
    tokenBalances.push(...(await checkFungibleMoves(state, tx, signed, token, moves, accounts)));
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

/** An account receiving a token, by a transfer or an airdrop. */
export type Receipt = { account: string; token: string };

/**
 * The associations an account makes on receiving a token it is not associated with (HIP-23): while it
 * has automatic association slots left (-1: any number, HIP-904). An account without slots is left
 * unassociated (a transfer fails on it); one whose slots are all taken fails a transfer here.
 */
export async function automaticAssociations(tx: Tx, receipts: Receipt[]) {
  const { planned, full } = await receiptStanding(tx, receipts);
  if (full.length > 0) fail('NO_REMAINING_AUTOMATIC_ASSOCIATIONS');
  return planned;
}

/**
 * Of the receipts by accounts not associated with their token: the associations slots make (`planned`),
 * and those no slot takes, the account having none (`none`) or none left (`full`). Receipts by missing
 * accounts, or of missing or deleted tokens, are in neither: the checks refuse them.
 */
export async function receiptStanding(tx: Tx, receipts: Receipt[]) {
  const pairs = [...new Map(receipts.map((pair) => [`${pair.account} ${pair.token}`, pair])).values()];
  const planned: AutomaticAssociation[] = [];
  const none: Receipt[] = [];
  const full: Receipt[] = [];
  if (pairs.length === 0) return { planned, none, full };
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
  for (const row of rows) {
    if (row.slots === null || !row.live) continue;
    const receipt = { account: row.account, token: row.token };
    if (row.slots === 0) {
      none.push(receipt);
      continue;
    }
    const used = (taken.get(row.account) ?? Number(row.used)) + 1;
    if (row.slots !== -1 && used > row.slots) {
      full.push(receipt);
      continue;
    }
    taken.set(row.account, used);
    planned.push({
      account: row.account,
      token: row.token,
      frozen: row.freezes && row.freeze_default,
      kycGranted: !row.kyc,
    });
  }
  return { planned, none, full };
}

export type AutomaticAssociation = { account: string; token: string; frozen: boolean; kycGranted: boolean };

export async function associateAutomatically(
  tx: Tx,
  planned: AutomaticAssociation[],
  consensusTimestamp: string,
) {
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

export function fungibleMovesOf(
  transaction: TransferTransaction | TokenAirdropTransaction,
  idOf: AccountIdOf = String,
): FungibleMove[] {
  // The SDK keeps each transfer's expected decimals and approval only on its (protected) list.
  const { _tokenTransfers: transfers } = transaction as unknown as { _tokenTransfers: SdkTokenTransfer[] };
  return transfers
    .map((transfer) => ({
      token: transfer.tokenId.toString(),
      account: idOf(transfer.accountId),
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
  signed: Signed,
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
      if (!signed(account)) fail('INVALID_SIGNATURE');
      if (relationship.balance < -move.amount) fail('INSUFFICIENT_TOKEN_BALANCE');
    }
    changes.push({ accountId: move.account, tokenId: token, delta: move.amount });
  }
  return changes;
}

export function nftMovesOf(
  transaction: TransferTransaction | TokenAirdropTransaction,
  idOf: AccountIdOf = String,
): NftMove[] {
  return [...transaction.nftTransfers].flatMap(([tokenId, transfers]) =>
    transfers.map((transfer) => ({
      token: tokenId.toString(),
      sender: idOf(transfer.sender),
      receiver: idOf(transfer.recipient),
      serial: Number(transfer.serial.toString()),
      isApproval: transfer.isApproved,
    })),
  );
}

/** Every account exists; each one debited signed and can pay (the payer its fee too). */
function checkHbarDebits(
  signed: Signed,
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
      if (!approved.has(accountId) && !signed(account!)) fail('INVALID_SIGNATURE');
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
  tx: Tx,
  signed: Signed,
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
    } else if (!signed(sender!)) fail('INVALID_SIGNATURE');
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
