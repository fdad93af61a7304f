import { Hbar, PublicKey } from '@hashgraph/sdk';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import { badRequest } from '../../http-error';
import type { LocalLedger } from './local-ledger';
import type { LocalLedgerWriter } from './local-ledger-writer';

/** Development accounts get 10,000 HBAR from the faucet. */
export const FAUCET_HBAR = 10_000;

const SubmitResultSchema = z.object({
  status: z.string(),
  transactionId: z.string().nullable(),
  consensusTimestamp: z.string().nullable(),
  entityId: z.string().optional(),
  serials: z.array(z.number()).optional(),
});

/**
 * What a node offers a wallet on the local ledger: submit signed bytes, a faucet for development
 * accounts, and pause / resume to play the network being down.
 */
export async function registerLedgerDevRoutes(
  app: FastifyInstance,
  {
    ledger,
    writer,
    rateLimit,
  }: { ledger: LocalLedger; writer: LocalLedgerWriter; rateLimit: { max: number; timeWindow: number } },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
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
      if (ledger.isPaused())
        return reply.status(503).send({ code: 'HCS-DOWN', message: 'The ledger is not reachable' });
      return ledger.submit(Buffer.from(request.body.bytes, 'base64'));
    },
  );

  routes.post(
    '/ledger/faucet',
    {
      config: { rateLimit },
      schema: {
        summary: `Open a development account for a public key, funded with ${FAUCET_HBAR} HBAR`,
        tags: ['local ledger'],
        body: z.object({ publicKey: z.string().min(32).max(200) }),
        response: {
          200: z.object({ accountId: z.string(), balanceHbar: z.number() }),
          400: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (ledger.isPaused())
        return reply.status(503).send({ code: 'HCS-DOWN', message: 'The ledger is not reachable' });
      let publicKey: PublicKey;
      try {
        publicKey = PublicKey.fromString(request.body.publicKey);
      } catch {
        throw badRequest('BAD_PUBLIC_KEY', 'publicKey must be a hex public key (DER or raw ED25519)');
      }
      const accountId = await writer.createAccount(publicKey, FAUCET_HBAR);
      return { accountId, balanceHbar: new Hbar(FAUCET_HBAR).toBigNumber().toNumber() };
    },
  );

  routes.post(
    '/ledger/control',
    {
      schema: {
        summary: 'Pause or resume the local ledger (simulates the network being down)',
        tags: ['local ledger'],
        body: z.object({ paused: z.boolean() }),
        response: { 200: z.object({ paused: z.boolean() }) },
      },
    },
    async (request) => {
      if (request.body.paused) ledger.pause();
      else ledger.resume();
      return { paused: ledger.isPaused() };
    },
  );
}
