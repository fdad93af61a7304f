import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { eq, gt, lt, lte, gte, sql, type SQL } from 'drizzle-orm';
import type { LedgerDb as Db } from './ledger-db';
import { ledgerAccounts, ledgerNfts, ledgerTransactions } from './schema';
import { ENTITY_ID } from '@registry/contracts/hedera-ids';
import { accountNumOf } from './ledger-accounts';

// What the mirror node's answers look like: errors, paging, entity filters and the records it returns.

/** The mirror node's error body. */
export function mirrorError(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).send({ _status: { messages: [{ message }] } });
}

/**
 * Sends JSON whose int64 fields (bigints) are written exactly: JSON.stringify cannot write a bigint and
 * a Number loses digits past 2^53 (the treasury's balance). Each bigint becomes a marker no data can
 * contain (a fresh random id), then the marker is swapped for the digits.
 */
export function sendWithInt64(reply: FastifyReply, body: unknown) {
  const marker = randomUUID();
  const json = JSON.stringify(body, (_key, value: unknown) =>
    typeof value === 'bigint' ? `${marker}:${value}` : value,
  ).replace(new RegExp(`"${marker}:(-?\\d+)"`, 'g'), '$1');
  return reply.type('application/json; charset=utf-8').send(json);
}

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

/** USD for one HBAR on the local ledger; changed by its dev route, null while 'unreadable'. */
export type LocalRate = { usdPerHbar: number | null };

type Rate = { cent_equivalent: number; expiration_time: number; hbar_equivalent: number };

/**
 * The rate as the network states it (the mirror REST's and file 0.0.112's): cents per 30,000 HBAR, as a
 * real node keeps it, valid to the next hour; null while the ledger has no rate.
 */
export function exchangeRates(rate: LocalRate, nowSeconds: number): { current: Rate; next: Rate } | null {
  if (rate.usdPerHbar === null) return null;
  const hbarEquivalent = 30000;
  const centEquivalent = Math.round(rate.usdPerHbar * 100 * hbarEquivalent);
  const nextHour = nowSeconds - (nowSeconds % 3600) + 3600;
  return {
    current: { cent_equivalent: centEquivalent, expiration_time: nextHour, hbar_equivalent: hbarEquivalent },
    next: {
      cent_equivalent: centEquivalent,
      expiration_time: nextHour + 3600,
      hbar_equivalent: hbarEquivalent,
    },
  };
}

export type PageQuery = { limit?: string; order?: string; [key: string]: string | undefined };

export function parseLimit(value: string | undefined): number | null {
  if (value === undefined) return DEFAULT_LIMIT;
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1) return null;
  return Math.min(Number(value), MAX_LIMIT);
}

export function parseOrder(value: string | undefined, fallback: 'asc' | 'desc'): 'asc' | 'desc' | null {
  if (value === undefined) return fallback;
  return value === 'asc' || value === 'desc' ? value : null;
}

/** `token.id=gt:0.0.5` style filters: operator and entity id. */
export function parseEntityFilter(
  value: string | undefined,
): { op: 'eq' | 'gt' | 'gte' | 'lt' | 'lte'; id: string } | null | undefined {
  if (value === undefined) return undefined;
  const match = /^(?:(eq|gt|gte|lt|lte):)?(\d+\.\d+\.\d+)$/.exec(value);
  if (!match) return null;
  return { op: (match[1] ?? 'eq') as 'eq', id: match[2]! };
}

/** Entity ids compare by number, not as text. */
export function entityNumSql(column: SQL | typeof ledgerNfts.tokenId) {
  return sql`split_part(${column}, '.', 3)::bigint`;
}

export type Op = 'eq' | 'gt' | 'gte' | 'lt' | 'lte';
/** The mirror node's comparison prefixes (`gt:5`) as query conditions. */
export const OPERATORS = { eq, gt, gte, lt, lte };

export function compare(op: Op, left: SQL, right: number) {
  return OPERATORS[op](left, right);
}

/** A route's query string, each parameter once or repeated. */
export type Query = Record<string, string | string[] | undefined>;

/** Every value of a query parameter the mirror node lets repeat (`timestamp=gt:…&timestamp=lt:…`). */
export const all = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
/** The last value of a parameter given once or more. */
export const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.at(-1) : value);

/** A key as the mirror node writes it, or null when there is none. */
export const mirrorKey = (key: string | null, type: string | null) => (key ? { _type: type, key } : null);

export function evmAddress(accountNum: number): string {
  return `0x${accountNum.toString(16).padStart(40, '0')}`;
}

export function nextLink(path: string, query: Record<string, string>): string {
  return `${path}?${new URLSearchParams(query).toString()}`;
}

/**
 * The mirror node REST subset of the local ledger under `/ledger/api/v1`, with the real node's
 * paths, field names, id and timestamp formats, paging and error body.
 */
