import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ensureLedgerSchema } from './ensure-schema';
import type { LedgerDb } from './ledger-db';

export type LedgerDatabaseOptions =
  /** A PostgreSQL database (its tables are created where missing). */
  | { url: string }
  /** An embedded PGlite database kept in a folder, or in memory with null. */
  | { dataDir: string | null };

export type LedgerDatabase = { db: LedgerDb; close(): Promise<void> };

/** Opens the ledger's database and creates its tables where they are missing. */
export async function openLedgerDatabase(options: LedgerDatabaseOptions): Promise<LedgerDatabase> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 5 });
    // pg emits `error` on a client whose backend goes away, idle in the pool or checked out (a
    // submission's transaction); unheard, Node would stop. The query it runs fails instead.
    const dropped = (error: Error) => console.warn(`PostgreSQL dropped a connection: ${error.message}`);
    pool.on('error', dropped);
    pool.on('connect', (client) => client.on('error', dropped));
    const db = drizzlePostgres(pool);
    await ensureLedgerSchema(db);
    return { db, close: () => pool.end() };
  }
  let client: PGlite;
  if (options.dataDir === null) client = new PGlite();
  else {
    const directory = path.resolve(options.dataDir);
    await mkdir(directory, { recursive: true });
    client = new PGlite(directory);
  }
  const db = drizzlePglite(client) as unknown as LedgerDb;
  await ensureLedgerSchema(db);
  return { db, close: () => client.close() };
}
