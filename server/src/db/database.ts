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

/** The database or one of its open transactions: repo functions that must join a caller's transaction take it. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Whether the database answers now; never waits behind the request pool. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any fixed number: the PostgreSQL advisory lock that serialises migrations of several servers. */
const MIGRATION_LOCK_KEY = 741_852_963;

export type PostgresTimeouts = {
  /** Waiting longer for a free connection fails the query (the request answers 503). */
  connectTimeoutMs?: number;
  /** A statement running or waiting for a lock longer than this is cancelled by the server. */
  statementTimeoutMs?: number;
};

export type DatabaseOptions =
  | ({ engine: 'postgres'; url: string } & PostgresTimeouts)
  | { engine: 'pglite'; dataDir: string | null /* null: in memory */ };

const PING_TIMEOUT_MS = 1000;

/** Opens the database and brings its schema up to date with the migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.engine === 'postgres') {
    const { connectTimeoutMs = 2000, statementTimeoutMs = 5000 } = options;
    await migratePostgresSchema(options.url, connectTimeoutMs);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: connectTimeoutMs,
      statement_timeout: statementTimeoutMs,
      idle_in_transaction_session_timeout: statementTimeoutMs * 2,
    });
    // Health checks get their own connection so a pool full of stuck requests cannot hide a live database.
    const pingPool = new pg.Pool({
      connectionString: options.url,
      max: 1,
      connectionTimeoutMillis: PING_TIMEOUT_MS,
      statement_timeout: PING_TIMEOUT_MS,
    });
    // An idle client cut off by the server (restart, terminated backend) is dropped by the pool; without a
    // listener Node would treat it as an unhandled error and stop the process.
    for (const each of [pool, pingPool]) {
      each.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
    }
    const db = drizzlePostgres(pool, { schema });
    return {
      db,
      engine: 'postgres',
      ping: () =>
        pingPool.query('select 1').then(
          () => true,
          () => false,
        ),
      close: async () => {
        await Promise.all([pool.end(), pingPool.end()]);
      },
    };
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
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    ping: () =>
      client.query('select 1').then(
        () => true,
        () => false,
      ),
    close: () => client.close(),
  };
}

/** Migrations run on a connection of their own, without the request pool's statement timeout. */
async function migratePostgresSchema(url: string, connectTimeoutMs: number) {
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: connectTimeoutMs * 5 });
  pool.on('error', () => undefined);
  try {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePostgres(drizzlePostgres(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lockClient.release();
    }
  } finally {
    await pool.end();
  }
}
