import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { LedgerDb } from './ledger-db';

/**
 * The package's schema/ folder, one level above src/ and dist/; a host that compiles the ledger into a
 * bundle of its own copies the folder beside that bundle as `local-ledger-schema/`.
 */
const SCHEMA_DIR = [
  fileURLToPath(new URL('../schema/', import.meta.url)),
  fileURLToPath(new URL('./local-ledger-schema/', import.meta.url)),
].find((folder) => existsSync(folder))!;
/** Any fixed number: several processes starting on one database create the tables once. */
const SCHEMA_LOCK_KEY = 963_852_741;

/**
 * The ledger's schema as the statements it runs, every file under schema/ in order (read at once: a
 * starting ledger reads it before anything else is under way).
 */
export function ledgerSchemaStatements(): string[] {
  const files = readdirSync(SCHEMA_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  const statements: string[] = [];
  for (const file of files) {
    const text = readFileSync(`${SCHEMA_DIR}${file}`, 'utf8');
    statements.push(
      ...text
        .split('--> statement-breakpoint')
        .map((statement) => statement.replace(/^--.*$/gm, '').trim())
        .filter(Boolean),
    );
  }
  return statements;
}

/**
 * Creates the ledger's tables where they are missing. Every file under schema/ is idempotent and runs in
 * order on every start, so a database the registry's own migrations prepared is left unchanged.
 */
export async function ensureLedgerSchema(db: LedgerDb, statements?: string[]): Promise<void> {
  const schema = statements ?? ledgerSchemaStatements();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`);
    for (const statement of schema) await tx.execute(sql.raw(statement));
  });
}
