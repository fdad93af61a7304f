import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainParamsSchema } from '@registry/contracts/domains';
import {
  DomainRecordsSchema,
  RecordStatusSchema,
  RecordUpdateSchema,
  ResolveResponseSchema,
} from '@registry/contracts/records';
import { errorResponses, sessionRoutes } from '../auth/session-routes';
import type { RateLimit, SessionRouteOptions } from '../auth/session-routes';
import type { RecordService } from './service';

type Options = SessionRouteOptions & { records: RecordService; searchRateLimit: RateLimit };
const errors = errorResponses(400, 401, 402, 403, 404);

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
      // The one endpoint other sites call (the embeddable resolver): readable from any origin, without
      // credentials; every other API answer stays same-origin.
      onSend: async (_request, reply) => {
        reply.header('Access-Control-Allow-Origin', '*');
      },
      schema: {
        summary: 'Public resolver: records of a domain; redirect only when status is 2',
        tags: ['resolver'],
        params: DomainParamsSchema,
        response: { 200: ResolveResponseSchema, ...errors },
      },
    },
    async (request) => records.resolve(request.params.name),
  );
};
