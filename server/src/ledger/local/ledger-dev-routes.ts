import { Hbar, PublicKey } from '@hashgraph/sdk';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import { HttpError, badRequest } from '../../http-error';
import { isLoopback } from '../../plugins/loopback';
import type { LocalLedger } from './local-ledger';
import type { LocalRate } from './mirror-format';
import { LedgerTransactionError, type LocalLedgerWriter } from './local-ledger-writer';

/** Development accounts get 10,000 HBAR from the faucet. */
export const FAUCET_HBAR = 10_000;

const SubmitResultSchema = z.object({
  status: z.string(),
  transactionId: z.string().nullable(),
  consensusTimestamp: z.string().nullable(),
  entityId: z.string().optional(),
  serials: z.array(z.number()).optional(),
});

/** What the local ledger's own routes work with. */
export type LedgerDevOptions = {
  ledger: LocalLedger;
  /** The rate its mirror answers with; null answers as if no rate could be read. */
  rate: LocalRate;
  writer: LocalLedgerWriter;
  /** The claim promotion's token, when the local ledger holds it. */
  claimTokenId: string | null;
  /** The early-access discount's token, when the local ledger holds it. */
  earlyAccessTokenId: string | null;
  /** Another provider's domain collection, when the local ledger plays that provider. */
  otherProvider: {
    tokenId: string;
    record: (row: { domainName: string; tokenId: string; serialNumber: number }) => Promise<void>;
  } | null;
  /** Moves a registered domain's expiry: plays time passing (grace period, release) on this machine. */
  setDomainExpiry: (domainName: string, expiresAt: Date) => Promise<boolean>;
  faucetRateLimit: { max: number; timeWindow: number };
  /** Lets any client use the faucet and the pause switch (LEDGER_DEV_ROUTES=open). */
  openToNetwork: boolean;
};

type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * What a node offers a wallet on the local ledger: submit signed bytes; and for development, on this
 * machine only: a faucet, passes, another provider's domains, time passing, pause / resume (the network
 * being down) and the HBAR rate.
 */
export async function registerLedgerDevRoutes(app: FastifyInstance, options: LedgerDevOptions) {
  /** Free money and a switch that stops every purchase are for the developer's own machine. */
  const loopbackOnly = async (request: FastifyRequest) => {
    if (!options.openToNetwork && !isLoopback(request.ip)) {
      throw new HttpError(
        403,
        'LOOPBACK_ONLY',
        'This local ledger route answers only clients on the same machine (set LEDGER_DEV_ROUTES=open to allow others)',
      );
    }
  };

  registerConsensusRoutes(app, options);
  registerFaucetRoutes(app, options, loopbackOnly);
  registerOtherProviderRoutes(app, options, loopbackOnly);
  registerTimeAndControlRoutes(app, options, loopbackOnly);
}

/** Signed transaction bytes, as a consensus node takes them. */
function registerConsensusRoutes(app: FastifyInstance, { ledger }: LedgerDevOptions) {
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
}

