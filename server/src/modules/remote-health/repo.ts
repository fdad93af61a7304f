import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { remoteHealthCounts } from '../../db/schema';

export type HealthCountRow = typeof remoteHealthCounts.$inferInsert;

/** Adds counts to their minute's rows (made on first use). */
export async function addCounts(db: Db, rows: HealthCountRow[]) {
  if (rows.length === 0) return;
  await db
    .insert(remoteHealthCounts)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        remoteHealthCounts.remote,
        remoteHealthCounts.version,
        remoteHealthCounts.kind,
        remoteHealthCounts.minute,
      ],
      set: { count: sql`${remoteHealthCounts.count} + excluded.count` },
    });
}

/** Each kind's total for a remote version from the minute holding `since` on. */
export async function totalsSince(db: Db, remote: string, version: string, since: Date) {
  const rows = await db
    .select({ kind: remoteHealthCounts.kind, count: sql<string>`sum(${remoteHealthCounts.count})` })
    .from(remoteHealthCounts)
    .where(
      and(
        eq(remoteHealthCounts.remote, remote),
        eq(remoteHealthCounts.version, version),
        gte(remoteHealthCounts.minute, sql`date_trunc('minute', ${since.toISOString()}::timestamptz)`),
      ),
    )
    .groupBy(remoteHealthCounts.kind);
  return new Map(rows.map((row) => [row.kind, Number(row.count)]));
}

/** Forgets minutes older than `before`. */
export async function deleteBefore(db: Db, before: Date) {
  await db.delete(remoteHealthCounts).where(sql`${remoteHealthCounts.minute} < ${before.toISOString()}`);
}
