import { and, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { collectionNames } from '../../db/schema';

/** The highest serial of the collection the registry has seen minted; 0 before any. */
export async function highestKnownSerial(db: Db, tokenId: string): Promise<number> {
  const [row] = await db
    .select({ highest: max(collectionNames.serialNo) })
    .from(collectionNames)
    .where(eq(collectionNames.tokenId, tokenId));
  return Number(row?.highest ?? 0);
}

/** Records which name serials were minted for; a serial already known is left as it is. */
export async function recordMintedNames(
  db: Db,
  tokenId: string,
  minted: Array<{ serialNo: number; name: string }>,
) {
  if (minted.length === 0) return;
  await db
    .insert(collectionNames)
    .values(minted.map(({ serialNo, name }) => ({ tokenId, serialNo, name })))
    .onConflictDoNothing();
}

/** The serials each of these names was ever minted as in the collection, lowest first. */
export async function serialsMintedFor(db: Db, tokenId: string, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({ serialNo: collectionNames.serialNo, name: collectionNames.name })
    .from(collectionNames)
    .where(and(eq(collectionNames.tokenId, tokenId), inArray(collectionNames.name, names)))
    .orderBy(collectionNames.serialNo);
}
