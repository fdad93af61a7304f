import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_DISCOUNT_CONFIG, type DiscountConfig } from '@registry/contracts/discounts';
import { cachedValue } from '../../cache/cached-value';
import type { Db } from '../../db/database';
import * as repo from './repo';

const PricesSchema = z.object({
  domainUsdPerYear: z.number().positive(),
  subscriptionUsdPerYear: z.number().positive(),
  recordChangeHbar: z.number().positive(),
});
export type Prices = z.infer<typeof PricesSchema>;

const DiscountConfigSchema = z.object({
  earlyAccessEnabled: z.boolean(),
  earlyAccessFraction: z.number().min(0).max(1),
  baseDomainFraction: z.number().min(0).max(1),
});

/**
 * Prices and discount settings live in the database (seeded by a migration), not in code; each is read
 * at most once per `cacheMs`.
 */
export function createSettingsService(db: Db, { cacheMs }: { cacheMs: number }) {
  async function read<T>(key: string, schema: z.ZodType<T>, fallback?: T): Promise<T> {
    const value = await repo.readSetting(db, key);
    if (value === undefined) {
      if (fallback !== undefined) return fallback;
      throw new Error(`setting ${key} is missing`);
    }
    return schema.parse(value);
  }
  const secrets = new Map<string, Promise<Buffer>>();
  /** The first server to ask makes the secret; every server on the database then reads the same one. */
  async function readOrCreateSecret(name: string): Promise<Buffer> {
    const key = `secret:${name}`;
    await repo.insertSettingOnce(db, key, randomBytes(32).toString('base64url'));
    return Buffer.from(await read(key, z.string().min(32)), 'base64url');
  }
  return {
    prices: cachedValue(() => read('prices', PricesSchema), cacheMs),
    /** A random key kept in the database (e.g. to sign links in mails); it never changes once made. */
    secret(name: string): Promise<Buffer> {
      let secret = secrets.get(name);
      if (!secret) {
        secret = readOrCreateSecret(name);
        secrets.set(name, secret);
        secret.catch(() => secrets.delete(name));
      }
      return secret;
    },
    /**
     * A value made once and kept (an id the local ledger gave out, say). Two servers starting together
     * may both make one; the first stored wins and both answer it.
     */
    async keptOnce<T>(key: string, schema: z.ZodType<T>, make: () => Promise<T>): Promise<T> {
      const stored = await repo.readSetting(db, key);
      if (stored !== undefined) return schema.parse(stored);
      await repo.insertSettingOnce(db, key, await make());
      return read(key, schema);
    },
    discounts: cachedValue(
      (): Promise<DiscountConfig> => read('discounts', DiscountConfigSchema, DEFAULT_DISCOUNT_CONFIG),
      cacheMs,
    ),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;

/** A rate of HBAR in USD and when it was read from its source. */
export type Rate = { readonly usdPerHbar: number; readonly fetchedAt: Date };

/** USD per HBAR, from the mirror node's exchange rate or a public price service. */
export interface PriceSource {
  rate(): Promise<Rate>;
  usdPerHbar(): Promise<number>;
}

/**
 * Keeps a rate for `maxAgeMs` (the spec refreshes every 10 minutes) and serves the last good one, with
 * the time it was read, while its source fails; with none ever read it fails too.
 */
export class CachedPriceSource implements PriceSource {
  /** The last good rate, answered as this same object until it is read again (routes keep their answer for it). */
  private cached: { rate: Rate; at: number } | null = null;

  constructor(
    private readonly source: () => Promise<number>,
    private readonly maxAgeMs = 600_000,
    private readonly now: () => number = Date.now,
  ) {}

  async rate(): Promise<Rate> {
    if (!this.cached || this.now() - this.cached.at >= this.maxAgeMs) {
      try {
        const rate = await this.source();
        if (!(rate > 0) || !Number.isFinite(rate)) throw new Error(`the price source answered ${rate}`);
        const at = this.now();
        this.cached = { rate: { usdPerHbar: rate, fetchedAt: new Date(at) }, at };
      } catch (error) {
        if (!this.cached) throw error;
      }
    }
    return this.cached.rate;
  }

  async usdPerHbar(): Promise<number> {
    return (await this.rate()).usdPerHbar;
  }
}

/** CoinGecko's simple price of HBAR in USD. */
export async function coinGeckoUsdPerHbar(fetchImpl: typeof fetch = fetch): Promise<number> {
  const response = await fetchImpl(
    'https://api.coingecko.com/api/v3/simple/price?ids=hedera-hashgraph&vs_currencies=usd',
  );
  if (!response.ok) throw new Error(`CoinGecko answered ${response.status}`);
  const body = z
    .object({ 'hedera-hashgraph': z.object({ usd: z.number().positive() }) })
    .parse(await response.json());
  return body['hedera-hashgraph'].usd;
}
