import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/**
 * One query API for both engines. PGlite's drizzle database behaves the same (its `execute` also
 * answers `{ rows }`), so it is typed as the node-postgres one.
 */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any fixed number: the PostgreSQL advisory lock that serialises migrations of several servers. */
const MIGRATION_LOCK_KEY = 741_852_963;

export type DatabaseOptions =
  { engine: 'postgres'; url: string } | { engine: 'pglite'; dataDir: string | null /* null: in memory */ };

/** Opens the database and brings its schema up to date with the migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client cut off by the server (restart, terminated backend) is dropped by the pool; without a
    // listener Node would treat it as an unhandled error and stop the process.
    pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
    const db = drizzlePostgres(pool, { schema });
    const lockClient = await pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lockClient.release();
    }
    return { db, engine: 'postgres', close: () => pool.end() };
  }

  let client: PGlite;
  if (options.dataDir === null) {
    client = new PGlite();
  } else {
    const directory = path.resolve(options.dataDir, 'pgdata');
    await mkdir(directory, { recursive: true });
    client = new PGlite(directory);
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Db, engine: 'pglite', close: () => client.close() };
}
