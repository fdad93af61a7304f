import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChallengeRequestSchema,
  ChallengeResponseSchema,
  SessionResponseSchema,
  VerifyRequestSchema,
} from '@registry/contracts/auth';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import type { AuthService } from './service';
import { SESSION_COOKIE, sessionAccount } from './session-plugin';

type Options = {
  auth: AuthService;
  requireSession: (request: import('fastify').FastifyRequest) => Promise<void>;
  secureCookies: boolean;
  signInRateLimit: { max: number; timeWindow: number };
};

export const authRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { auth, requireSession, secureCookies, signInRateLimit },
) => {
  app.post(
    '/auth/challenge',
    {
      config: { rateLimit: signInRateLimit },
      schema: {
        summary: 'Start a wallet sign-in: a one-time message for the wallet to sign (HIP-820)',
        tags: ['auth'],
        body: ChallengeRequestSchema,
        response: { 200: ChallengeResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request) => auth.createChallenge(request.body.accountId),
  );

  app.post(
    '/auth/verify',
    {
      config: { rateLimit: signInRateLimit },
      schema: {
        summary: 'Finish a wallet sign-in: the signature is checked with the key the ledger holds',
        tags: ['auth'],
        body: VerifyRequestSchema,
        response: {
          200: SessionResponseSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const session = await auth.verify(request.body);
      reply.setCookie(SESSION_COOKIE, session.sessionId, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
        path: '/',
        expires: session.expiresAt,
      });
      return { accountId: session.accountId, expiresAt: session.expiresAt.toISOString() };
    },
  );

  app.get(
    '/auth/session',
    {
      preHandler: requireSession,
      schema: {
        summary: 'The signed-in account',
        tags: ['auth'],
        response: { 200: z.object({ accountId: z.string() }), 401: ApiErrorSchema },
      },
    },
    async (request) => ({ accountId: sessionAccount(request) }),
  );

  app.post(
    '/auth/logout',
    { schema: { summary: 'End the session', tags: ['auth'], response: { 204: z.null() } } },
    async (request, reply) => {
      const sessionId = request.cookies[SESSION_COOKIE];
      if (sessionId) await auth.logout(sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );
};