/** Development accounts with HBAR, and the promotions' passes. */
function registerFaucetRoutes(
  app: FastifyInstance,
  { ledger, writer, faucetRateLimit, claimTokenId, earlyAccessTokenId }: LedgerDevOptions,
  loopbackOnly: Guard,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/ledger/faucet',
    {
      onRequest: loopbackOnly,
      config: { rateLimit: faucetRateLimit },
      schema: {
        summary: `Open a development account for a public key, funded with ${FAUCET_HBAR} HBAR`,
        tags: ['local ledger'],
        body: z.object({ publicKey: z.string().min(32).max(200) }),
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

  /** A pass collection of the local ledger: read its token id, or give a development account one. */
  const passRoutes = (path: string, label: string, code: string, tokenId: string | null) => {
    routes.post(
      path,
      {
        onRequest: loopbackOnly,
        config: { rateLimit: faucetRateLimit },
        schema: {
          summary: `Give a development account ${label} (it must have associated the collection)`,
          tags: ['local ledger'],
          body: z.object({ accountId: z.string().regex(/^\d+\.\d+\.\d+$/) }),
          response: {
            200: z.object({ tokenId: z.string(), serial: z.number() }),
            400: ApiErrorSchema,
            403: ApiErrorSchema,
            404: ApiErrorSchema,
            409: ApiErrorSchema,
            429: ApiErrorSchema,
            503: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        if (!tokenId) throw new HttpError(404, code, `The token of ${label} is not on the local ledger`);
        if (ledger.isPaused())
          return reply.status(503).send({ code: 'HCS-DOWN', message: 'The ledger is not reachable' });
        const serial = await writer.mint(tokenId, label);
        try {
          await writer.transferNft(tokenId, serial, request.body.accountId);
        } catch (error) {
          if (error instanceof LedgerTransactionError)
            throw new HttpError(
              409,
              'NOT_ASSOCIATED',
              `Associate ${tokenId} with ${request.body.accountId} first (${error.result.status})`,
            );
          throw error;
        }
        return { tokenId, serial };
      },
    );

    routes.get(
      path,
      {
        schema: {
          summary: `The collection of ${label} on the local ledger`,
          tags: ['local ledger'],
          response: { 200: z.object({ tokenId: z.string() }), 404: ApiErrorSchema },
        },
      },
      async () => {
        if (!tokenId) throw new HttpError(404, code, `The token of ${label} is not on the local ledger`);
        return { tokenId };
      },
    );
  };
  passRoutes('/ledger/claim-pass', 'a claim pass', 'NO_CLAIM_PASS', claimTokenId);
  passRoutes('/ledger/early-access-pass', 'an early access pass', 'NO_EARLY_ACCESS_PASS', earlyAccessTokenId);
}

/** Another provider's domains, when the local ledger plays that provider. */
function registerOtherProviderRoutes(
  app: FastifyInstance,
  { writer, otherProvider, faucetRateLimit }: LedgerDevOptions,
  loopbackOnly: Guard,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/ledger/other-provider-domain',
    {
      schema: {
        summary: "The collection of another provider's domains on the local ledger",
        tags: ['local ledger'],
        response: { 200: z.object({ tokenId: z.string() }), 404: ApiErrorSchema },
      },
    },
    async () => {
      if (!otherProvider)
        throw new HttpError(404, 'NO_OTHER_PROVIDER', "Another provider's token is configured, not local");
      return { tokenId: otherProvider.tokenId };
    },
  );

  routes.post(
    '/ledger/other-provider-domain',
    {
      onRequest: loopbackOnly,
      config: { rateLimit: faucetRateLimit },
      schema: {
        summary:
          'Give a development account a domain minted by another provider (it must have associated the collection)',
        tags: ['local ledger'],
        body: z.object({
          accountId: z.string().regex(/^\d+\.\d+\.\d+$/),
          domainName: z
            .string()
            .toLowerCase()
            .regex(/^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63})+$/, 'a domain name such as alice.other'),
        }),
        response: {
          200: z.object({ tokenId: z.string(), serial: z.number(), domainName: z.string() }),
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      if (!otherProvider)
        throw new HttpError(404, 'NO_OTHER_PROVIDER', "Another provider's token is configured, not local");
      const { accountId, domainName } = request.body;
      const serial = await writer.mint(otherProvider.tokenId, domainName);
      try {
        await writer.transferNft(otherProvider.tokenId, serial, accountId);
      } catch (error) {
        if (error instanceof LedgerTransactionError)
          throw new HttpError(
            409,
            'NOT_ASSOCIATED',
            `Associate ${otherProvider.tokenId} with ${accountId} first (${error.result.status})`,
          );
        throw error;
      }
      try {
        await otherProvider.record({ domainName, tokenId: otherProvider.tokenId, serialNumber: serial });
      } catch {
        throw new HttpError(409, 'DOMAIN_EXISTS', `${domainName} is already another provider's domain`);
      }
      return { tokenId: otherProvider.tokenId, serial, domainName };
    },
  );
}

/** Time passing for a domain, the pause switch and the HBAR rate. */
function registerTimeAndControlRoutes(
  app: FastifyInstance,
  { ledger, setDomainExpiry, rate }: LedgerDevOptions,
  loopbackOnly: Guard,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/ledger/domain-expiry',
    {
      onRequest: loopbackOnly,
      schema: {
        summary: "Move a registered domain's expiry (plays time passing on a development machine)",
        tags: ['local ledger'],
        body: z.object({ domainName: z.string().toLowerCase(), expiresAt: z.iso.datetime() }),
        response: {
          200: z.object({ domainName: z.string(), expiresAt: z.string() }),
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const { domainName, expiresAt } = request.body;
      if (!(await setDomainExpiry(domainName, new Date(expiresAt))))
        throw new HttpError(404, 'NOT_FOUND', `${domainName} is not registered`);
      return { domainName, expiresAt };
    },
  );

  routes.post(
    '/ledger/control',
    {
      onRequest: loopbackOnly,
      schema: {
        summary: 'Pause or resume the local ledger (simulates the network being down)',
        tags: ['local ledger'],
        body: z.object({ paused: z.boolean() }),
        response: { 200: z.object({ paused: z.boolean() }), 403: ApiErrorSchema },
      },
    },
    async (request) => {
      if (request.body.paused) ledger.pause();
      else ledger.resume();
      return { paused: ledger.isPaused() };
    },
  );

  routes.post(
    '/ledger/rate',
    {
      onRequest: loopbackOnly,
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
}
