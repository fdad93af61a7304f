import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { tlds } from '../../db/schema';

export async function listActiveTldNames(db: Db): Promise<string[]> {
  const rows = await db
    .select({ name: tlds.name })
    .from(tlds)
    .where(eq(tlds.active, true))
    .orderBy(asc(tlds.sortOrder), asc(tlds.name));
  return rows.map((row) => row.name);
}

/** The NFT collections of the top-level domains, once created (active or not: their names still live). */
export async function listCollections(db: Db): Promise<string[]> {
  const rows = await db
    .select({ tokenId: tlds.tokenId })
    .from(tlds)
    .where(isNotNull(tlds.tokenId))
    .orderBy(tlds.name);
  return rows.map((row) => row.tokenId!);
}

/** A top-level domain's collection: undefined when there is no such domain, null before its first mint. */
export async function collectionOf(db: Db, tld: string): Promise<string | null | undefined> {
  const [row] = await db.select({ tokenId: tlds.tokenId }).from(tlds).where(eq(tlds.name, tld));
  return row ? row.tokenId : undefined;
}

export type CollectionCreation = NonNullable<(typeof tlds.$inferSelect)['collectionCreation']>;

/** The collection's creation transaction, once a server prepared it (null before, and once recorded). */
export async function collectionCreationOf(db: Db, tld: string): Promise<CollectionCreation | null> {
  const [row] = await db.select({ creation: tlds.collectionCreation }).from(tlds).where(eq(tlds.name, tld));
  return row?.creation ?? null;
}

/**
 * Keeps `creation` as the collection's creation transaction unless another server kept one first;
 * answers the one that stands, which every server then submits.
 */
export async function keepCollectionCreation(
  db: Db,
  tld: string,
  creation: CollectionCreation,
): Promise<CollectionCreation | null> {
  const [kept] = await db
    .update(tlds)
    .set({ collectionCreation: creation })
    .where(and(eq(tlds.name, tld), isNull(tlds.collectionCreation), isNull(tlds.tokenId)))
    .returning({ creation: tlds.collectionCreation });
  return kept?.creation ?? (await collectionCreationOf(db, tld));
}

/** Forgets a creation transaction that failed or expired (only that one: another may stand by now). */
export async function dropCollectionCreation(db: Db, tld: string, transactionId: string): Promise<void> {
  await db
    .update(tlds)
    .set({ collectionCreation: null })
    .where(and(eq(tlds.name, tld), sql`${tlds.collectionCreation}->>'transactionId' = ${transactionId}`));
}

/** Records a new collection unless another server recorded one first; answers the one that stands. */
export async function recordCollection(db: Db, tld: string, tokenId: string): Promise<string> {
  const [recorded] = await db
    .update(tlds)
    .set({ tokenId, collectionCreation: null })
    .where(and(eq(tlds.name, tld), isNull(tlds.tokenId)))
    .returning({ tokenId: tlds.tokenId });
  if (recorded?.tokenId) return recorded.tokenId;
  return (await collectionOf(db, tld)) ?? tokenId;
}
