import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import {
  AvailabilityQuerySchema,
  AvailabilityResponseSchema,
  DomainDetailSchema,
  DomainParamsSchema,
  OtherDomainsQuerySchema,
  OtherProviderDomainListSchema,
  OwnedDomainListSchema,
  PendingDomainListSchema,
  SuggestionsQuerySchema,
  SuggestionsResponseSchema,
  TakenRequestSchema,
  TakenResponseSchema,
} from '@registry/contracts/domains';
import { sessionAccount } from '../auth/session-plugin';
import type { DomainService } from './service';

type Options = {
  domains: DomainService;
  requireSession: (request: FastifyRequest) => Promise<void>;
  searchRateLimit: { max: number; timeWindow: number };
};

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema };

export const domainRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { domains, requireSession, searchRateLimit },
) => {
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
      config: { rateLimit: searchRateLimit },
      schema: {
        summary: 'Which of these names are already taken (cart load, before payment)',
        tags: ['domains'],
        body: TakenRequestSchema,
        response: { 200: TakenResponseSchema, ...errors },
      },
    },
    async (request) => ({ taken: await domains.taken(request.body.names) }),
  );

  app.get(
    '/my/domains',
    {
      preHandler: requireSession,
      schema: {
        summary: 'Domains of the signed-in account',
        tags: ['my'],
        response: { 200: OwnedDomainListSchema, ...errors },
      },
    },
    async (request) => ({ domains: await domains.myDomains(sessionAccount(request)) }),
  );

  app.get(
    '/my/domains/:name/subdomains',
    {
      preHandler: requireSession,
      schema: {
        summary: 'Subdomains of one of my domains',
        tags: ['my'],
        params: DomainParamsSchema,
        response: { 200: OwnedDomainListSchema, ...errors },
      },
    },
    async (request) => ({
      domains: await domains.mySubdomains(sessionAccount(request), request.params.name),
    }),
  );

  app.get(
    '/my/pending-domains',
    {
      preHandler: requireSession,
      schema: {
        summary: 'Paid domains waiting for delivery',
        tags: ['my'],
        response: { 200: PendingDomainListSchema, ...errors },
      },
    },
    async (request) => ({ domains: await domains.pending(sessionAccount(request)) }),
  );

  app.get(
    '/my/other-domains',
    {
      preHandler: requireSession,
      schema: {
        summary: "Domains of another provider held by the account (its NFTs of the provider's token)",
        tags: ['my'],
        querystring: OtherDomainsQuerySchema,
        response: { 200: OtherProviderDomainListSchema, ...errors },
      },
    },
    async (request) => ({
      domains: await domains.otherProviderDomains(sessionAccount(request), request.query.domainName),
    }),
  );

  app.get(
    '/my/domains/:name',
    {
      preHandler: requireSession,
      schema: {
        summary: 'Details of one of my domains',
        tags: ['my'],
        params: DomainParamsSchema,
        response: { 200: DomainDetailSchema, ...errors },
      },
    },
    async (request) => domains.details(sessionAccount(request), request.params.name),
  );
};
