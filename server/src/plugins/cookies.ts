import { parseCookie, stringifySetCookie, type SerializeOptions } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Cookies read and written where a route needs them, with the `cookie` library: only sign-in and
 * `/remotes.json` do. A cookie plugin parses every request's cookies and runs a hook on every answer
 * (about 1 µs a request, 8 % of a cached route's CPU, `npm run bench -- --only=fixed-cost`).
 */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header ? parseCookie(header)[name] : undefined;
}

export type CookieOptions = Omit<SerializeOptions, 'encode'>;

/** Adds a Set-Cookie header (several may go out on one answer); `sameSite` is lax unless given. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions) {
  reply.header('set-cookie', stringifySetCookie({ sameSite: 'lax', ...options, name, value }));
}

/** Tells the browser to drop the cookie (the same path and domain as when it was set). */
export function clearCookie(reply: FastifyReply, name: string, options: CookieOptions) {
  setCookie(reply, name, '', { ...options, expires: new Date(0), maxAge: 0 });
}
