import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEngineCases } from './testing/ledger-test-server';

const postgres = ledgerEngineCases.find((each) => each.engine === 'postgres');

describe.runIf(postgres)('the ledger database on PostgreSQL', () => {
  it('lives through the server terminating a connection checked out for a submission', async () => {
    const database = await postgres!.open();
    try {
      // As a submission holds its transaction: the backend ends inside it, and pg emits `error` on the
      // checked-out client, which stops the process unless someone listens.
      const submission = database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      });
      await expect(submission).rejects.toBeInstanceOf(Error);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const rows = await database.db.execute<{ one: number }>(sql`select 1 as one`);
      expect(rows.rows[0]?.one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
