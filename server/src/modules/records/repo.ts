import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database';
import { domainRecords } from '../../db/schema';

export type RecordRow = typeof domainRecords.$inferSelect;
export type RecordColumn = keyof typeof domainRecords.$inferInsert;

export async function findRecords(db: Db, domainName: string): Promise<RecordRow | undefined> {
  const [row] = await db.select().from(domainRecords).where(eq(domainRecords.domainName, domainName));
  return row;
}

export async function findRecordsOf(db: Db, domainNames: string[]): Promise<RecordRow[]> {
  if (domainNames.length === 0) return [];
  return db.select().from(domainRecords).where(inArray(domainRecords.domainName, domainNames));
}

/** Saves one record's value; its status flag drops to 0 until the change fee is paid. */
export async function saveRecord(
  db: Executor,
  domainName: string,
  column: RecordColumn,
  value: string,
  flag: 'statusSiteAddress' | 'statusAssets',
): Promise<RecordRow> {
  const change = { [column]: value, [flag]: 0 };
  const [row] = await db
    .insert(domainRecords)
    .values({ domainName, ...change })
    .onConflictDoUpdate({ target: domainRecords.domainName, set: { ...change, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Marks the site address or the other records active (inside the caller's transaction). */
export async function activateRecords(
  tx: Executor,
  domainName: string,
  flag: 'statusSiteAddress' | 'statusAssets',
): Promise<RecordRow> {
  const [row] = await tx
    .insert(domainRecords)
    .values({ domainName, [flag]: 1 })
    .onConflictDoUpdate({ target: domainRecords.domainName, set: { [flag]: 1, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
