import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { settings } from '../db/schema';
import type { LocalLedgerWriter } from '@registry/local-ledger/local-ledger-writer';

/**
 * Passes the local ledger makes when the real token is not configured, so the features that read
 * token holdings work out of the box: the claim promotion's token (CLAIM_TOKEN_ID), the early-access
 * discount's (DISCOUNT_TOKEN_EARLY_ACCESS) and another provider's domain collection
 * (OTHER_PROVIDER_TOKEN_ID).
 */
export const LOCAL_PASSES = {
  claim: {
    settingKey: 'local_claim_pass_token',
    name: 'Claim pass',
    symbol: 'CLAIM',
    memo: 'Claim one domain',
  },
  earlyAccess: {
    settingKey: 'local_early_access_pass_token',
    name: 'Early access pass',
    symbol: 'EARLY',
    memo: 'Early access discount',
  },
  otherProvider: {
    settingKey: 'local_other_provider_token',
    name: 'Other provider domains',
    symbol: 'OPD',
    memo: 'Domains minted by another provider',
  },
} as const;
export type LocalPass = keyof typeof LOCAL_PASSES;

async function storedPass(db: Db, pass: LocalPass): Promise<string | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, LOCAL_PASSES[pass].settingKey));
  return row ? (row.value as { tokenId: string }).tokenId : null;
}

/**
 * The pass's NFT collection on the local ledger, created on first start and kept. Two servers starting
 * together on a new database may both create one; the first stored wins.
 */
export async function ensureLocalPass(db: Db, writer: LocalLedgerWriter, pass: LocalPass): Promise<string> {
  const existing = await storedPass(db, pass);
  if (existing) return existing;
  const { settingKey, name, symbol, memo } = LOCAL_PASSES[pass];
  // No transaction around the ledger call: the local ledger writes through this same database.
  const tokenId = await writer.createNftCollection(name, symbol, memo);
  await db.insert(settings).values({ key: settingKey, value: { tokenId } }).onConflictDoNothing();
  return (await storedPass(db, pass))!;
}
