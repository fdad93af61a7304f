import { afterAll, describe, expect, it } from 'vitest';
import { ensureLedgerSchema } from '@registry/local-ledger/ensure-schema';
import { openLedgerDatabase } from '@registry/local-ledger/ledger-database';
import type { LedgerDb } from '@registry/local-ledger/ledger-db';
import { engineCases } from '../testing/test-databases';

/** The local ledger's tables as the catalogue describes them: columns, types, nullability, defaults, indexes. */
async function ledgerTables(db: LedgerDb) {
  const columns = await db.execute<Record<string, string>>(`
    select table_name, column_name, data_type, is_nullable, coalesce(column_default, '') as column_default
    from information_schema.columns
    where table_schema = 'public' and table_name in
      ('ledger_accounts', 'ledger_nfts', 'ledger_settings', 'ledger_token_relationships', 'ledger_tokens', 'ledger_transactions')
    order by table_name, column_name`);
  const indexes = await db.execute<Record<string, string>>(`
    select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename like 'ledger\\_%'
      and tablename not in ('ledger_feeds', 'ledger_payments') order by indexname`);
  const sequences = await db.execute<Record<string, string>>(
    `select sequence_name, start_value from information_schema.sequences where sequence_name like 'ledger\\_%'`,
  );
  return { columns: columns.rows, indexes: indexes.rows, sequences: sequences.rows };
}

describe.each(engineCases)("the local ledger's own schema on $engine", ({ open }) => {
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closing) await close();
  });

  it("is what the registry's migrations made, and leaves a migrated database as it is", async () => {
    const migrated = await open();
    closing.push(() => migrated.close());
    const before = await ledgerTables(migrated.db);
    await ensureLedgerSchema(migrated.db);
    expect(await ledgerTables(migrated.db)).toEqual(before);

    const standalone = await openLedgerDatabase({ dataDir: null });
    closing.push(() => standalone.close());
    expect(await ledgerTables(standalone.db)).toEqual(before);
    expect(before.columns.length).toBeGreaterThan(50);
  });
});
