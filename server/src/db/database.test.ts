import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { MIGRATIONS_FOLDER, openDatabase } from './database';
import { isDatabaseUnavailable } from './database-errors';
import { createScratchPostgres, engineCases, TEST_DATABASE_URL } from '../testing/test-databases';

/** How many migrations the repository holds. */
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

describe.each(engineCases)('database on $engine', ({ open }) => {
  it('runs the migrations and seeds the top-level domains', async () => {
    const database = await open();
    try {
      const result = await database.db.execute<{ name: string }>(
        sql`select name from tlds order by sort_order`,
      );
      expect(result.rows.map((row) => row.name)).toEqual(['hbar', 'blade', 'hangry', 'bhc', 'koala']);
    } finally {
      await database.close();
    }
  });
});

describe('embedded database', () => {
  it('keeps its data in DATA_DIR across restarts and migrates only once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'registry-db-'));
    try {
      const first = await openDatabase({ engine: 'pglite', dataDir });
      await first.db.execute(sql`insert into tlds (name, sort_order) values ('persisted', 9)`);
      await first.close();

      const second = await openDatabase({ engine: 'pglite', dataDir });
      const rows = await second.db.execute<{ name: string }>(
        sql`select name from tlds where name = 'persisted'`,
      );
      expect(rows.rows).toEqual([{ name: 'persisted' }]);
      const migrations = await second.db.execute<{ count: number }>(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(migrations.rows[0]?.count).toBe(MIGRATION_COUNT);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(TEST_DATABASE_URL)('PostgreSQL server', () => {
  it('lets several servers start at once on a new database, migrating it once', async () => {
    const scratch = await createScratchPostgres(TEST_DATABASE_URL!);
    try {
      const servers = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ engine: 'postgres', url: scratch.url })),
      );
      const tlds = await servers[0]!.db.execute<{ count: number }>(
        sql`select count(*)::int as count from tlds`,
      );
      expect(tlds.rows[0]?.count).toBe(5);
      const migrations = await servers[1]!.db.execute<{ count: number }>(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(migrations.rows[0]?.count).toBe(MIGRATION_COUNT);
      await Promise.all(servers.map((server) => server.close()));
    } finally {
      await scratch.drop();
    }
  });
});

describe.runIf(TEST_DATABASE_URL)('PostgreSQL connection loss', () => {
  it('survives the server terminating a connection checked out for a transaction', async () => {
    const scratch = await createScratchPostgres(TEST_DATABASE_URL!);
    const database = await openDatabase({ engine: 'postgres', url: scratch.url });
    try {
      // The backend ends itself inside the transaction: pg then emits `error` on a client the pool has
      // handed out, which stops the process unless someone listens.
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      });
      await expect(transaction).rejects.toSatisfy(isDatabaseUnavailable);
      // The connection's end reaches the client after the failed query.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const rows = await database.db.execute<{ one: number }>(sql`select 1 as one`);
      expect(rows.rows[0]?.one).toBe(1);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });

  it('survives the server terminating an idle pooled connection', async () => {
    const scratch = await createScratchPostgres(TEST_DATABASE_URL!);
    const database = await openDatabase({ engine: 'postgres', url: scratch.url });
    try {
      await database.db.execute(sql`select 1`);
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL! });
      await admin.connect();
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
        new URL(scratch.url).pathname.slice(1),
      ]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const rows = await database.db.execute<{ one: number }>(sql`select 1 as one`);
      expect(rows.rows[0]?.one).toBe(1);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
