import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, asc, desc, eq, gt, lt, lte, gte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  ledgerAccounts,
  ledgerNfts,
  ledgerTokenRelationships,
  ledgerTokens,
  ledgerTransactions,
} from '../../db/schema';
import { canonicalEntityId } from '@registry/contracts/account';
import { ENTITY_ID, normaliseTransactionId } from '../hedera-ids';
import { accountNumOf } from './ledger-accounts';
import type { LocalLedger } from './local-ledger';

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

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

/** USD for one HBAR on the local ledger; changed by its dev route, null while 'unreadable'. */
export type LocalRate = { usdPerHbar: number | null };

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
function parseEntityFilter(
  value: string | undefined,
): { op: 'eq' | 'gt' | 'gte' | 'lt' | 'lte'; id: string } | null | undefined {
  if (value === undefined) return undefined;
  const match = /^(?:(eq|gt|gte|lt|lte):)?(\d+\.\d+\.\d+)$/.exec(value);
  if (!match) return null;
  return { op: (match[1] ?? 'eq') as 'eq', id: match[2]! };
}

/** Entity ids compare by number, not as text. */
function entityNumSql(column: SQL | typeof ledgerNfts.tokenId) {
  return sql`split_part(${column}, '.', 3)::bigint`;
}

function compare(op: 'eq' | 'gt' | 'gte' | 'lt' | 'lte', left: SQL, right: number) {
  return { eq, gt, gte, lt, lte }[op](left, right);
}

function evmAddress(accountNum: number): string {
  return `0x${accountNum.toString(16).padStart(40, '0')}`;
}

export function nextLink(path: string, query: Record<string, string>): string {
  return `${path}?${new URLSearchParams(query).toString()}`;
}

/**
 * The mirror node REST subset of the local ledger under `/ledger/api/v1`, with the real node's
 * paths, field names, id and timestamp formats, paging and error body.
 */
