import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { settings } from '../../db/schema';
import type { LocalLedgerWriter } from './local-ledger-writer';

const CLAIM_PASS_KEY = 'local_claim_pass_token';

async function storedClaimPass(db: Db): Promise<string | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, CLAIM_PASS_KEY));
  return row ? (row.value as { tokenId: string }).tokenId : null;
}

/**
 * The claim promotion's token on the local ledger (CLAIM_TOKEN_ID unset): a "Claim pass" NFT collection
 * created on first start and kept, so the claim page works out of the box for accounts given a pass.
 * Two servers starting together on a new database may both create one; the first stored wins.
 */
export async function ensureLocalClaimPass(db: Db, writer: LocalLedgerWriter): Promise<string> {
  const existing = await storedClaimPass(db);
  if (existing) return existing;
  // No transaction around the ledger call: the local ledger writes through this same database.
  const tokenId = await writer.createNftCollection('Claim pass', 'CLAIM', 'Claim one domain');
  await db.insert(settings).values({ key: CLAIM_PASS_KEY, value: { tokenId } }).onConflictDoNothing();
  return (await storedClaimPass(db))!;
}
