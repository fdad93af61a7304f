import { afterAll, describe, expect, it } from 'vitest';
import { ensureLedgerSchema } from '@registry/local-ledger/ensure-schema';
import { openLedgerDatabase } from '@registry/local-ledger/ledger-database';
import type { LedgerDb } from '@registry/local-ledger/ledger-db';
import { engineCases } from '../testing/test-databases';
import { openEmbeddedLedger } from './local-ledger-adapter';

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

  it("is the ledger's alone: the registry's migrations make none of it, the embedded ledger makes it all", async () => {
    const migrated = await open();
    closing.push(() => migrated.close());
    const registryOnly = await ledgerTables(migrated.db);
    expect(registryOnly).toEqual({ columns: [], indexes: [], sequences: [] });

    await openEmbeddedLedger(migrated.db);
    const embedded = await ledgerTables(migrated.db);
    const standalone = await openLedgerDatabase({ dataDir: null });
    closing.push(() => standalone.close());
    expect(await ledgerTables(standalone.db)).toEqual(embedded);
    expect(embedded.columns.length).toBeGreaterThan(50);

    // Every start runs the schema again: a database that has it is left as it is.
    await ensureLedgerSchema(migrated.db);
    expect(await ledgerTables(migrated.db)).toEqual(embedded);
  });

  it('brings up to date the tables of a database made before the ledger gained columns', async () => {
    const older = await open();
    closing.push(() => older.close());
    // The shape the first of these tables had.
    await older.db.execute(`create table ledger_accounts (account_num bigint primary key not null,
      public_key text, key_type text, balance_tinybars bigint default 0 not null,
      created_at timestamp with time zone default now() not null)`);
    await older.db.execute(`create table ledger_nfts (token_id text not null, serial_number bigint not null,
      owner_account text not null, metadata text default '' not null,
      created_at timestamp with time zone default now() not null)`);
    await older.db.execute(`insert into ledger_accounts (account_num, balance_tinybars) values (2, 5)`);
    await ensureLedgerSchema(older.db);

    const standalone = await openLedgerDatabase({ dataDir: null });
    closing.push(() => standalone.close());
    expect(await ledgerTables(older.db)).toEqual(await ledgerTables(standalone.db));
    const kept = await older.db.execute<{ balance: string; memo: string }>(
      `select balance_tinybars::text as balance, memo from ledger_accounts where account_num = 2`,
    );
    expect(kept.rows).toEqual([{ balance: '5', memo: '' }]);
  });
});
