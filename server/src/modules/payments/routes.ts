import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import {
  ClaimEligibilitySchema,
  ConfirmRequestSchema,
  ConfirmResponseSchema,
  QuoteRequestSchema,
  QuoteResponseSchema,
} from '@registry/contracts/orders';
import { sessionAccount } from '../auth/session-plugin';
import type { PriceSource } from '../settings/service';
import type { PaymentService } from './service';

type Options = {
  payments: PaymentService;
  prices: PriceSource;
  ledgerInfo: {
    network: string;
    treasuryAccountId: string;
    walletConnectProjectId: string | null;
    mirrorNodeUrl: string;
  };
  requireSession: (request: FastifyRequest) => Promise<void>;
};
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  402: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  503: ApiErrorSchema,
};

export const paymentRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { payments, prices, ledgerInfo, requireSession },
) => {
  app.post(
    '/orders/quote',
    {
      preHandler: requireSession,
      schema: {
        summary:
          'Quote a paid action: amount in tinybars, names held, discounts, expiry; pay the treasury with the memo',
        tags: ['payments'],
        body: QuoteRequestSchema,
        response: { 200: QuoteResponseSchema, ...errors },
      },
    },
    async (request) => payments.quote(sessionAccount(request), request.body),
  );

  app.post(
    '/orders/confirm',
    {
      preHandler: requireSession,
      schema: {
        summary: 'Confirm a paid quote with the payment transaction id; the server verifies it on the ledger',
        tags: ['payments'],
        body: ConfirmRequestSchema,
        response: { 200: ConfirmResponseSchema, ...errors },
      },
    },
    async (request) =>
      payments.confirm(sessionAccount(request), request.body.orderId, request.body.transactionId),
  );

  app.get(
    '/claim/eligibility',
    {
      preHandler: requireSession,
      schema: {
        summary: 'Whether the signed-in account may claim a domain: -1 / 0 no, 1 yes, 2 already claimed',
        tags: ['payments'],
        response: { 200: ClaimEligibilitySchema, 401: ApiErrorSchema, 503: ApiErrorSchema },
      },
    },
    async (request) => payments.claimEligibility(sessionAccount(request)),
  );

  app.get(
    '/rate',
    {
      schema: {
        summary: 'USD for one HBAR (refreshed every 10 minutes)',
        tags: ['reference'],
        response: { 200: z.object({ usdPerHbar: z.number(), fetchedAt: z.string() }), 503: ApiErrorSchema },
      },
    },
    async () => ({ usdPerHbar: await prices.usdPerHbar(), fetchedAt: new Date().toISOString() }),
  );

  app.get(
    '/ledger-info',
    {
      schema: {
        summary: 'Which ledger the registry uses and whom to pay',
        tags: ['reference'],
        response: {
          200: z.object({
            network: z.string(),
            treasuryAccountId: z.string(),
            walletConnectProjectId: z.string().nullable(),
          }),
        },
      },
    },
    async () => ledgerInfo,
  );
};
