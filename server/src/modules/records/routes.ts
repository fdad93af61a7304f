import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainParamsSchema } from '@registry/contracts/domains';
import {
  DomainRecordsSchema,
  RecordStatusSchema,
  RecordUpdateSchema,
  ResolveBatchRequestSchema,
  ResolveBatchResponseSchema,
  ResolveResponseSchema,
} from '@registry/contracts/records';
import { errorResponses, sessionRoutes } from '../../plugins/session-routes';
import type { RateLimit, SessionRouteOptions } from '../../plugins/session-routes';
import { answerPreflight, etagged, openToEveryOrigin } from '../../plugins/public-answers';
import type { RecordService } from './service';

type Options = SessionRouteOptions & { records: RecordService; searchRateLimit: RateLimit };
const errors = errorResponses(400, 401, 402, 403, 404, 429);

export const recordRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { records, requireSession, searchRateLimit },
) => {
  const mine = sessionRoutes(app, requireSession, ['records']);
  mine(
    'GET',
    '/my/domains/:name/records',
    {
      summary: 'Records of one of my domains: site address and five assets',
      params: DomainParamsSchema,
      response: DomainRecordsSchema,
    },
    async (account, { params }) => records.get(account, params.name),
  );
  mine(
    'PUT',
    '/my/domains/:name/records',
    {
      summary: 'Change one record (needs an active subscription; active once its fee is paid)',
      params: DomainParamsSchema,
      body: RecordUpdateSchema,
      response: DomainRecordsSchema,
    },
    async (account, { params, body }) => records.update(account, params.name, body.field, body.value),
  );
  mine(
    'POST',
    '/my/domains/:name/records/status',
    {
      summary: 'Activate the changed records after the record fee was paid',
      params: DomainParamsSchema,
      body: RecordStatusSchema,
      response: DomainRecordsSchema,
    },
    async (account, { params, body }) => records.activate(account, params.name, body.flag),
  );

  app.get(
    '/resolve/:name',
    {
      config: { rateLimit: searchRateLimit },
      // Other sites call it (the embeddable resolver, wallets, dApps): readable from any origin, without
      // credentials; the account's own API answers stay same-origin.
      onSend: [openToEveryOrigin, etagged],
      schema: {
        summary:
          "Forward look-up: a domain's records and the account holding it (null in grace); redirect only when status is 2",
        tags: ['resolver'],
        params: DomainParamsSchema,
        response: { 200: ResolveResponseSchema, ...errors },
      },
    },
    async (request) => records.resolve(request.params.name),
  );

  answerPreflight(app, '/resolve');
  app.post(
    '/resolve',
    {
      config: { rateLimit: searchRateLimit },
      onSend: openToEveryOrigin,
      schema: {
        summary: 'Forward look-up of up to 100 names at once: each name with its answer, or null',
        tags: ['resolver'],
        body: ResolveBatchRequestSchema,
        response: { 200: ResolveBatchResponseSchema, ...errors },
      },
    },
    async (request) => records.resolveBatch(request.body.names),
  );
};
