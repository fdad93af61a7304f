import { z } from 'zod';
import type { LocalLedgerWriter } from './local-ledger-adapter';

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

const StoredPassSchema = z.object({ tokenId: z.string() });

/** A value made once and kept for good, the first stored winning (the settings module's `keptOnce`). */
export type KeptOnce = {
  keptOnce<T>(key: string, schema: z.ZodType<T>, make: () => Promise<T>): Promise<T>;
};

/**
 * The pass's NFT collection on the local ledger, created on first start and kept. Two servers starting
 * together on a new database may both create one; the first stored wins.
 */
export async function ensureLocalPass(
  settings: KeptOnce,
  writer: LocalLedgerWriter,
  pass: LocalPass,
): Promise<string> {
  const { settingKey, name, symbol, memo } = LOCAL_PASSES[pass];
  const stored = await settings.keptOnce(settingKey, StoredPassSchema, async () => ({
    tokenId: await writer.createNftCollection(name, symbol, memo),
  }));
  return stored.tokenId;
}
