import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';

/**
 * The types drizzle reads as the text PostgreSQL sends (it makes its own dates and intervals): its PGlite
 * session asks for these parsers with every query.
 */
const TEXT_TYPE_OIDS = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

type Queryable = Pick<PGlite, 'query'>;

/**
 * PGlite copies its whole parser table (every type of the database and its array type) for a query that
 * brings parsers of its own, which doubles the cost of a short query. The instance holds drizzle's
 * parsers instead (`drizzleOnPglite`), so each query goes without them.
 */
function withoutQueryParsers<T extends Queryable>(client: T): Queryable {
  return {
    query: (text: string, params?: unknown[], options?: QueryOptions) =>
      client.query(text, params, options && { ...options, parsers: undefined }),
  };
}

/**
 * Drizzle on PGlite, with the same answers as `drizzle(client)` but without the parser table copied on
 * every query: drizzle's parsers go into the instance's own table once it is ready (after PGlite has made
 * its array parsers, which would replace those of the array types).
 */
export async function drizzleOnPglite<TSchema extends Record<string, unknown>>(
  client: PGlite,
  config: { schema?: TSchema } = {},
) {
  await client.waitReady;
  for (const oid of TEXT_TYPE_OIDS) client.parsers[oid] = (value: string) => value;
  const lean = {
    ...withoutQueryParsers(client),
    transaction: <T>(callback: (tx: Queryable) => Promise<T>) =>
      client.transaction((tx: Transaction) => callback(withoutQueryParsers(tx))),
  };
  return drizzle({ client: lean as unknown as PGlite, ...config });
}
