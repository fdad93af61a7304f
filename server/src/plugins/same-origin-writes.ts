import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { HttpError } from '../http-error';

/** Methods that only read: the embed's public reads stay open to any origin. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route changes nothing (a search sent as POST): any origin may call it. */
    readsOnly?: boolean;
  }
}

/** Where a browser says a request comes from, when it says so (`Sec-Fetch-Site`). */
const SAME_SITE_FETCHES = new Set(['same-origin', 'none']);

/**
 * Whether a state-changing request may come from the page that sent it. Browsers send `Origin` on
 * every POST, PUT and DELETE (and `Sec-Fetch-Site`): it must be the app's public origin or the origin
 * the request was addressed to. A request with neither header comes from no browser page (the release
 * command, a script with its own credentials) and no cookie of a visitor's can ride on it unasked.
 */
export function isSameOriginWrite(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (origin === publicOrigin) return true;
    try {
      // The host the request was addressed to, written as the origin writes it (no default port).
      const sent = new URL(origin);
      return sent.host === new URL(`${sent.protocol}//${request.headers.host ?? ''}`).host;
    } catch {
      return false;
    }
  }
  const site = request.headers['sec-fetch-site'];
  return site === undefined || SAME_SITE_FETCHES.has(String(site));
}

/** Whether a route changes state: any method but the reads, unless it marks itself `readsOnly`. */
export function writes(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some((method) => !READS.has(method)) && !route.config?.readsOnly;
}

/**
 * Refuses a write under this scope sent from another site, JSON or not: a sibling subdomain's page can
 * send the SameSite session cookie, but not this origin. The check goes on the writing routes only
 * (registered after this call), first among their hooks, so reads pay nothing for it.
 */
export function refuseCrossOriginWrites(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  const check: onRequestHookHandler = async (request) => {
    if (!isSameOriginWrite(request, publicOrigin))
      throw new HttpError(
        403,
        'CROSS_ORIGIN',
        'This request changes state and must come from the app itself, not from another site',
      );
  };
  app.addHook('onRoute', (route) => {
    if (!writes(route)) return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [check, ...own];
  });
}