export async function registerMirrorRoutes(
  app: FastifyInstance,
  { db, ledger, rate }: { db: Db; ledger: LocalLedger; rate: LocalRate },
) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/ledger/api/') && ledger.isPaused()) {
      return mirrorError(reply, 503, 'Service Unavailable');
    }
  });
  // Like the mirror node, `0.0.0001098` names account 0.0.1098: entity ids are looked up canonically.
  app.addHook('preValidation', async (request) => {
    const params = request.params as { id?: string } | undefined;
    if (!request.url.startsWith('/ledger/api/') || typeof params?.id !== 'string') return;
    const canonical = canonicalEntityId(params.id);
    if (canonical) params.id = canonical;
  });

  app.get<{ Params: { id: string }; Querystring: PageQuery }>(
    '/ledger/api/v1/accounts/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      if (!ENTITY_ID.test(id)) return mirrorError(reply, 400, 'Invalid parameter: idOrAliasOrEvmAddress');
      const limit = parseLimit(request.query.limit);
      const order = parseOrder(request.query.order, 'desc');
      if (limit === null) return mirrorError(reply, 400, 'Invalid parameter: limit');
      if (order === null) return mirrorError(reply, 400, 'Invalid parameter: order');
      const num = accountNumOf(id);
      const [account] =
        num === null ? [] : await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.accountNum, num));
      if (!account) return mirrorError(reply, 404, 'Not found');
      const tokens = await db
        .select({ token_id: ledgerTokenRelationships.tokenId, balance: ledgerTokenRelationships.balance })
        .from(ledgerTokenRelationships)
        .where(eq(ledgerTokenRelationships.accountId, id))
        .orderBy(asc(entityNumSql(sql`${ledgerTokenRelationships.tokenId}`)));
      const transactions = await db
        .select()
        .from(ledgerTransactions)
        .where(
          or(
            eq(ledgerTransactions.payerAccount, id),
            sql`${ledgerTransactions.transfers} @> ${JSON.stringify([{ account: id }])}::jsonb`,
          ),
        )
        .orderBy(order === 'asc' ? asc(ledgerTransactions.consensusNs) : desc(ledgerTransactions.consensusNs))
        .limit(limit);
      return sendWithInt64(reply, {
        account: id,
        alias: null,
        auto_renew_period: 7776000,
        balance: {
          timestamp: transactions[0]?.consensusTimestamp ?? account.createdTimestamp,
          balance: account.balanceTinybars,
          tokens,
        },
        created_timestamp: account.createdTimestamp,
        decline_reward: false,
        deleted: false,
        ethereum_nonce: 0,
        evm_address: evmAddress(account.accountNum),
        expiry_timestamp: null,
        key: account.publicKey ? { _type: account.keyType, key: account.publicKey } : null,
        max_automatic_token_associations: 0,
        memo: account.memo,
        pending_reward: 0,
        receiver_sig_required: false,
        staked_account_id: null,
        staked_node_id: null,
        stake_period_start: null,
        transactions: transactions.map(toMirrorTransaction),
        links: { next: null },
      });
    },
  );

  app.get<{ Params: { id: string }; Querystring: PageQuery }>(
    '/ledger/api/v1/accounts/:id/tokens',
    { schema: { hide: true } },
    async (request, reply) => {
      const paging = await accountPaging(db, request.params.id, request.query, 'asc');
      if ('status' in paging) return mirrorError(reply, paging.status, paging.message);
      const { id, limit, order, tokenFilter } = paging;
      const tokenNum = entityNumSql(sql`${ledgerTokenRelationships.tokenId}`);
      const rows = await db
        .select()
        .from(ledgerTokenRelationships)
        .where(
          and(
            eq(ledgerTokenRelationships.accountId, id),
            tokenFilter ? compare(tokenFilter.op, tokenNum, accountNumOf(tokenFilter.id) ?? -1) : undefined,
          ),
        )
        .orderBy(order === 'asc' ? asc(tokenNum) : desc(tokenNum))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        tokens: page.map((row) => ({
          automatic_association: row.automaticAssociation,
          balance: row.balance,
          created_timestamp: row.createdTimestamp,
          decimals: 0,
          freeze_status: 'NOT_APPLICABLE',
          kyc_status: 'NOT_APPLICABLE',
          token_id: row.tokenId,
        })),
        links: {
          next:
            rows.length > limit && last
              ? nextLink(`/api/v1/accounts/${id}/tokens`, {
                  limit: String(limit),
                  order,
                  'token.id': `${order === 'asc' ? 'gt' : 'lt'}:${last.tokenId}`,
                })
              : null,
        },
      };
    },
  );

  app.get<{ Params: { id: string }; Querystring: PageQuery }>(
    '/ledger/api/v1/accounts/:id/nfts',
    { schema: { hide: true } },
    async (request, reply) => {
      const serialFilter = request.query.serialnumber;
      const serialMatch =
        serialFilter === undefined ? undefined : /^(?:(eq|gt|gte|lt|lte):)?(\d{1,19})$/.exec(serialFilter);
      if (serialMatch === null) return mirrorError(reply, 400, 'Invalid parameter: serialnumber');
      const paging = await accountPaging(db, request.params.id, request.query, 'desc');
      if ('status' in paging) return mirrorError(reply, paging.status, paging.message);
      const { id, limit, order, tokenFilter } = paging;
      const tokenNum = entityNumSql(sql`${ledgerNfts.tokenId}`);
      const rows = await db
        .select()
        .from(ledgerNfts)
        .where(
          and(
            eq(ledgerNfts.ownerAccount, id),
            tokenFilter ? compare(tokenFilter.op, tokenNum, accountNumOf(tokenFilter.id) ?? -1) : undefined,
            serialMatch
              ? compare(
                  (serialMatch[1] ?? 'eq') as 'eq',
                  sql`${ledgerNfts.serialNumber}`,
                  Number(serialMatch[2]),
                )
              : undefined,
          ),
        )
        .orderBy(
          order === 'asc' ? asc(tokenNum) : desc(tokenNum),
          order === 'asc' ? asc(ledgerNfts.serialNumber) : desc(ledgerNfts.serialNumber),
        )
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        nfts: page.map(toMirrorNft),
        links: {
          next:
            rows.length > limit && last
              ? nextLink(`/api/v1/accounts/${id}/nfts`, {
                  limit: String(limit),
                  order,
                  'token.id': `${order === 'asc' ? 'gte' : 'lte'}:${last.tokenId}`,
                  serialnumber: `${order === 'asc' ? 'gt' : 'lt'}:${last.serialNumber}`,
                })
              : null,
        },
      };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { nonce?: string; scheduled?: string } }>(
    '/ledger/api/v1/transactions/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const transactionId = normaliseTransactionId(request.params.id);
      if (!transactionId) return mirrorError(reply, 400, 'Invalid parameter: transactionId');
      const nonce = request.query.nonce;
      if (nonce !== undefined && !/^\d{1,5}$/.test(nonce))
        return mirrorError(reply, 400, 'Invalid parameter: nonce');
      if (request.query.scheduled !== undefined && !['true', 'false'].includes(request.query.scheduled)) {
        return mirrorError(reply, 400, 'Invalid parameter: scheduled');
      }
      // The local ledger has no child or scheduled transactions: only nonce 0, not scheduled.
      if ((nonce !== undefined && nonce !== '0') || request.query.scheduled === 'true')
        return mirrorError(reply, 404, 'Not found');
      const rows = await db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.transactionId, transactionId));
      if (rows.length === 0) return mirrorError(reply, 404, 'Not found');
      return { transactions: rows.map(toMirrorTransaction) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/ledger/api/v1/tokens/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!ENTITY_ID.test(request.params.id))
        return mirrorError(reply, 400, 'Invalid parameter: tokenIdOrAddress');
      const [token] = await db.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, request.params.id));
      if (!token) return mirrorError(reply, 404, 'Not found');
      const key = (value: string | null, type: string | null) => (value ? { _type: type, key: value } : null);
      return {
        admin_key: key(token.adminKey, token.adminKeyType),
        auto_renew_account: null,
        auto_renew_period: null,
        created_timestamp: token.createdTimestamp,
        custom_fees: { created_timestamp: token.createdTimestamp, fixed_fees: [], royalty_fees: [] },
        decimals: '0',
        deleted: false,
        expiry_timestamp: null,
        fee_schedule_key: null,
        freeze_default: false,
        freeze_key: null,
        initial_supply: '0',
        kyc_key: null,
        max_supply: '0',
        memo: token.memo,
        modified_timestamp: token.createdTimestamp,
        name: token.name,
        pause_key: null,
        pause_status: 'NOT_APPLICABLE',
        supply_key: key(token.supplyKey, token.supplyKeyType),
        supply_type: 'INFINITE',
        symbol: token.symbol,
        token_id: token.tokenId,
        total_supply: String(token.totalSupply),
        treasury_account_id: token.treasuryAccount,
        type: token.tokenType,
        wipe_key: key(token.wipeKey, token.wipeKeyType),
      };
    },
  );

  app.get<{ Params: { id: string; serial: string } }>(
    '/ledger/api/v1/tokens/:id/nfts/:serial',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!ENTITY_ID.test(request.params.id)) return mirrorError(reply, 400, 'Invalid parameter: tokenId');
      if (!/^\d{1,19}$/.test(request.params.serial))
        return mirrorError(reply, 400, 'Invalid parameter: serialnumber');
      const [nft] = await db
        .select()
        .from(ledgerNfts)
        .where(
          and(
            eq(ledgerNfts.tokenId, request.params.id),
            eq(ledgerNfts.serialNumber, Number(request.params.serial)),
          ),
        );
      if (!nft) return mirrorError(reply, 404, 'Not found');
      return toMirrorNft(nft);
    },
  );

  app.get('/ledger/api/v1/network/exchangerate', { schema: { hide: true } }, async (_request, reply) => {
    if (rate.usdPerHbar === null) return mirrorError(reply, 503, 'Service Unavailable');
    // Hedera states the rate as cents per `hbar_equivalent` HBAR; keep 30000 HBAR as the real node does.
    const hbarEquivalent = 30000;
    const centEquivalent = Math.round(rate.usdPerHbar * 100 * hbarEquivalent);
    const nowSeconds = Math.floor(Date.now() / 1000);
    const nextHour = nowSeconds - (nowSeconds % 3600) + 3600;
    return {
      current_rate: {
        cent_equivalent: centEquivalent,
        expiration_time: nextHour,
        hbar_equivalent: hbarEquivalent,
      },
      next_rate: {
        cent_equivalent: centEquivalent,
        expiration_time: nextHour + 3600,
        hbar_equivalent: hbarEquivalent,
      },
      timestamp: `${nowSeconds}.000000000`,
    };
  });
}

/** The shared parameters of the account list routes, or the error to answer. */
async function accountPaging(
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

async function accountExists(db: Db, id: string): Promise<boolean> {
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
    spender: null,
    token_id: nft.tokenId,
  };
}

export function toMirrorTransaction(row: typeof ledgerTransactions.$inferSelect) {
  return {
    assessed_custom_fees: [],
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
    nonce: 0,
    parent_consensus_timestamp: null,
    result: row.result,
    scheduled: false,
    staking_reward_transfers: [],
    token_transfers: row.tokenTransfers,
    transaction_hash: row.transactionHash,
    transaction_id: row.transactionId,
    transfers: row.transfers,
    valid_duration_seconds: row.validDurationSeconds,
    valid_start_timestamp: row.validStartTimestamp,
  };
}
