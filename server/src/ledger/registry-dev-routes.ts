import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import {
  LEDGER_DOWN,
  isLoopback,
  LedgerTransactionError,
  loopbackOnly,
  type LocalLedger,
  type LocalLedgerWriter,
} from './local-ledger-adapter';
import { HttpError } from '../http-error';

/** What the registry's development routes on the local ledger work with. */
export type RegistryDevRoutesOptions = {
  ledger: LocalLedger;
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
  /** Lets any client use these routes (LEDGER_DEV_ROUTES=open). */
  openToNetwork: boolean;
};

type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * The registry's own development routes on the local ledger, on this machine only: the promotions'
 * passes, another provider's domains, and time passing for a domain.
 */
export async function registerRegistryDevRoutes(app: FastifyInstance, options: RegistryDevRoutesOptions) {
  const guard = loopbackOnly(options.openToNetwork);
  registerPassRoutes(app, options, guard);
  registerOtherProviderRoutes(app, options, guard);
  registerDomainExpiryRoutes(app, options, guard);
}

/** The promotions' passes for development accounts. */
function registerPassRoutes(
  app: FastifyInstance,
  { ledger, writer, faucetRateLimit, claimTokenId, earlyAccessTokenId }: RegistryDevRoutesOptions,
  loopbackOnly: Guard,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
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
        if (ledger.isPaused()) return reply.status(503).send(LEDGER_DOWN);
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
  { writer, otherProvider, faucetRateLimit }: RegistryDevRoutesOptions,
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

/**
 * Time passing for a domain when the registry runs against a Hedera network of this machine
 * (`npx local-ledger` or hiero-local-node, `HEDERA_NETWORK=local`), whose drills need names to expire
 * and be released. Only a client connected straight from this machine: such a registry may sit behind a
 * proxy like a production one, and nothing that comes through one moves an expiry.
 */
export function registerDomainTimeTravel(
  app: FastifyInstance,
  options: Pick<RegistryDevRoutesOptions, 'setDomainExpiry' | 'openToNetwork'>,
) {
  const direct: Guard = async (request) => {
    if (options.openToNetwork) return;
    const proxied = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((name) => request.headers[name]);
    if (proxied || !isLoopback(request.socket.remoteAddress ?? ''))
      throw new HttpError(
        403,
        'LOOPBACK_ONLY',
        'This development route answers only clients connected from the same machine, never through a proxy (set LEDGER_DEV_ROUTES=open to allow others)',
      );
  };
  registerDomainExpiryRoutes(app, options, direct);
}

/** Time passing for a domain. */
function registerDomainExpiryRoutes(
  app: FastifyInstance,
  { setDomainExpiry }: Pick<RegistryDevRoutesOptions, 'setDomainExpiry'>,
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
}
