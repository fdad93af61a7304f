import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LedgerDb as Db } from './ledger-db';
import {
  accountPaging,
  compare,
  entityNumSql,
  mirrorError,
  nextLink,
  parseEntityFilter,
  sendWithInt64,
  type PageQuery,
} from './mirror-format';
import { ledgerPendingAirdrops } from './schema';

/** The two lists of an account's pending airdrops: those it sent, and those waiting for it. */
const SIDES = [
  { path: 'outstanding', owner: 'senderId', other: 'receiverId', filter: 'receiver.id' },
  { path: 'pending', owner: 'receiverId', other: 'senderId', filter: 'sender.id' },
] as const;

/**
 * An account's pending airdrops as the mirror node lists them (HIP-904): `airdrops/outstanding` (sent
 * and not yet claimed or cancelled) and `airdrops/pending` (waiting for it), by the other account, then
 * token and serial; filtered by that account and by token.
 */
export function registerAirdropRoutes(app: FastifyInstance, db: Db) {
  for (const side of SIDES) {
    app.get<{ Params: { id: string }; Querystring: PageQuery }>(
      `/ledger/api/v1/accounts/:id/airdrops/${side.path}`,
      { schema: { hide: true } },
      async (request, reply) => {
        const paging = await accountPaging(db, request.params.id, request.query, 'asc');
        if ('status' in paging) return mirrorError(reply, paging.status, paging.message);
        const otherFilter = parseEntityFilter(request.query[side.filter]);
        if (otherFilter === null) return mirrorError(reply, 400, `Invalid parameter: ${side.filter}`);
        const serialFilter = request.query.serialnumber;
        const serialAfter =
          serialFilter === undefined ? undefined : /^(gt|lt):(\d{1,19})$/.exec(serialFilter);
        if (serialAfter === null) return mirrorError(reply, 400, 'Invalid parameter: serialnumber');
        const { id, limit, order, tokenFilter } = paging;
        const otherNum = entityNumSql(sql`${ledgerPendingAirdrops[side.other]}`);
        const tokenNum = entityNumSql(sql`${ledgerPendingAirdrops.tokenId}`);
        const numOf = (entity: string) => Number(entity.split('.')[2]);
        const by = order === 'asc' ? asc : desc;
        // A next link names the last row listed (other account, token, serial): the page goes on past it.
        const position =
          otherFilter && tokenFilter && serialAfter
            ? sql`(${otherNum}, ${tokenNum}, ${ledgerPendingAirdrops.serialNumber}) ${sql.raw(
                serialAfter[1] === 'gt' ? '>' : '<',
              )} (${numOf(otherFilter.id)}, ${numOf(tokenFilter.id)}, ${Number(serialAfter[2])})`
            : and(
                otherFilter ? compare(otherFilter.op, otherNum, numOf(otherFilter.id)) : undefined,
                tokenFilter ? compare(tokenFilter.op, tokenNum, numOf(tokenFilter.id)) : undefined,
              );
        const rows = await db
          .select()
          .from(ledgerPendingAirdrops)
          .where(and(eq(ledgerPendingAirdrops[side.owner], id), position))
          .orderBy(by(otherNum), by(tokenNum), by(ledgerPendingAirdrops.serialNumber))
          .limit(limit + 1);
        const page = rows.slice(0, limit);
        const last = page.at(-1);
        const beyond = order === 'asc' ? 'gt' : 'lt';
        return sendWithInt64(reply, {
          airdrops: page.map((row) => ({
            amount: row.serialNumber > 0 ? null : row.amount,
            receiver_id: row.receiverId,
            sender_id: row.senderId,
            serial_number: row.serialNumber > 0 ? row.serialNumber : null,
            timestamp: { from: row.modifiedTimestamp, to: null },
            token_id: row.tokenId,
          })),
          links: {
            // The next page starts past the last (other account, token) listed.
            next:
              rows.length > limit && last
                ? nextLink(`/api/v1/accounts/${id}/airdrops/${side.path}`, {
                    limit: String(limit),
                    order,
                    [side.filter]: `${beyond}e:${last[side.other]}`,
                    'token.id': `${beyond}e:${last.tokenId}`,
                    serialnumber: `${beyond}:${last.serialNumber}`,
                  })
                : null,
          },
        });
      },
    );
  }
}
