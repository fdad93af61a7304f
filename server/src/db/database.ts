import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzleOnPglite } from './pglite-drizzle';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../paths';
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

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');

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

/**
 * A pool none of whose connections can stop the process. pg emits `error` on a client whose backend goes
 * away (terminated, restarted, failed over), and Node stops on an `error` nobody listens to. The pool
 * listens only while a client is idle in it; a client checked out (a transaction, a lock, a connection
 * held while the ledger answers) had no listener. Each client gets one for its whole life: the query it
 * runs, or its next one, fails instead (the request answers 503, the job is retried) and the pool drops
 * the broken client when it comes back.
 */
export function createPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  const dropped = (error: Error) => console.warn(`PostgreSQL dropped a connection: ${error.message}`);
  pool.on('error', dropped);
  pool.on('connect', (client) => client.on('error', dropped));
  return pool;
}

const resolvePackage = createRequire(import.meta.url).resolve;

/**
 * The embedded database serves one process's development-sized data: 16 MB of shared buffers
 * instead of PostgreSQL's 128 MB keeps its memory small (larger installations use PostgreSQL).
 */
const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };

/** Opens the database and brings its schema up to date with the migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.engine === 'postgres') {
    const { connectTimeoutMs = 2000, statementTimeoutMs = 5000 } = options;
    await migratePostgresSchema(options.url, connectTimeoutMs);
    const pool = createPool({
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: connectTimeoutMs,
      statement_timeout: statementTimeoutMs,
      idle_in_transaction_session_timeout: statementTimeoutMs * 2,
    });
    // Health checks get their own connection so a pool full of stuck requests cannot hide a live database.
    const pingPool = createPool({
      connectionString: options.url,
      max: 1,
      connectionTimeoutMillis: PING_TIMEOUT_MS,
      statement_timeout: PING_TIMEOUT_MS,
    });
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
    client = new PGlite(PGLITE_OPTIONS);
  } else {
    const directory = path.resolve(options.dataDir, 'pgdata');
    await mkdir(directory, { recursive: true });
    if (!existsSync(path.join(directory, 'PG_VERSION'))) await createPgliteFolder(directory);
    client = new PGlite(directory, PGLITE_OPTIONS);
  }
  const db = await drizzleOnPglite(client, { schema });
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

/**
 * Makes a new embedded database folder and its schema in a process of its own. PGlite makes the folder
 * with a second WebAssembly instance (initdb), and WebAssembly memory only grows: done in the server's
 * process (or a worker thread of it), both would keep several hundred MB it no longer needs.
 */
async function createPgliteFolder(directory: string) {
  const job = {
    directory,
    startParams: PGLITE_OPTIONS.startParams,
    migrationsFolder: MIGRATIONS_FOLDER,
    // Resolved here: the child's code has no folder to resolve packages from.
    modules: Object.fromEntries(
      Object.entries({
        pglite: '@electric-sql/pglite',
        drizzle: 'drizzle-orm/pglite',
        migrator: 'drizzle-orm/pglite/migrator',
      }).map(([key, name]) => [key, pathToFileURL(resolvePackage(name)).href]),
    ),
  };
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      `const job = JSON.parse(process.argv[1]);
       const { PGlite } = await import(job.modules.pglite);
       const { drizzle } = await import(job.modules.drizzle);
       const { migrate } = await import(job.modules.migrator);
       const client = await PGlite.create(job.directory, { startParams: job.startParams });
       await migrate(drizzle(client), { migrationsFolder: job.migrationsFolder });
       await client.close();`,
      JSON.stringify(job),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the database in ${directory} failed (${code})`)),
    );
  });
}

/** Migrations run on a connection of their own, without the request pool's statement timeout. */
async function migratePostgresSchema(url: string, connectTimeoutMs: number) {
  const pool = createPool({ connectionString: url, max: 2, connectionTimeoutMillis: connectTimeoutMs * 5 });
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