/** The shared parameters of the account list routes, or the error to answer. */
export async function accountPaging(
  db: Db,
  id: string,
  query: PageQuery,
  defaultOrder: 'asc' | 'desc',
): Promise<
  | { id: string; limit: number; order: 'asc' | 'desc'; tokenFilter: ReturnType<typeof parseEntityFilter> }
  | { status: 400 | 404; message: string }
> {
  if (!ENTITY_ID.test(id)) return { status: 400, message: 'Invalid parameter: idOrAliasOrEvmAddress' };
  const limit = parseLimit(query.limit);
  if (limit === null) return { status: 400, message: 'Invalid parameter: limit' };
  const order = parseOrder(query.order, defaultOrder);
  if (order === null) return { status: 400, message: 'Invalid parameter: order' };
  const tokenFilter = parseEntityFilter(query['token.id']);
  if (tokenFilter === null) return { status: 400, message: 'Invalid parameter: token.id' };
  if (!(await accountExists(db, id))) return { status: 404, message: 'Not found' };
  return { id, limit, order, tokenFilter };
}

export async function accountExists(db: Db, id: string): Promise<boolean> {
  const num = accountNumOf(id);
  if (num === null) return false;
  const [row] = await db
    .select({ num: ledgerAccounts.accountNum })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.accountNum, num));
  return Boolean(row);
}

export function toMirrorNft(nft: typeof ledgerNfts.$inferSelect) {
  return {
    account_id: nft.ownerAccount,
    created_timestamp: nft.createdTimestamp,
    delegating_spender: null,
    // Burned: held by no account.
    deleted: nft.ownerAccount === null,
    metadata: nft.metadata,
    modified_timestamp: nft.modifiedTimestamp,
    serial_number: nft.serialNumber,
    spender: nft.spender,
    token_id: nft.tokenId,
  };
}

/** RFC 4648 base32 without padding: how the mirror node writes an account's key alias. */
function base32(bytes: Buffer): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += alphabet[(value << (5 - bits)) & 31];
  return text;
}

/** An account as the mirror node's `/accounts` routes give it, with its token balances. */
export function toMirrorAccount(
  account: typeof ledgerAccounts.$inferSelect,
  tokens: Array<{ token_id: string; balance: bigint | number }>,
  balanceTimestamp: string | null,
) {
  return {
    account: `0.0.${account.accountNum}`,
    alias: account.aliasKey ? base32(Buffer.from(account.aliasKey, 'hex')) : null,
    auto_renew_period: 7776000,
    balance: { timestamp: balanceTimestamp, balance: account.balanceTinybars, tokens },
    created_timestamp: account.createdTimestamp,
    decline_reward: account.declineReward,
    deleted: account.deleted,
    ethereum_nonce: 0,
    evm_address: account.evmAddress ? `0x${account.evmAddress}` : evmAddress(account.accountNum),
    expiry_timestamp: null,
    key: mirrorKey(account.publicKey, account.keyType),
    max_automatic_token_associations: account.maxAutomaticTokenAssociations,
    memo: account.memo,
    pending_reward: 0,
    receiver_sig_required: false,
    staked_account_id: account.stakedAccountId,
    staked_node_id: account.stakedNodeId,
    stake_period_start: account.stakePeriodStart,
  };
}

export function toMirrorTransaction(row: typeof ledgerTransactions.$inferSelect) {
  return {
    assessed_custom_fees: row.assessedCustomFees,
    batch_key: null,
    bytes: null,
    charged_tx_fee: row.chargedTxFee,
    consensus_timestamp: row.consensusTimestamp,
    entity_id: row.entityId,
    max_fee: row.maxFee,
    max_custom_fees: [],
    memo_base64: row.memoBase64,
    name: row.name,
    nft_transfers: row.nftTransfers,
    node: row.node,
    nonce: row.nonce,
    parent_consensus_timestamp: row.parentConsensusTimestamp,
    result: row.result,
    scheduled: row.scheduled,
    staking_reward_transfers: [],
    token_transfers: row.tokenTransfers,
    transaction_hash: row.transactionHash,
    transaction_id: row.transactionId,
    transfers: row.transfers,
    valid_duration_seconds: row.validDurationSeconds,
    valid_start_timestamp: row.validStartTimestamp,
  };
}

/** One page of NFTs (read with `limit + 1` rows, to know whether more follow) and the link to the next. */
export function nftPage(
  rows: Array<typeof ledgerNfts.$inferSelect>,
  limit: number,
  path: string,
  nextQuery: (last: typeof ledgerNfts.$inferSelect) => Record<string, string>,
) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    nfts: page.map(toMirrorNft),
    links: { next: rows.length > limit && last ? nextLink(path, nextQuery(last)) : null },
  };
}
