import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import {
  CountryListSchema,
  ProfileResponseSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  StateListSchema,
  StatesQuerySchema,
} from '@registry/contracts/profile';
import { sessionAccount } from '../auth/session-plugin';
import { listCountries, listStates, type ProfileService } from './service';

type Options = { profiles: ProfileService; requireSession: (request: FastifyRequest) => Promise<void> };
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

export const profileRoutes: FastifyPluginAsyncZod<Options> = async (app, { profiles, requireSession }) => {
  app.get(
    '/my/profile',
    {
      preHandler: requireSession,
      schema: {
        summary: 'Profile and billing details',
        tags: ['my'],
        response: { 200: ProfileResponseSchema, ...errors },
      },
    },
    async (request) => ({ profile: await profiles.get(sessionAccount(request)) }),
  );

  app.put(
    '/my/profile',
    {
      preHandler: requireSession,
      schema: {
        summary: 'Save profile and billing details',
        tags: ['my'],
        body: ProfileUpdateSchema,
        response: { 200: ProfileSchema, ...errors },
      },
    },
    async (request) => profiles.set(sessionAccount(request), request.body),
  );

  const countries = listCountries();
  app.get(
    '/countries',
    {
      schema: {
        summary: 'Countries with calling codes',
        tags: ['reference'],
        response: { 200: CountryListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=86400');
      return { countries };
    },
  );

  app.get(
    '/states',
    {
      schema: {
        summary: 'States of a country',
        tags: ['reference'],
        querystring: StatesQuerySchema,
        response: { 200: StateListSchema, ...errors },
      },
    },
    async (request) => ({ states: listStates(request.query.countryName) }),
  );
};
