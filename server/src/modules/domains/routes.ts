import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AvailabilityQuerySchema,
  AvailabilityResponseSchema,
  DomainParamsSchema,
  SuggestionsQuerySchema,
  SuggestionsResponseSchema,
  TakenRequestSchema,
  TakenResponseSchema,
} from '@registry/contracts/domains';
import {
  DomainDetailSchema,
  DomainHolderSchema,
  OtherDomainsQuerySchema,
  OtherProviderDomainListSchema,
  OwnedDomainListSchema,
  PendingDomainListSchema,
  TransferPlanSchema,
  TransferRequestSchema,
} from '@registry/contracts/my-domains';
import { errorResponses, sessionRoutes } from '../../plugins/session-routes';
import type { RateLimit, SessionRouteOptions } from '../../plugins/session-routes';
import type { DomainService } from './service';

type Options = SessionRouteOptions & {
  domains: DomainService;
  searchRateLimit: RateLimit;
  /** Each refresh reads the ledger and writes the database: limited per account. */
  holderRefreshRateLimit: RateLimit;
};

const errors = errorResponses(400, 429, 503);

/** What anyone searching may ask: availability, suggestions, which names are taken. */
const searchRoutes: FastifyPluginAsyncZod<Options> = async (app, { domains, searchRateLimit }) => {
  app.get(
    '/domains/availability',
    {
      config: { rateLimit: searchRateLimit },
      schema: {
        summary:
          'Is a name free? status 1 available with price, 0 unavailable (reserved flag), -9 network down',
        tags: ['domains'],
        querystring: AvailabilityQuerySchema,
        response: { 200: AvailabilityResponseSchema, ...errors },
      },
    },
    async (request) => domains.availability(request.query.name),
  );

  app.get(
    '/domains/suggestions',
    {
      config: { rateLimit: searchRateLimit },
      schema: {
        summary: 'Free names close to the searched one, with price and similarity',
        tags: ['domains'],
        querystring: SuggestionsQuerySchema,
        response: { 200: SuggestionsResponseSchema, ...errors },
      },
    },
    async (request) => ({ suggestions: await domains.suggestions(request.query.name) }),
  );

  app.post(
    '/domains/taken',
    {
      // A read sent as POST (the names go in the body): open to any origin like the other searches.
      config: { rateLimit: searchRateLimit, readsOnly: true },
      schema: {
        summary: 'Which of these names are already taken (cart load, before payment)',
        tags: ['domains'],
        body: TakenRequestSchema,
        response: { 200: TakenResponseSchema, ...errors },
      },
    },
    async (request) => domains.taken(request.body.names),
  );
};

/** The signed-in account's own names: lists, details, transfers. */
const myDomainRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { domains, requireSession, holderRefreshRateLimit },
) => {
  const mine = sessionRoutes(app, requireSession, ['my']);
  mine(
    'GET',
    '/my/domains',
    { summary: 'Domains of the signed-in account', response: OwnedDomainListSchema },
    async (account) => ({
      domains: await domains.myDomains(account),
    }),
  );
  mine(
    'GET',
    '/my/domains/:name/subdomains',
    {
      summary: 'Subdomains of one of my domains',
      params: DomainParamsSchema,
      response: OwnedDomainListSchema,
    },
    async (account, { params }) => ({ domains: await domains.mySubdomains(account, params.name) }),
  );
  mine(
    'GET',
    '/my/pending-domains',
    { summary: 'Paid domains waiting for delivery', response: PendingDomainListSchema },
    async (account) => ({ domains: await domains.pending(account) }),
  );
  mine(
    'GET',
    '/my/other-domains',
    {
      summary: "Domains of another provider held by the account (its NFTs of the provider's token)",
      querystring: OtherDomainsQuerySchema,
      response: OtherProviderDomainListSchema,
    },
    async (account, { query }) => ({
      domains: await domains.otherProviderDomains(account, query.domainName),
    }),
  );
  mine(
    'POST',
    '/my/domains/:name/transfer',
    {
      summary:
        'Check that one of my domains can be sent to another account (it has associated the collection); answers the NFT for the wallet to send',
      params: DomainParamsSchema,
      body: TransferRequestSchema,
      response: TransferPlanSchema,
    },
    async (account, { params, body }) => domains.prepareTransfer(account, params.name, body.to),
  );
  mine(
    'POST',
    '/my/domains/:name/holder',
    {
      summary:
        "Read a domain's NFT holder from the ledger now (after a transfer) instead of at the watcher's next sweep",
      params: DomainParamsSchema,
      response: DomainHolderSchema,
      accountRateLimit: holderRefreshRateLimit,
    },
    async (_account, { params }) => domains.followHolder(params.name),
  );
  mine(
    'GET',
    '/my/domains/:name',
    { summary: 'Details of one of my domains', params: DomainParamsSchema, response: DomainDetailSchema },
    async (account, { params }) => domains.details(account, params.name),
  );
};

export const domainRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  await app.register(searchRoutes, options);
  await app.register(myDomainRoutes, options);
};
