import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { ledgerFeeds } from '../db/schema';

/** How long a feed stays its leader's without a renewal; a server that died loses it after this. */
export const FEED_LEASE_MS = 15_000;

export type FeedState = typeof ledgerFeeds.$inferSelect;

/**
 * Leases on the ledger watcher's feeds, kept in the database so that one server at a time reads a
 * feed, and the cursor it reached survives a restart or a change of leader.
 */
export function createFeedLeases(
  db: Db,
  { leaseMs = FEED_LEASE_MS, leader = randomUUID() }: { leaseMs?: number; leader?: string } = {},
) {
  /** One statement a round: the row is made on first use, and taken only when free or ours. */
  async function takeLease(name: string) {
    const lease = {
      leader,
      leaseUntil: sql`now() + (${leaseMs} || ' milliseconds')::interval`,
      updatedAt: sql`now()`,
    };
    const [row] = await db
      .insert(ledgerFeeds)
      .values({ name, ...lease })
      .onConflictDoUpdate({
        target: ledgerFeeds.name,
        set: lease,
        setWhere: sql`(${ledgerFeeds.leader} = ${leader} or ${ledgerFeeds.leader} is null or ${ledgerFeeds.leaseUntil} < now())`,
      })
      .returning({ cursor: ledgerFeeds.cursor });
    return row;
  }

  return {
    leader,

    /** Takes or renews the lease on a feed: its cursor when this server leads it now, else null. */
    async lead(name: string): Promise<string | null> {
      return (await takeLease(name))?.cursor ?? null;
    },

    /** Takes or renews the lease on a task without a cursor (one server decides): whether this one holds it. */
    async holds(name: string): Promise<boolean> {
      return (await takeLease(name)) !== undefined;
    },

    /**
     * Moves a feed's cursor, only while this server still leads it: false when another took the feed
     * over (this one stops reading it; what it did is idempotent, so nothing was done twice).
     */
    async advance(name: string, cursor: string, readUpTo: Date): Promise<boolean> {
      const updated = await db
        .update(ledgerFeeds)
        .set({ cursor, readUpTo, updatedAt: sql`now()` })
        .where(and(eq(ledgerFeeds.name, name), eq(ledgerFeeds.leader, leader)))
        .returning({ name: ledgerFeeds.name });
      return updated.length > 0;
    },

    /** Lets the feeds go at shutdown, so another server takes them at once instead of after the lease. */
    async release() {
      await db
        .update(ledgerFeeds)
        .set({ leader: null, leaseUntil: null })
        .where(eq(ledgerFeeds.leader, leader));
    },

    async states(): Promise<FeedState[]> {
      return db.select().from(ledgerFeeds);
    },
  };
}
export type FeedLeases = ReturnType<typeof createFeedLeases>;
