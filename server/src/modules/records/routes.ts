import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import { DomainParamsSchema } from '@registry/contracts/domains';
import { DomainRecordsSchema, RecordStatusSchema, RecordUpdateSchema } from '@registry/contracts/records';
import { sessionAccount } from '../auth/session-plugin';
import type { RecordService } from './service';

type Options = {
  records: RecordService;
  requireSession: (request: FastifyRequest) => Promise<void>;
  searchRateLimit: { max: number; timeWindow: number };
};
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  402: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

export const recordRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { records, requireSession, searchRateLimit },
) => {
  app.get(
    '/my/domains/:name/records',
    {
      preHandler: requireSession,
      schema: {
        summary: 'Records of one of my domains: site address and five assets',
        tags: ['records'],
        params: DomainParamsSchema,
        response: { 200: DomainRecordsSchema, ...errors },
      },
    },
    async (request) => records.get(sessionAccount(request), request.params.name),
  );

  app.put(
    '/my/domains/:name/records',
    {
      preHandler: requireSession,
      schema: {
        summary: 'Change one record (needs an active subscription; active once its fee is paid)',
        tags: ['records'],
        params: DomainParamsSchema,
        body: RecordUpdateSchema,
        response: { 200: DomainRecordsSchema, ...errors },
      },
    },
    async (request) =>
      records.update(sessionAccount(request), request.params.name, request.body.field, request.body.value),
  );

  app.post(
    '/my/domains/:name/records/status',
    {
      preHandler: requireSession,
      schema: {
        summary: 'Activate the changed records after the record fee was paid',
        tags: ['records'],
        params: DomainParamsSchema,
        body: RecordStatusSchema,
        response: { 200: DomainRecordsSchema, ...errors },
      },
    },
    async (request) => records.activate(sessionAccount(request), request.params.name, request.body.flag),
  );

  app.get(
    '/resolve/:name',
    {
      config: { rateLimit: searchRateLimit },
      schema: {
        summary: 'Public resolver: records of a domain; redirect only when status is 2',
        tags: ['resolver'],
        params: DomainParamsSchema,
        response: { 200: DomainRecordsSchema, ...errors },
      },
    },
    async (request) => records.resolve(request.params.name),
  );
};
