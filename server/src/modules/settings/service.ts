import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_DISCOUNT_CONFIG, type DiscountConfig } from '@registry/contracts/discounts';
import { cachedValue } from '../../cache/cached-value';
import type { Db } from '../../db/database';
import { settings } from '../../db/schema';

const PricesSchema = z.object({
  domainHbarPerYear: z.number().positive(),
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
    const [row] = await db.select().from(settings).where(eq(settings.key, key));
    if (!row) {
      if (fallback !== undefined) return fallback;
      throw new Error(`setting ${key} is missing`);
    }
    return schema.parse(row.value);
  }
  return {
    prices: cachedValue(() => read('prices', PricesSchema), cacheMs),
    discounts: cachedValue(
      (): Promise<DiscountConfig> => read('discounts', DiscountConfigSchema, DEFAULT_DISCOUNT_CONFIG),
      cacheMs,
    ),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;

/** USD per HBAR. The local ledger uses a fixed value; the live sources arrive with the Hedera adapter. */
export interface PriceSource {
  usdPerHbar(): Promise<number>;
}

export class FixedPriceSource implements PriceSource {
  constructor(private readonly rate: number) {}
  async usdPerHbar() {
    return this.rate;
  }
}

/** Keeps a rate for `maxAgeMs` (the spec refreshes every 10 minutes) and serves the last good one on failure. */
export class CachedPriceSource implements PriceSource {
  private cached: { rate: number; at: number } | null = null;

  constructor(
    private readonly source: () => Promise<number>,
    private readonly maxAgeMs = 600_000,
    private readonly now: () => number = Date.now,
  ) {}

  async usdPerHbar(): Promise<number> {
    if (this.cached && this.now() - this.cached.at < this.maxAgeMs) return this.cached.rate;
    try {
      const rate = await this.source();
      this.cached = { rate, at: this.now() };
      return rate;
    } catch (error) {
      if (this.cached) return this.cached.rate;
      throw error;
    }
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
