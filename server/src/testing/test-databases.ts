import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database';

export type EngineCase = {
  engine: 'pglite' | 'postgres';
  /** Opens a fresh, migrated, empty database of this engine. */
  open(): Promise<Database>;
};

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

async function adminQuery(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** An empty database on the PostgreSQL server, not migrated yet. */
export async function createScratchPostgres(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `registry_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A new migrated database on the PostgreSQL server for one test, dropped when it closes. */
async function openScratchPostgres(adminUrl: string): Promise<Database> {
  const scratch = await createScratchPostgres(adminUrl);
  const database = await openDatabase({ engine: 'postgres', url: scratch.url });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const engineCases: EngineCase[] = [
  { engine: 'pglite', open: () => openDatabase({ engine: 'pglite', dataDir: null }) },
  ...(TEST_DATABASE_URL
    ? [{ engine: 'postgres' as const, open: () => openScratchPostgres(TEST_DATABASE_URL) }]
    : []),
];

export { TEST_DATABASE_URL };
