import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http-error';
import { requestCookie } from './cookies';

/** Finds the live session a cookie names (the auth module's service). */
export type SessionLookup = { session(sessionId: string): Promise<{ accountId: string } | null> };

export const SESSION_COOKIE = 'registry_session';

/**
 * Over https the cookie carries the `__Host-` prefix: browsers then keep it only when it is Secure, has
 * path `/` and no Domain, so a sibling subdomain cannot set or shadow it.
 */
export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in wallet account; set by `requireSession`. */
    accountId: string | null;
  }
}

/** Adds `request.accountId` and the `requireSession` pre-handler used by account-scoped routes. */
export function registerSessions(app: FastifyInstance, auth: SessionLookup, cookieName: string) {
  app.decorateRequest('accountId', null);
  return {
    async requireSession(request: FastifyRequest) {
      const sessionId = requestCookie(request, cookieName);
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
