import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

/**
 * The database the ledger keeps its state in: PostgreSQL through node-postgres, or PGlite (its drizzle
 * database answers the same way, so it is typed as this one).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LedgerDb = NodePgDatabase<any>;
