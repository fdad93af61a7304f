import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { ledgerFeeds } from '../db/schema';
import { engineCases } from '../testing/test-databases';
import { createFeedLeases } from './feed-leases';

describe.each(engineCases)('feed leases on $engine', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  it('gives a feed to one server at a time, with its cursor, until the lease runs out or is let go', async () => {
    const feed = `test-feed-${Date.now()}`;
    const first = createFeedLeases(database.db, { leaseMs: 60_000 });
    const second = createFeedLeases(database.db, { leaseMs: 60_000 });

    // A new feed starts at cursor 0, made by whoever leads it first.
    expect(await first.lead(feed)).toBe('0');
    expect(await second.lead(feed)).toBeNull();
    expect(await first.advance(feed, '12', new Date())).toBe(true);
    expect(await first.lead(feed)).toBe('12');
    expect(await second.advance(feed, '99', new Date())).toBe(false);

    // The first server's lease runs out: the second takes the feed where the first left it.
    await database.db
      .update(ledgerFeeds)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(ledgerFeeds.name, feed));
    expect(await second.lead(feed)).toBe('12');
    expect(await first.lead(feed)).toBeNull();
    expect(await first.advance(feed, '13', new Date())).toBe(false);

    // Let go at shutdown: the other takes it at once.
    await second.release();
    expect(await first.lead(feed)).toBe('12');
    const rows = await database.db.select().from(ledgerFeeds).where(eq(ledgerFeeds.name, feed));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.leader).toBe(first.leader);
  });

  it('gives a task without a cursor (the canary judge) to one server at a time', async () => {
    const task = `test-task-${Date.now()}`;
    const first = createFeedLeases(database.db, { leaseMs: 60_000 });
    const second = createFeedLeases(database.db, { leaseMs: 60_000 });
    expect(await first.holds(task)).toBe(true);
    expect(await second.holds(task)).toBe(false);
    expect(await first.holds(task)).toBe(true);
    await first.release();
    expect(await second.holds(task)).toBe(true);
    expect(await first.holds(task)).toBe(false);
  });
});
