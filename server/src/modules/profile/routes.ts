import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CountryListSchema,
  ProfileResponseSchema,
  ProfileSchema,
  StateListSchema,
  StatesQuerySchema,
} from '@registry/contracts/profile';
import { ProfileUpdateSchema } from '@registry/contracts/profile-update';
import { errorResponses, sessionRoutes, type SessionRouteOptions } from '../../plugins/session-routes';
import { listCountries, listStates, type ProfileService } from './service';

type Options = SessionRouteOptions & { profiles: ProfileService };
const errors = errorResponses(400, 401, 404);

export const profileRoutes: FastifyPluginAsyncZod<Options> = async (app, { profiles, requireSession }) => {
  const mine = sessionRoutes(app, requireSession, ['my']);
  mine(
    'GET',
    '/my/profile',
    { summary: 'Profile and billing details', response: ProfileResponseSchema },
    async (account) => ({
      profile: await profiles.get(account),
    }),
  );
  mine(
    'PUT',
    '/my/profile',
    { summary: 'Save profile and billing details', body: ProfileUpdateSchema, response: ProfileSchema },
    async (account, { body }) => profiles.set(account, body),
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
