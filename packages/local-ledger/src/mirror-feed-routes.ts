import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { LedgerDb as Db } from './ledger-db';
import { ledgerNfts, ledgerTokens, ledgerTransactions } from './schema';
import { ENTITY_ID, parseTimestamp } from '@registry/contracts/hedera-ids';
import {
  all,
  mirrorError,
  nftPage,
  one,
  OPERATORS,
  parseLimit,
  parseOrder,
  toMirrorTransaction,
  type Op,
  type Query,
} from './mirror-format';

type FeedQuery =
  | { error: string }
  | { error?: undefined; limit: number; order: 'asc' | 'desc'; account: string | undefined };

/** `limit`, `order` and `account.id` of a list feed, or the mirror node's message for the first bad one. */
function feedQuery(query: Query): FeedQuery {
  const limit = parseLimit(one(query.limit));
  if (limit === null) return { error: 'Invalid parameter: limit' };
  const order = parseOrder(one(query.order), 'desc');
  if (order === null) return { error: 'Invalid parameter: order' };
  const account = one(query['account.id']);
  if (account !== undefined && !ENTITY_ID.test(account)) return { error: 'Invalid parameter: account.id' };
  return { limit, order, account };
}

/** `gt:1700000000.000000001`, `1700000000` …: operator and nanoseconds, or null when malformed. */
function parseTimestampFilter(value: string): { op: Op; ns: bigint } | null {
  const match = /^(?:(eq|gt|gte|lt|lte):)?(\d{1,10})(?:\.(\d{1,9}))?$/.exec(value);
  if (!match) return null;
  return { op: (match[1] ?? 'eq') as Op, ns: parseTimestamp(`${match[2]}.${match[3] ?? '0'}`) };
}

/** The mirror node's `transactiontype` values (its OpenAPI's `TransactionTypeQuery`). */
const TRANSACTION_TYPES = new Set([
  'ATOMICBATCH',
  'CONSENSUSCREATETOPIC',
  'CONSENSUSDELETETOPIC',
  'CONSENSUSSUBMITMESSAGE',
  'CONSENSUSUPDATETOPIC',
  'CONTRACTCALL',
  'CONTRACTCREATEINSTANCE',
  'CONTRACTDELETEINSTANCE',
  'CONTRACTUPDATEINSTANCE',
  'CRYPTOADDLIVEHASH',
  'CRYPTOAPPROVEALLOWANCE',
  'CRYPTOCREATEACCOUNT',
  'CRYPTODELETE',
  'CRYPTODELETEALLOWANCE',
  'CRYPTODELETELIVEHASH',
  'CRYPTOTRANSFER',
  'CRYPTOUPDATEACCOUNT',
  'ETHEREUMTRANSACTION',
  'FILEAPPEND',
  'FILECREATE',
  'FILEDELETE',
  'FILEUPDATE',
  'FREEZE',
  'NODE',
  'NODECREATE',
  'NODEDELETE',
  'NODESTAKEUPDATE',
  'NODEUPDATE',
  'SCHEDULECREATE',
  'SCHEDULEDELETE',
  'SCHEDULESIGN',
  'SYSTEMDELETE',
  'SYSTEMUNDELETE',
  'TOKENAIRDROP',
  'TOKENASSOCIATE',
  'TOKENBURN',
  'TOKENCANCELAIRDROP',
  'TOKENCLAIMAIRDROP',
  'TOKENCREATION',
  'TOKENDELETION',
  'TOKENDISSOCIATE',
  'TOKENFEESCHEDULEUPDATE',
  'TOKENFREEZE',
  'TOKENGRANTKYC',
  'TOKENMINT',
  'TOKENPAUSE',
  'TOKENREJECT',
  'TOKENREVOKEKYC',
  'TOKENUNFREEZE',
  'TOKENUNPAUSE',
  'TOKENUPDATE',
  'TOKENUPDATENFTS',
  'TOKENWIPE',
  'UNCHECKEDSUBMIT',
  'UTILPRNG',
]);

/**
 * The mirror node's two list feeds that the registry's ledger watcher reads, in the real node's shape:
 * `/transactions` (by account and consensus time) and `/tokens/{id}/nfts` (a collection by serial).
 */
export async function registerMirrorFeedRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerTransactionFeed(app, db);
  registerTokenNftFeed(app, db);
}

/**
 * `/transactions`: by account, type, consensus time and result, paged by consensus time. Without an
 * account it lists the whole network's transactions (each with its HBAR, token and NFT transfers).
 */
