import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@registry/contracts/api-error';
import { HttpError } from '../http-error';

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
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const body: ApiError = { code: error.code ?? 'BAD_REQUEST', message: error.message };
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'request failed');
    const body: ApiError = { code: 'INTERNAL', message: 'Something went wrong' };
    return reply.status(500).send(body);
  });
}
