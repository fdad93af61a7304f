import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../http-error';
import { requestCookie } from '../../plugins/cookies';
import type { AuthService } from './service';

export const SESSION_COOKIE = 'registry_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in wallet account; set by `requireSession`. */
    accountId: string | null;
  }
}

/** Adds `request.accountId` and the `requireSession` pre-handler used by account-scoped routes. */
export function registerSessions(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('accountId', null);
  return {
    async requireSession(request: FastifyRequest) {
      const sessionId = requestCookie(request, SESSION_COOKIE);
      const session = sessionId ? await auth.session(sessionId) : null;
      if (!session) throw unauthorized();
      request.accountId = session.accountId;
    },
  };
}

/** The account of a request that passed `requireSession`. */
export function sessionAccount(request: FastifyRequest): string {
  if (!request.accountId) throw unauthorized();
  return request.accountId;
}
