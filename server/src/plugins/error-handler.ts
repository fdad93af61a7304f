import { validateHeaderValue } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@registry/contracts/api-error';
import { isDatabaseUnavailable } from '../db/database-errors';
import { HttpError } from '../http-error';
import { LedgerUnavailableError } from '@registry/hedera-node/ledger-port';

export const DATABASE_UNAVAILABLE: ApiError = {
  code: 'DATABASE_UNAVAILABLE',
  message: 'The database is not reachable right now; try again shortly',
};

export const LEDGER_UNAVAILABLE: ApiError = {
  code: 'LEDGER_UNAVAILABLE',
  message: 'The ledger is not reachable right now; try again shortly',
};

/** Every failure answers `{ code, message }`; bad input is a 4xx, never a 5xx. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? ` (${first.instancePath.replace(/^\//, '')})` : '';
      const body: ApiError = {
        code: 'BAD_REQUEST',
        message: `${first?.message ?? 'Invalid request'}${where}`,
      };
      return reply.status(400).send(body);
    }
    if (error instanceof HttpError) {
      const body: ApiError = { code: error.code, message: error.message };
      return reply.status(error.statusCode).send(body);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send(DATABASE_UNAVAILABLE);
    }
    // The ledger or its mirror node did not answer: this request fails, the next may not.
    if (error instanceof LedgerUnavailableError) {
      request.log.warn({ err: error }, 'ledger unavailable');
      return reply.status(503).send(LEDGER_UNAVAILABLE);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const body: ApiError = { code: error.code ?? 'BAD_REQUEST', message: error.message };
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'request failed');
    // A header the route set may be what failed (a character Node refuses): it must not fail this answer too.
    dropUnsendableHeaders(reply);
    const body: ApiError = { code: 'INTERNAL', message: 'Something went wrong' };
    return reply.status(500).send(body);
  });
}

/** Removes the redirect and any header Node would refuse to write, so the error answer itself goes out. */
function dropUnsendableHeaders(reply: FastifyReply) {
  reply.removeHeader('location');
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined) continue;
    try {
      for (const part of [value].flat()) validateHeaderValue(name, String(part));
    } catch {
      reply.removeHeader(name);
    }
  }
}

/** Errors Fastify meets before routing (a malformed URL, say): the same `{ code, message }` shape. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const body: ApiError = { code: 'BAD_REQUEST', message: error.message };
  void reply.status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send(body);
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'HEADERS_TOO_LARGE', 'The request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive'],
};

/** Requests Node cannot parse (oversized headers, a request that trickles in too slowly). */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy(error);
    return;
  }
  const [status, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'BAD_REQUEST',
    'Malformed request',
  ];
  const body = JSON.stringify({ code, message } satisfies ApiError);
  socket.end(
    `HTTP/1.1 ${status} ${code}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
