import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PrimaryNameSchema,
  ReverseBatchRequestSchema,
  ReverseBatchResponseSchema,
  ReverseParamsSchema,
  ReverseResponseSchema,
  SetPrimaryNameSchema,
} from '@registry/contracts/identity';
import { errorResponses, sessionRoutes } from '../../plugins/session-routes';
import type { RateLimit, SessionRouteOptions } from '../../plugins/session-routes';
import { answerPreflight, etagged, openToEveryOrigin } from '../../plugins/public-answers';
import type { IdentityService } from './service';

type Options = SessionRouteOptions & { identity: IdentityService; rateLimit: RateLimit };

const errors = errorResponses(400, 404, 429);

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

  answerPreflight(app, '/reverse');
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
