import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import type { LedgerDb } from './ledger-db';
import { LEDGER_DOWN } from './ledger-http';
import type { LocalLedger } from './local-ledger';
import { registerMirrorFeedRoutes } from './mirror-feed-routes';
import { registerMirrorTopicRoutes } from './mirror-topic-routes';
import type { LocalRate } from './mirror-format';
import { registerMirrorRoutes } from './mirror-routes';

export type LedgerRestRoutesOptions = {
  db: LedgerDb;
  ledger: LocalLedger;
  /** The HBAR rate its mirror answers with (the dev routes change it); null: no rate can be read. */
  rate: LocalRate;
};

const SubmitResultSchema = z.object({
  status: z.string(),
  transactionId: z.string().nullable(),
  consensusTimestamp: z.string().nullable(),
  entityId: z.string().optional(),
  serials: z.array(z.number()).optional(),
  topicSequenceNumber: z.number().optional(),
});

/**
 * What a network offers: `POST /ledger/transactions` takes signed transaction bytes as a consensus node
 * would, and `/ledger/api/v1/...` answers as the mirror node's REST API does.
 */
export const localLedgerRestRoutes: FastifyPluginAsync<LedgerRestRoutesOptions> = async (app, options) => {
  const { ledger } = options;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/ledger/transactions',
    {
      schema: {
        summary: 'Submit signed transaction bytes (base64) to the local ledger',
        tags: ['local ledger'],
        body: z.object({
          bytes: z
            .string()
            .min(8)
            .max(64 * 1024),
        }),
        response: { 200: SubmitResultSchema, 400: ApiErrorSchema, 503: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      if (ledger.isPaused()) return reply.status(503).send(LEDGER_DOWN);
      return ledger.submit(Buffer.from(request.body.bytes, 'base64'));
    },
  );
  await registerMirrorRoutes(app, options);
  await registerMirrorFeedRoutes(app, options);
  await registerMirrorTopicRoutes(app, options);
};
