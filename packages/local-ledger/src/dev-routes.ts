import { Hbar, PublicKey } from '@hashgraph/sdk';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import { isFromThisMachine, LEDGER_DOWN, LedgerHttpError } from './ledger-http';
import type { LocalLedger } from './local-ledger';
import type { LocalLedgerWriter } from './local-ledger-writer';
import type { LocalRate } from './mirror-format';
import { describeKey } from './ledger-accounts';

/** A consensus node's account, 0.0.3 to 0.0.9. */
const NODE_ID = /^0\.0\.[3-9]$/;

/** Development accounts get 10,000 HBAR from the faucet. */
export const FAUCET_HBAR = 10_000;

export type LedgerDevRoutesOptions = {
  ledger: LocalLedger;
  writer: LocalLedgerWriter;
  /** The rate its mirror answers with; null answers as if no rate could be read. */
  rate: LocalRate;
  /** Per client, when the host has @fastify/rate-limit. */
  faucetRateLimit?: { max: number; timeWindow: number };
  /** Lets any client use these routes, not only this machine's. */
  openToNetwork?: boolean;
};

/** Free money and a switch that stops every payment are for the developer's own machine. */
export function loopbackOnly(openToNetwork = false) {
  return async (request: FastifyRequest) => {
    if (!openToNetwork && !isFromThisMachine(request)) {
      throw new LedgerHttpError(
        403,
        'LOOPBACK_ONLY',
        'This local ledger route answers only clients on the same machine, not through an untrusted proxy (set LEDGER_DEV_ROUTES=open to allow others)',
      );
    }
  };
}

/**
 * A development ledger's own routes, on this machine only: a faucet, pause / resume (the network being
 * down) and the HBAR rate its mirror answers with.
 */
export const localLedgerDevRoutes: FastifyPluginAsync<LedgerDevRoutesOptions> = async (app, options) => {
  const { ledger, writer, rate, faucetRateLimit } = options;
  const guard = loopbackOnly(options.openToNetwork);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/ledger/faucet',
    {
      onRequest: guard,
      ...(faucetRateLimit ? { config: { rateLimit: faucetRateLimit } } : {}),
      schema: {
        summary: `Open a development account for a public key, funded with ${FAUCET_HBAR} HBAR`,
        tags: ['local ledger'],
        body: z.object({
          publicKey: z.string().min(32).max(200),
          /** The account gets its ECDSA key's EVM address as its alias. */
          evmAlias: z.boolean().optional(),
        }),
        response: {
          200: z.object({ accountId: z.string(), balanceHbar: z.number() }),
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          429: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (ledger.isPaused()) return reply.status(503).send(LEDGER_DOWN);
      let publicKey: PublicKey;
      try {
        publicKey = PublicKey.fromString(request.body.publicKey);
      } catch {
        throw new LedgerHttpError(
          400,
          'BAD_PUBLIC_KEY',
          'publicKey must be a hex public key (DER or raw ED25519)',
        );
      }
      const evmAlias = request.body.evmAlias === true;
      if (evmAlias && describeKey(publicKey).type !== 'ECDSA_SECP256K1')
        throw new LedgerHttpError(
          400,
          'BAD_PUBLIC_KEY',
          'Only an ECDSA (secp256k1) key has an EVM address alias',
        );
      const accountId = await writer.createAccount(publicKey, FAUCET_HBAR, { evmAlias });
      return { accountId, balanceHbar: new Hbar(FAUCET_HBAR).toBigNumber().toNumber() };
    },
  );

  routes.post(
    '/ledger/control',
    {
      onRequest: guard,
      schema: {
        summary:
          'Pause or resume the local ledger (the network down), or have its gRPC nodes play faults: the next n transactions BUSY, receipts UNKNOWN for some seconds, a node not answering',
        tags: ['local ledger'],
        body: z.object({
          paused: z.boolean().optional(),
          busy: z.int().min(0).max(1000).optional(),
          receiptsUnknown: z.number().min(0).max(3600).optional(),
          nodeDown: z.string().regex(NODE_ID).optional(),
          nodeUp: z.string().regex(NODE_ID).optional(),
        }),
        response: {
          200: z.object({
            paused: z.boolean(),
            busy: z.int(),
            receiptsUnknownMs: z.number(),
            nodesDown: z.array(z.string()),
          }),
          403: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const { paused, busy, receiptsUnknown, nodeDown, nodeUp } = request.body;
      if (paused === true) ledger.pause();
      if (paused === false) ledger.resume();
      if (busy !== undefined) ledger.faults.setBusy(busy);
      if (receiptsUnknown !== undefined) ledger.faults.setReceiptsUnknown(receiptsUnknown);
      if (nodeDown) ledger.faults.setNodeDown(nodeDown, true);
      if (nodeUp) ledger.faults.setNodeDown(nodeUp, false);
      return { paused: ledger.isPaused(), ...ledger.faults.describe() };
    },
  );

  routes.post(
    '/ledger/rate',
    {
      onRequest: guard,
      schema: {
        summary:
          "Set the local ledger's HBAR rate in USD (its mirror's exchange rate), or null to play the rate being unreadable",
        tags: ['local ledger'],
        body: z.object({ usdPerHbar: z.number().positive().max(1_000_000).nullable() }),
        response: { 200: z.object({ usdPerHbar: z.number().nullable() }), 403: ApiErrorSchema },
      },
    },
    async (request) => {
      rate.usdPerHbar = request.body.usdPerHbar;
      return { usdPerHbar: rate.usdPerHbar };
    },
  );
};
