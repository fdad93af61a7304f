import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, interval, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drizzleOnPglite } from './pglite-drizzle';

const events = pgTable('events', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  plain: timestamp('plain').notNull(),
  lasts: interval('lasts').notNull(),
});

describe('drizzle on PGlite without per-query parsers', () => {
  let lean: PGlite;
  let plain: PGlite;

  beforeAll(async () => {
    lean = new PGlite();
    plain = new PGlite();
    for (const client of [lean, plain])
      await client.exec(`
        create table events (id int primary key, name text not null, at timestamptz not null,
                             plain timestamp not null, lasts interval not null);
        insert into events values (1, 'sale', '2026-11-27 01:02:03.456+00', '2026-11-27 01:02:03', '3 days 04:05:06');`);
  });
  afterAll(async () => {
    await Promise.all([lean.close(), plain.close()]);
  });

  it('answers as drizzle on a plain PGlite does: rows, dates, intervals and raw results', async () => {
    const leanDb = await drizzleOnPglite(lean);
    const plainDb = drizzle(plain);
    const rows = await leanDb.select().from(events);
    expect(rows).toEqual(await plainDb.select().from(events));
    expect(rows[0]!.at).toEqual(new Date('2026-11-27T01:02:03.456Z'));
    expect(rows[0]!.lasts).toBe('3 days 04:05:06');
    const raw = sql`select at, plain, lasts, array[at] as ats from events`;
    expect((await leanDb.execute(raw)).rows).toEqual((await plainDb.execute(raw)).rows);
  });

  it('hands PGlite no parsers of its own with a query, in and out of transactions', async () => {
    const query = vi.spyOn(lean, 'query');
    const transactionOptions: unknown[] = [];
    const transaction = lean.transaction.bind(lean);
    const spiedTransaction = vi.spyOn(lean, 'transaction').mockImplementation((callback) =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        tx.query = ((text: string, params?: unknown[], options?: { parsers?: unknown }) => {
          transactionOptions.push(options?.parsers);
          return txQuery(text, params, options as never);
        }) as typeof tx.query;
        return callback(tx);
      }),
    );
    const db = await drizzleOnPglite(lean);
    await db.select().from(events);
    await db.transaction(async (tx) => {
      await tx
        .insert(events)
        .values({ id: 2, name: 'refund', at: new Date(), plain: new Date(), lasts: '1 day' });
    });
    expect(query.mock.calls.length).toBeGreaterThan(0);
    for (const [, , options] of query.mock.calls) expect(options?.parsers).toBeUndefined();
    expect(transactionOptions.length).toBeGreaterThan(0);
    expect(transactionOptions.every((parsers) => parsers === undefined)).toBe(true);
    query.mockRestore();
    spiedTransaction.mockRestore();
    expect((await db.select({ name: events.name }).from(events)).map((row) => row.name)).toEqual([
      'sale',
      'refund',
    ]);
  });
});
