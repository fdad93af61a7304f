import { randomBytes } from 'node:crypto';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The server's calls to itself (the ledger watcher and the payment checks reading the local ledger's
 * mirror routes through `app.inject`) carry a header only this process knows, so they are told apart
 * from visitors' requests: not logged, not counted in the request metrics.
 */
const INTERNAL_HEADER = 'x-registry-internal';
const INTERNAL_TOKEN = randomBytes(16).toString('hex');

export const internalRequestHeaders = { [INTERNAL_HEADER]: INTERNAL_TOKEN };

export const isInternalRequest = (request: Pick<FastifyRequest, 'headers'>) =>
  request.headers[INTERNAL_HEADER] === INTERNAL_TOKEN;

/**
 * One access line per request, written when it completes, with what an operator reads (method, path,
 * status, time, client): Fastify's default writes two, the first with the whole request serialized,
 * which cost a cached route more than a third of its throughput.
 */
export class AccessLog extends LogController {
  constructor() {
    super({ disableRequestLogging: isInternalRequest });
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
