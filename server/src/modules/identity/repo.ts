import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database';
import { accountEvmAddresses, primaryNames } from '../../db/schema';

export type PrimaryNameRow = typeof primaryNames.$inferSelect;

/** Sets (or replaces) an account's primary name; answers the row as stored. */
export async function upsertPrimaryName(
  db: Executor,
  accountId: string,
  domainName: string,
): Promise<PrimaryNameRow> {
  const [row] = await db
    .insert(primaryNames)
    .values({ accountId, domainName })
    .onConflictDoUpdate({ target: primaryNames.accountId, set: { domainName, setAt: sql`now()` } })
    .returning();
  return row!;
}

export async function primaryNamesOf(db: Db, accountIds: string[]): Promise<PrimaryNameRow[]> {
  if (accountIds.length === 0) return [];
  return db.select().from(primaryNames).where(inArray(primaryNames.accountId, accountIds));
}

/** Removes primary names exactly as read (one set again meanwhile stays); answers those removed. */
export async function deletePrimaryNames(db: Executor, rows: PrimaryNameRow[]): Promise<PrimaryNameRow[]> {
  const removed: PrimaryNameRow[] = [];
  for (const row of rows) {
    const gone = await db
      .delete(primaryNames)
      .where(
        and(
          eq(primaryNames.accountId, row.accountId),
          eq(primaryNames.domainName, row.domainName),
          eq(primaryNames.setAt, row.setAt),
        ),
      )
      .returning();
    removed.push(...gone);
  }
  return removed;
}

export async function deletePrimaryName(db: Executor, accountId: string): Promise<PrimaryNameRow | null> {
  const [gone] = await db.delete(primaryNames).where(eq(primaryNames.accountId, accountId)).returning();
  return gone ?? null;
}

export async function evmAddressesOf(db: Db, accountIds: string[]) {
  if (accountIds.length === 0) return [];
  return db
    .select({ accountId: accountEvmAddresses.accountId, evmAddress: accountEvmAddresses.evmAddress })
    .from(accountEvmAddresses)
    .where(inArray(accountEvmAddresses.accountId, accountIds));
}

/** Keeps what the mirror node answered; an address learned before stays (it never changes). */
export async function saveEvmAddresses(db: Db, rows: { accountId: string; evmAddress: string }[]) {
  if (rows.length === 0) return;
  await db.insert(accountEvmAddresses).values(rows).onConflictDoNothing();
}

export async function allPrimaryNames(db: Db): Promise<PrimaryNameRow[]> {
  return db.select().from(primaryNames).orderBy(primaryNames.setAt);
}
