import { mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ensureLedgerSchema, ledgerSchemaStatements } from './ensure-schema';
import { compilePostgres, prepareDataDir } from './pglite-template';
import type { LedgerDb } from './ledger-db';

export type LedgerDatabaseOptions =
  /** A PostgreSQL database (its tables are created where missing). */
  | { url: string }
  /** An embedded PGlite database kept in a folder, or with null in a temporary one, gone once closed. */
  | { dataDir: string | null };

export type LedgerDatabase = { db: LedgerDb; close(): Promise<void> };

/**
 * A development ledger's data is small: 16 MB of shared buffers instead of PostgreSQL's 128 MB keeps the
 * embedded database's memory small.
 */
const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };

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
  // PGlite in a folder: in memory it would hold its files in WebAssembly memory as well.
  const temporary = options.dataDir === null;
  // Up to the cluster's copy, which runs on a thread of its own, this runs at once: a starting ledger
  // loads its code meanwhile.
  const directory = temporary
    ? mkdtempSync(path.join(os.tmpdir(), 'local-ledger-'))
    : path.resolve(options.dataDir!);
  mkdirSync(directory, { recursive: true });
  const schema = ledgerSchemaStatements();
  // Both at once: PostgreSQL's WebAssembly compiles while the cluster is copied; a failure of either is
  // this call's failure, never an unheard rejection.
  const [fromTemplate, pgliteWasmModule] = await Promise.all([
    prepareDataDir(directory, schema),
    compilePostgres(),
  ]);
  const client = new PGlite(directory, { ...PGLITE_OPTIONS, relaxedDurability: temporary, pgliteWasmModule });
  const db = drizzlePglite(client) as unknown as LedgerDb;
  // A folder from the template holds this schema; one made by an older ledger may lack part of it.
  if (!fromTemplate) await ensureLedgerSchema(db, schema);
  return {
    db,
    async close() {
      await client.close();
      if (temporary) await rm(directory, { recursive: true, force: true });
    },
  };
}
