import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LedgerDb as Db } from './ledger-db';
import {
  accountPaging,
  entityNumSql,
  mirrorError,
  nextLink,
  parseEntityFilter,
  type PageQuery,
} from './mirror-format';
import { ledgerHbarAllowances, ledgerNftAllowances } from './schema';

/** A spender filter (`spender.id=gt:0.0.5`): the account number and whether it is included. */
function spenderAfter(query: PageQuery) {
  const filter = parseEntityFilter(query['spender.id']);
  if (filter === null || (filter && filter.op !== 'gt' && filter.op !== 'gte')) return null;
  return filter;
}

/**
 * An account's allowances as the mirror node lists them: HBAR (`/allowances/crypto`, what is left of
 * each and what was granted) and NFTs approved for all of a token (`/allowances/nfts`), by spender.
 */
export function registerAllowanceRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Params: { id: string }; Querystring: PageQuery }>(
    '/ledger/api/v1/accounts/:id/allowances/crypto',
    { schema: { hide: true } },
    async (request, reply) => {
      const paging = await accountPaging(db, request.params.id, request.query, 'asc');
      if ('status' in paging) return mirrorError(reply, paging.status, paging.message);
      const after = spenderAfter(request.query);
      if (after === null) return mirrorError(reply, 400, 'Invalid parameter: spender.id');
      const { id, limit } = paging;
      const spenderNum = entityNumSql(sql`${ledgerHbarAllowances.spender}`);
      const rows = await db
        .select()
        .from(ledgerHbarAllowances)
        .where(
          and(
            eq(ledgerHbarAllowances.owner, id),
            after
              ? sql`${spenderNum} ${sql.raw(after.op === 'gt' ? '>' : '>=')} ${Number(after.id.split('.')[2])}`
              : undefined,
          ),
        )
        .orderBy(asc(spenderNum))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        allowances: page.map((row) => ({
          amount: Number(row.amount),
          amount_granted: Number(row.amountGranted),
          owner: row.owner,
          spender: row.spender,
          timestamp: { from: row.timestamp, to: null },
        })),
        links: {
          next:
            rows.length > limit && last
              ? nextLink(`/api/v1/accounts/${id}/allowances/crypto`, {
                  limit: String(limit),
                  'spender.id': `gt:${last.spender}`,
                })
              : null,
        },
      };
    },
  );

  app.get<{ Params: { id: string }; Querystring: PageQuery }>(
    '/ledger/api/v1/accounts/:id/allowances/nfts',
    { schema: { hide: true } },
    async (request, reply) => {
      const paging = await accountPaging(db, request.params.id, request.query, 'asc');
      if ('status' in paging) return mirrorError(reply, paging.status, paging.message);
      const after = spenderAfter(request.query);
      if (after === null) return mirrorError(reply, 400, 'Invalid parameter: spender.id');
      const { id, limit, tokenFilter } = paging;
      const spenderNum = entityNumSql(sql`${ledgerNftAllowances.spender}`);
      const tokenNum = entityNumSql(sql`${ledgerNftAllowances.tokenId}`);
      const afterNum = after ? Number(after.id.split('.')[2]) : null;
      // Paged by spender, then token: the next page starts after the last (spender, token).
      const position =
        afterNum === null
          ? undefined
          : tokenFilter && after?.op === 'gte'
            ? or(
                gt(spenderNum, afterNum),
                and(eq(spenderNum, afterNum), gt(tokenNum, Number(tokenFilter.id.split('.')[2]))),
              )
            : sql`${spenderNum} ${sql.raw(after!.op === 'gt' ? '>' : '>=')} ${afterNum}`;
      const rows = await db
        .select()
        .from(ledgerNftAllowances)
        .where(and(eq(ledgerNftAllowances.owner, id), eq(ledgerNftAllowances.approvedForAll, true), position))
        .orderBy(asc(spenderNum), asc(tokenNum))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        allowances: page.map((row) => ({
          approved_for_all: row.approvedForAll,
          owner: row.owner,
          spender: row.spender,
          timestamp: { from: row.timestamp, to: null },
          token_id: row.tokenId,
        })),
        links: {
          next:
            rows.length > limit && last
              ? nextLink(`/api/v1/accounts/${id}/allowances/nfts`, {
                  limit: String(limit),
                  'spender.id': `gte:${last.spender}`,
                  'token.id': `gt:${last.tokenId}`,
                })
              : null,
        },
      };
    },
  );
}
