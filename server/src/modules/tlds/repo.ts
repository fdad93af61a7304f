import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
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

/** Records a new collection unless another server recorded one first; answers the one that stands. */
export async function recordCollection(db: Db, tld: string, tokenId: string): Promise<string> {
  const [recorded] = await db
    .update(tlds)
    .set({ tokenId })
    .where(and(eq(tlds.name, tld), isNull(tlds.tokenId)))
    .returning({ tokenId: tlds.tokenId });
  if (recorded?.tokenId) return recorded.tokenId;
  return (await collectionOf(db, tld)) ?? tokenId;
}
