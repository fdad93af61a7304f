import type { FastifyInstance } from 'fastify';
import { and, asc, desc, inArray, sql } from 'drizzle-orm';
import type { LedgerDb as Db } from './ledger-db';
import { ledgerAccounts, ledgerTokenRelationships, ledgerTransactions } from './schema';
import {
  all,
  compare,
  mirrorError,
  one,
  parseEntityFilter,
  parseLimit,
  parseOrder,
  sendWithInt64,
  toMirrorAccount,
  type Op,
  type Query,
} from './mirror-format';
import { accountNumOf } from './ledger-accounts';

/** `account.balance=gte:100` style filters: operator and tinybars. */
function parseBalanceFilter(value: string | undefined): { op: Op; tinybars: bigint } | null | undefined {
  if (value === undefined) return undefined;
  const match = /^(?:(eq|gt|gte|lt|lte):)?(\d{1,19})$/.exec(value);
  if (!match) return null;
  return { op: (match[1] ?? 'eq') as Op, tinybars: BigInt(match[2]!) };
}

const BALANCE_OPERATORS: Record<Op, string> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' };

type AccountRow = typeof ledgerAccounts.$inferSelect;
type TokenBalance = { token_id: string; balance: bigint };

/**
 * A route that lists accounts a page at a time, by account id (newest first unless `order=asc`),
 * filtered by `account.id` and `account.balance`, paged with `links.next`: `/balances` and `/accounts`
 * give each account in their own shape.
 */
function registerAccountPages(
  app: FastifyInstance,
  db: Db,
  route: 'balances' | 'accounts',
  shape: (page: AccountRow[], tokensOf: (account: string) => TokenBalance[], latest: string | null) => object,
) {
  app.get<{ Querystring: Query }>(
    `/ledger/api/v1/${route}`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { query } = request;
      const limit = parseLimit(one(query.limit));
      if (limit === null) return mirrorError(reply, 400, 'Invalid parameter: limit');
      const order = parseOrder(one(query.order), route === 'balances' ? 'desc' : 'asc');
      if (order === null) return mirrorError(reply, 400, 'Invalid parameter: order');
      // Repeated, they all hold (`account.id=gte:0.0.1000&account.id=lt:0.0.2000`).
      const accountFilters = all(query['account.id']).map(parseEntityFilter);
      if (accountFilters.some((filter) => !filter))
        return mirrorError(reply, 400, 'Invalid parameter: account.id');
      const balanceFilter = parseBalanceFilter(one(query['account.balance']));
      if (balanceFilter === null) return mirrorError(reply, 400, 'Invalid parameter: account.balance');
      if (query.timestamp !== undefined)
        return mirrorError(reply, 400, 'Invalid parameter: timestamp (this ledger keeps no balance history)');

      const rows = await db
        .select()
        .from(ledgerAccounts)
        .where(
          and(
            ...accountFilters.map((filter) =>
              compare(filter!.op, sql`${ledgerAccounts.accountNum}`, accountNumOf(filter!.id) ?? -1),
            ),
            balanceFilter
              ? sql`${ledgerAccounts.balanceTinybars} ${sql.raw(BALANCE_OPERATORS[balanceFilter.op])} ${balanceFilter.tinybars.toString()}::bigint`
              : undefined,
          ),
        )
        .orderBy(order === 'asc' ? asc(ledgerAccounts.accountNum) : desc(ledgerAccounts.accountNum))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const ids = page.map((row) => `0.0.${row.accountNum}`);
      const tokens =
        ids.length === 0
          ? []
          : await db
              .select({
                accountId: ledgerTokenRelationships.accountId,
                tokenId: ledgerTokenRelationships.tokenId,
                balance: ledgerTokenRelationships.balance,
              })
              .from(ledgerTokenRelationships)
              .where(inArray(ledgerTokenRelationships.accountId, ids));
      const tokensOf = (account: string) =>
        tokens
          .filter((token) => token.accountId === account)
          .map((token) => ({ token_id: token.tokenId, balance: token.balance }));
      const [latest] = await db
        .select({ timestamp: sql<string | null>`max(${ledgerTransactions.consensusTimestamp})` })
        .from(ledgerTransactions);
      const last = page.at(-1);
      return sendWithInt64(reply, {
        ...shape(page, tokensOf, latest?.timestamp ?? null),
        links: {
          next:
            rows.length > limit && last
              ? `/api/v1/${route}?${new URLSearchParams([
                  ['limit', String(limit)],
                  ['order', order],
                  // The query's own bounds hold on every page; the page's last account is the next's bound.
                  ...all(query['account.id']).map((value) => ['account.id', value]),
                  ['account.id', `${order === 'asc' ? 'gt' : 'lt'}:0.0.${last.accountNum}`],
                  ...all(query['account.balance']).map((value) => ['account.balance', value]),
                ]).toString()}`
              : null,
        },
      });
    },
  );
}

/**
 * `/api/v1/balances`: every account's HBAR and token balances now. The ledger keeps no balance
 * history: a `timestamp` is refused with the mirror node's error body.
 */
export function registerBalancesRoute(app: FastifyInstance, db: Db) {
  registerAccountPages(app, db, 'balances', (page, tokensOf, latest) => ({
    timestamp: latest,
    balances: page.map((row) => {
      const account = `0.0.${row.accountNum}`;
      return { account, balance: row.balanceTinybars, tokens: tokensOf(account) };
    }),
  }));
}

/** `/api/v1/accounts`: accounts as `/accounts/{id}` gives each one, without its transactions. */
export function registerAccountListRoute(app: FastifyInstance, db: Db) {
  registerAccountPages(app, db, 'accounts', (page, tokensOf, latest) => ({
    accounts: page.map((row) =>
      toMirrorAccount(row, tokensOf(`0.0.${row.accountNum}`), latest ?? row.createdTimestamp),
    ),
  }));
}
