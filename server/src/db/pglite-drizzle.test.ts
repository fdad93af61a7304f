import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, interval, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drizzleOnPglite } from './pglite-drizzle';
import { PgliteStatements } from './pglite-statements';

const events = pgTable('events', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  plain: timestamp('plain').notNull(),
  lasts: interval('lasts').notNull(),
});

describe('drizzle on PGlite through named statements, without per-query parsers', () => {
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

  it('runs a query text parsed once: after the first time, one call into the database per query', async () => {
    const db = await drizzleOnPglite(lean);
    const query = vi.spyOn(lean, 'query');
    const calls = vi.spyOn(lean, 'execProtocolStream');
    const byId = (id: number) =>
      db
        .select({ name: events.name })
        .from(events)
        .where(sql`${events.id} = ${id}`);
    expect(await byId(1)).toEqual([{ name: 'sale' }]);
    const first = calls.mock.calls.length;
    expect(await byId(1)).toEqual([{ name: 'sale' }]);
    expect(await byId(99)).toEqual([]);
    expect(calls.mock.calls.length - first).toBe(2);
    expect(query).not.toHaveBeenCalled();
    query.mockRestore();
    calls.mockRestore();
  });

  it('commits and rolls back transactions, and answers a failed statement with PostgreSQL’s error', async () => {
    const db = await drizzleOnPglite(lean);
    const row = (id: number) => ({
      id,
      name: `event ${id}`,
      at: new Date(),
      plain: new Date(),
      lasts: '1 day',
    });
    await db.transaction(async (tx) => {
      await tx.insert(events).values(row(2));
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(events).values(row(3));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const failure = await db
      .insert(events)
      .values(row(2))
      .catch((error: unknown) => error as { cause?: { code?: string } });
    expect(failure).toMatchObject({ cause: { code: '23505' } });
    expect(
      (await db.select({ id: events.id }).from(events).orderBy(events.id)).map((each) => each.id),
    ).toEqual([1, 2]);
  });

  it('prepares again a statement whose table changed shape, and leaves texts beyond its limit to query', async () => {
    const client = new PGlite();
    try {
      await client.exec(`create table shapes (id int primary key); insert into shapes values (1);`);
      const statements = new PgliteStatements(client, 1);
      expect((await statements.query('select * from shapes where id = $1', [1])).rows).toEqual([{ id: 1 }]);
      await client.exec(`alter table shapes add column label text default 'one'`);
      expect((await statements.query('select * from shapes where id = $1', [1])).rows).toEqual([
        { id: 1, label: 'one' },
      ]);
      const query = vi.spyOn(client, 'query');
      expect((await statements.query('select label from shapes where id = $1', [1])).rows).toEqual([
        { label: 'one' },
      ]);
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      await client.close();
    }
  });
});
