import { subscriptionPriceHbar, usdToHbar } from '@registry/contracts/pricing';
import { HttpError } from '../../http-error';
import type { PriceSource, Rate, SettingsService } from './service';

/** Prices in HBAR at the rate of the moment: what a quote fixes for its 10 minutes. */
export type CurrentPrices = {
  rate: Rate;
  domainUsdPerYear: number;
  /** The configured USD a year, in HBAR at `rate` (two decimals). */
  domainHbarPerYear: number;
  subscriptionHbarPerYear: number;
  recordChangeHbar: number;
};

export const RATE_UNAVAILABLE_MESSAGE =
  'Prices are set in USD and the HBAR rate cannot be read right now, so nothing can be bought. Try again in a few minutes.';

/**
 * The price list (spec section 9): domain and subscription prices are USD amounts a year paid in HBAR
 * at the current rate; the record change fee is HBAR. With no rate at all nothing is priced (never 0
 * or Infinity): a clear 503 instead.
 */
export function createPriceList(settings: SettingsService, prices: PriceSource) {
  return {
    async current(): Promise<CurrentPrices> {
      const configured = await settings.prices();
      let rate: Rate;
      try {
        rate = await prices.rate();
      } catch {
        throw new HttpError(503, 'RATE_UNAVAILABLE', RATE_UNAVAILABLE_MESSAGE);
      }
      return {
        rate,
        domainUsdPerYear: configured.domainUsdPerYear,
        domainHbarPerYear: usdToHbar(configured.domainUsdPerYear, rate.usdPerHbar),
        subscriptionHbarPerYear: subscriptionPriceHbar(configured.subscriptionUsdPerYear, rate.usdPerHbar),
        recordChangeHbar: configured.recordChangeHbar,
      };
    },
  };
}
export type PriceList = ReturnType<typeof createPriceList>;
