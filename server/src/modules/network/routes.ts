import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import { LedgerInfoSchema, RateSchema, type LedgerInfo } from '@registry/contracts/network';
import type { PriceSource } from '../settings/service';

type Options = {
  prices: PriceSource;
  ledgerInfo: LedgerInfo | null;
};

/** What the browser needs to know of the ledger: the HBAR rate and whom to pay. */
export const networkRoutes: FastifyPluginAsyncZod<Options> = async (app, { prices, ledgerInfo }) => {
  app.get(
    '/rate',
    {
      schema: {
        summary: 'USD for one HBAR (refreshed every 10 minutes)',
        tags: ['reference'],
        response: { 200: RateSchema, 503: ApiErrorSchema },
      },
    },
    async () => ({ usdPerHbar: await prices.usdPerHbar(), fetchedAt: new Date().toISOString() }),
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
