import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmailVerificationCodeSchema,
  EmailVerificationRequestSchema,
  MessageResponseSchema,
} from '@registry/contracts/profile';
import { errorResponses, sessionRoutes } from '../../plugins/session-routes';
import type { RateLimit, SessionRouteOptions } from '../../plugins/session-routes';
import type { EmailVerificationService } from './service';

type Options = SessionRouteOptions & { verifications: EmailVerificationService; rateLimit: RateLimit };

export const emailVerificationRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { verifications, requireSession, rateLimit },
) => {
  sessionRoutes(app, requireSession, ['my'])(
    'POST',
    '/my/email-verification',
    {
      summary: 'Mail a verification link to the profile email',
      body: EmailVerificationRequestSchema,
      response: MessageResponseSchema,
      rateLimit,
    },
    async (account, { body }) => verifications.request(account, body.email),
  );

  app.post(
    '/email-verification/verify',
    {
      config: { rateLimit },
      schema: {
        summary: 'Verify the code of a verification link',
        tags: ['reference'],
        body: EmailVerificationCodeSchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => verifications.verify(request.body.vi),
  );
};
