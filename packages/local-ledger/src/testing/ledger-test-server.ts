import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openLedgerDatabase, type LedgerDatabase } from '../ledger-database';
import { createLedgerServer, type LedgerServer } from '../ledger-server';

export type LedgerEngineCase = { engine: 'pglite' | 'postgres'; open(): Promise<LedgerDatabase> };

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

async function adminQuery(statement: string) {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new database on the PostgreSQL server for one test, dropped when it closes. */
async function openScratchPostgres(): Promise<LedgerDatabase> {
  const name = `ledger_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openLedgerDatabase({ url: url.toString() });
  return {
    db: database.db,
    async close() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** PGlite in memory always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const ledgerEngineCases: LedgerEngineCase[] = [
  { engine: 'pglite', open: () => openLedgerDatabase({ dataDir: null }) },
  ...(TEST_DATABASE_URL ? [{ engine: 'postgres' as const, open: openScratchPostgres }] : []),
];

export type LedgerTestServer = LedgerServer & { database: LedgerDatabase; close(): Promise<void> };

/** The ledger's own server over a fresh database, answering `inject` (or `listen`). */
export async function startLedgerTestServer(
  open: () => Promise<LedgerDatabase>,
  options: { usdPerHbar?: number; clock?: () => bigint } = {},
): Promise<LedgerTestServer> {
  const database = await open();
  const server = await createLedgerServer({ db: database.db, ...options });
  return {
    ...server,
    database,
    async close() {
      await server.app.close();
      await database.close();
    },
  };
}