function registerTransactionFeed(app: FastifyInstance, db: Db) {
  app.get<{ Querystring: Query }>(
    '/ledger/api/v1/transactions',
    { schema: { hide: true } },
    async (request, reply) => {
      const query = request.query;
      const feed = feedQuery(query);
      if (feed.error !== undefined) return mirrorError(reply, 400, feed.error);
      const { limit, order, account } = feed;
      const timestamps = all(query.timestamp).map(parseTimestampFilter);
      if (timestamps.some((filter) => filter === null))
        return mirrorError(reply, 400, 'Invalid parameter: timestamp');
      const result = one(query.result);
      if (result !== undefined && result !== 'success' && result !== 'fail')
        return mirrorError(reply, 400, 'Invalid parameter: result');
      // The mirror node takes the type in either case.
      const type = one(query.transactiontype)?.toUpperCase();
      if (type !== undefined && !TRANSACTION_TYPES.has(type))
        return mirrorError(reply, 400, 'Invalid parameter: transactiontype');

      const conditions: Array<SQL | undefined> = timestamps.map((filter) =>
        OPERATORS[filter!.op](ledgerTransactions.consensusNs, filter!.ns),
      );
      if (account) {
        // An account takes part as payer, in an HBAR or fungible token transfer, or as either side of an
        // NFT transfer.
        conditions.push(
          or(
            eq(ledgerTransactions.payerAccount, account),
            sql`${ledgerTransactions.transfers} @> ${JSON.stringify([{ account }])}::jsonb`,
            sql`${ledgerTransactions.tokenTransfers} @> ${JSON.stringify([{ account }])}::jsonb`,
            sql`${ledgerTransactions.nftTransfers} @> ${JSON.stringify([{ receiver_account_id: account }])}::jsonb`,
            sql`${ledgerTransactions.nftTransfers} @> ${JSON.stringify([{ sender_account_id: account }])}::jsonb`,
          ),
        );
      }
      if (type) conditions.push(eq(ledgerTransactions.name, type));
      if (result) {
        conditions.push(
          result === 'success'
            ? eq(ledgerTransactions.result, 'SUCCESS')
            : sql`${ledgerTransactions.result} <> 'SUCCESS'`,
        );
      }
      const rows = await db
        .select()
        .from(ledgerTransactions)
        .where(and(...conditions))
        .orderBy(order === 'asc' ? asc(ledgerTransactions.consensusNs) : desc(ledgerTransactions.consensusNs))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      let next: string | null = null;
      if (rows.length > limit && last) {
        // The next page keeps the caller's filters; the bound on this side moves past the last row.
        const params = new URLSearchParams();
        if (account) params.set('account.id', account);
        params.set('limit', String(limit));
        params.set('order', order);
        if (result) params.set('result', result);
        if (type) params.set('transactiontype', type);
        const side = order === 'asc' ? ['gt', 'gte'] : ['lt', 'lte'];
        for (const value of all(query.timestamp))
          if (!side.some((op) => value.startsWith(`${op}:`))) params.append('timestamp', value);
        params.append('timestamp', `${side[0]}:${last.consensusTimestamp}`);
        next = `/api/v1/transactions?${params.toString()}`;
      }
      return { transactions: page.map(toMirrorTransaction), links: { next } };
    },
  );
}

/** `/tokens/{id}/nfts`: a collection's NFTs by serial, of one holder or all. */
function registerTokenNftFeed(app: FastifyInstance, db: Db) {
  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/ledger/api/v1/tokens/:id/nfts',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      if (!ENTITY_ID.test(id)) return mirrorError(reply, 400, 'Invalid parameter: tokenId');
      const query = request.query;
      const feed = feedQuery(query);
      if (feed.error !== undefined) return mirrorError(reply, 400, feed.error);
      const { limit, order, account } = feed;
      const serials = all(query.serialnumber).map((value) =>
        /^(?:(eq|gt|gte|lt|lte):)?(\d{1,19})$/.exec(value),
      );
      if (serials.some((match) => match === null))
        return mirrorError(reply, 400, 'Invalid parameter: serialnumber');
      const [token] = await db
        .select({ id: ledgerTokens.tokenId })
        .from(ledgerTokens)
        .where(eq(ledgerTokens.tokenId, id));
      if (!token) return mirrorError(reply, 404, 'Not found');

      const rows = await db
        .select()
        .from(ledgerNfts)
        .where(
          and(
            eq(ledgerNfts.tokenId, id),
            account ? eq(ledgerNfts.ownerAccount, account) : undefined,
            ...serials.map((match) =>
              OPERATORS[(match![1] ?? 'eq') as Op](ledgerNfts.serialNumber, Number(match![2])),
            ),
          ),
        )
        .orderBy(order === 'asc' ? asc(ledgerNfts.serialNumber) : desc(ledgerNfts.serialNumber))
        .limit(limit + 1);
      return nftPage(rows, limit, `/api/v1/tokens/${id}/nfts`, (last) => ({
        ...(account ? { 'account.id': account } : {}),
        limit: String(limit),
        order,
        serialnumber: `${order === 'asc' ? 'gt' : 'lt'}:${last.serialNumber}`,
      }));
    },
  );
}
