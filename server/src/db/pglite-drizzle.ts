import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { PgliteStatements } from './pglite-statements';

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
 * Drizzle on PGlite, with the same answers as `drizzle(client)` but each query text run as a named
 * statement (PgliteStatements), and without PGlite's parser table copied on every query: PGlite copies
 * its whole table (every type of the database and its array type) for a query that brings parsers of
 * its own, which doubled the cost of a short query, so drizzle's parsers go into the instance's own table
 * once it is ready (after PGlite has made its array parsers, which would replace those of the array types).
 */
export async function drizzleOnPglite<TSchema extends Record<string, unknown>>(
  client: PGlite,
  config: { schema?: TSchema } = {},
) {
  await client.waitReady;
  for (const oid of TEXT_TYPE_OIDS) client.parsers[oid] = (value: string) => value;
  const statements = PgliteStatements.of(client);
  const withoutParsers = (options?: QueryOptions) => options && { ...options, parsers: undefined };
  const lean = {
    query: (text: string, params?: unknown[], options?: QueryOptions) =>
      statements.query(text, params, withoutParsers(options)),
    transaction: <T>(callback: (tx: Queryable) => Promise<T>) =>
      client.transaction((tx: Transaction) =>
        callback({
          query: (text: string, params?: unknown[], options?: QueryOptions) =>
            statements.queryInTransaction(tx, text, params, withoutParsers(options)),
        } as Queryable),
      ),
  };
  return drizzle({ client: lean as unknown as PGlite, ...config });
}
