import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import { HttpError } from '../http-error';
import { sessionAccount } from './sessions';

/** What a module's session routes are given: the check that a request carries a signed-in session. */
export type SessionRouteOptions = { requireSession: (request: FastifyRequest) => Promise<void> };

/** How many requests one client may make in a time window (@fastify/rate-limit). */
export type RateLimit = { max: number; timeWindow: number };

type Schemas = {
  params?: z.core.$ZodType;
  querystring?: z.core.$ZodType;
  body?: z.core.$ZodType;
  response: z.core.$ZodType;
};

type Parsed<T> = T extends z.core.$ZodType ? z.output<T> : undefined;

/** What a session route's handler gets besides the account: the validated request parts. */
export type SessionInput<S extends Schemas> = {
  params: Parsed<S['params']>;
  query: Parsed<S['querystring']>;
  body: Parsed<S['body']>;
  /** The client's address (from the socket, or a trusted proxy's header). */
  clientAddress: string;
};

/** The error answers a route documents: each status code with the `{ code, message }` body. */
export function errorResponses<const Code extends number>(...codes: Code[]) {
  return Object.fromEntries(codes.map((code) => [code, ApiErrorSchema])) as Record<
    Code,
    typeof ApiErrorSchema
  >;
}

const SESSION_ERRORS = errorResponses(400, 401, 402, 403, 404, 409, 429, 503);

/**
 * A limit counted per signed-in account. It is a limiter of its own (not the route's hook), so a route
 * may have both: the plugin runs only the first hook of a request.
 */
function perAccountLimit(app: FastifyInstance, limit: RateLimit) {
  const counted = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `account:${sessionAccount(request)}`,
  });
  return async (request: FastifyRequest) => {
    const result = await counted(request);
    if (!result.isAllowed && result.isExceeded)
      throw new HttpError(429, 'RATE_LIMITED', `Too many requests, try again in ${result.ttlInSeconds} s`);
  };
}

/**
 * Defines routes of the signed-in account. The session is checked when the request arrives, before
 * its body is read or validated, so a caller without one learns only 401; the handler gets the
 * session's account, never one sent by the client.
 */
export function sessionRoutes(
  app: FastifyInstance,
  requireSession: (request: FastifyRequest) => Promise<void>,
  tags: string[],
) {
  return function route<S extends Schemas>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    definition: S & {
      summary: string;
      /** Per client address. */
      rateLimit?: RateLimit;
      /** Per signed-in account, whatever address or session it comes from. */
      accountRateLimit?: RateLimit;
    },
    handler: (accountId: string, input: SessionInput<S>) => Promise<z.input<S['response']>>,
  ) {
    const { summary, rateLimit, accountRateLimit, response, ...parts } = definition;
    // The zod validator compiler parses each part; the handler gets them typed through SessionInput.
    app.route({
      method,
      url,
      onRequest: requireSession,
      ...(rateLimit ? { config: { rateLimit } } : {}),
      ...(accountRateLimit ? { preHandler: perAccountLimit(app, accountRateLimit) } : {}),
      schema: { summary, tags, ...parts, response: { 200: response, ...SESSION_ERRORS } } as FastifySchema,
      handler: async (request) =>
        handler(sessionAccount(request), {
          params: request.params,
          query: request.query,
          body: request.body,
          clientAddress: request.ip,
        } as SessionInput<S>),
    });
  };
}
