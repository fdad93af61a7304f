import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import {
  LedgerInfoSchema,
  RateSchema,
  type LedgerInfo,
  type Rate as RateAnswer,
} from '@registry/contracts/network';
import { HttpError } from '../../http-error';
import { RATE_UNAVAILABLE_MESSAGE } from '../settings/price-list';
import type { PriceSource, Rate } from '../settings/service';

type Options = {
  prices: PriceSource;
  ledgerInfo: LedgerInfo | null;
};

/** What the browser needs to know of the ledger: the HBAR rate and whom to pay. */
export const networkRoutes: FastifyPluginAsyncZod<Options> = async (app, { prices, ledgerInfo }) => {
  // The answer for the rate last read: a cached rate is the same object until it is read again.
  let answered: { rate: Rate; answer: RateAnswer } | null = null;
  app.get(
    '/rate',
    {
      schema: {
        summary: 'USD for one HBAR (refreshed every 10 minutes)',
        tags: ['reference'],
        response: { 200: RateSchema, 503: ApiErrorSchema },
      },
    },
    async () => {
      let rate;
      try {
        rate = await prices.rate();
      } catch {
        throw new HttpError(503, 'RATE_UNAVAILABLE', RATE_UNAVAILABLE_MESSAGE);
      }
      if (answered?.rate !== rate) {
        // fetchedAt is when the rate was read from its source: the page shows its age when it is old.
        answered = { rate, answer: { usdPerHbar: rate.usdPerHbar, fetchedAt: rate.fetchedAt.toISOString() } };
      }
      return answered.answer;
    },
  );

  if (!ledgerInfo) return;
  app.get(
    '/ledger-info',
    {
      schema: {
        summary: 'Which ledger the registry uses and whom to pay',
        tags: ['reference'],
        response: { 200: LedgerInfoSchema },
      },
    },
    async () => ledgerInfo,
  );
};
