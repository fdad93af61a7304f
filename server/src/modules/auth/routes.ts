import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChallengeRequestSchema,
  ChallengeResponseSchema,
  LogoutEverywhereResponseSchema,
  SessionResponseSchema,
  SignedInAccountSchema,
  VerifyRequestSchema,
} from '@registry/contracts/auth';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import { clearCookie, requestCookie, setCookie } from '../../plugins/cookies';
import type { AuthService } from './service';
import { sessionCookieName } from '../../plugins/sessions';
import { sessionRoutes } from '../../plugins/session-routes';

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
  // Sign-in sets and logout clears the session cookie with the same flags, so browsers match them.
  const cookieFlags = { httpOnly: true, sameSite: 'strict', secure: secureCookies, path: '/' } as const;
  const cookieName = sessionCookieName(secureCookies);

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
      setCookie(reply, cookieName, session.sessionId, { ...cookieFlags, expires: session.expiresAt });
      return { accountId: session.accountId, expiresAt: session.expiresAt.toISOString() };
    },
  );

  sessionRoutes(app, requireSession, ['auth'])(
    'GET',
    '/auth/session',
    { summary: 'The signed-in account', response: SignedInAccountSchema },
    async (accountId) => ({ accountId }),
  );

  sessionRoutes(app, requireSession, ['auth'])(
    'POST',
    '/auth/logout-everywhere',
    {
      summary: 'Sign out everywhere: end every session of the signed-in account, in every browser',
      response: LogoutEverywhereResponseSchema,
    },
    async (accountId) => ({ ended: await auth.logoutEverywhere(accountId) }),
  );

  app.post(
    '/auth/logout',
    { schema: { summary: 'End the session', tags: ['auth'], response: { 204: z.null() } } },
    async (request, reply) => {
      const sessionId = requestCookie(request, cookieName);
      if (sessionId) await auth.logout(sessionId);
      clearCookie(reply, cookieName, cookieFlags);
      return reply.status(204).send(null);
    },
  );
};
