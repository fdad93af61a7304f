import { asc, eq, isNotNull } from 'drizzle-orm';
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
