import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PrimaryNameSchema,
  ReverseBatchRequestSchema,
  ReverseBatchResponseSchema,
  ReverseParamsSchema,
  ReverseResponseSchema,
  SetPrimaryNameSchema,
} from '@registry/contracts/identity';
import { errorResponses, sessionRoutes } from '../auth/session-routes';
import type { RateLimit, SessionRouteOptions } from '../auth/session-routes';
import type { IdentityService } from './service';

type Options = SessionRouteOptions & { identity: IdentityService; rateLimit: RateLimit };

const errors = errorResponses(400, 404, 429);

/** Wallets and explorers call the reverse look-up from their own pages, without credentials. */
async function openToEveryOrigin(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('Access-Control-Allow-Origin', '*');
}

/**
 * A GET answer's ETag (a hash of its body): a client that has it gets 304 and no body. Revalidated on
 * every use, since a primary name may change at any time.
 */
async function etagged(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
  reply.header('ETag', etag).header('Cache-Control', 'public, no-cache');
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(',').some((value) => value.trim().replace(/^W\//, '') === etag)) {
    reply.code(304);
    return '';
  }
  return payload;
}

export const identityRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { identity, requireSession, rateLimit },
) => {
  const mine = sessionRoutes(app, requireSession, ['identity']);
  mine(
    'GET',
    '/my/primary-name',
    { summary: "The signed-in account's primary name (null when none stands)", response: PrimaryNameSchema },
    async (account) => identity.primaryName(account),
  );
  mine(
    'PUT',
    '/my/primary-name',
    {
      summary: 'Make one of my delivered names my primary name (free)',
      body: SetPrimaryNameSchema,
      response: PrimaryNameSchema,
    },
    async (account, { body }) => identity.setPrimaryName(account, body.name),
  );
  mine(
    'DELETE',
    '/my/primary-name',
    { summary: 'Stop being shown by a primary name', response: PrimaryNameSchema },
    async (account) => identity.clearPrimaryName(account),
  );

  app.get(
    '/reverse/:accountId',
    {
      config: { rateLimit },
      onSend: [openToEveryOrigin, etagged],
      schema: {
        summary: "Reverse look-up: an account's primary name; 404 when it has none",
        tags: ['resolver'],
        params: ReverseParamsSchema,
        response: { 200: ReverseResponseSchema, ...errors },
      },
    },
    async (request) => identity.reverse(request.params.accountId),
  );

  // A JSON POST from another origin is preflighted: the browser asks first.
  app.options('/reverse', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Allow-Methods', 'POST')
      .header('Access-Control-Allow-Headers', 'content-type')
      .header('Access-Control-Max-Age', '86400')
      .code(204)
      .send(),
  );
  app.post(
    '/reverse',
    {
      config: { rateLimit },
      onSend: openToEveryOrigin,
      schema: {
        summary: 'Reverse look-up of up to 100 accounts at once: each id with its primary name or null',
        tags: ['resolver'],
        body: ReverseBatchRequestSchema,
        response: { 200: ReverseBatchResponseSchema, ...errors },
      },
    },
    async (request) => identity.reverseMany(request.body.accountIds),
  );
};
