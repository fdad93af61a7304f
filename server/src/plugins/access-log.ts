import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LogDestination } from './log-output';

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

/** Characters a JSON string must escape. */
// eslint-disable-next-line no-control-regex -- control characters are what JSON must escape
const NEEDS_ESCAPE = /["\\\u0000-\u001f\u007f-\uffff]/;

/** What pino writes after the time on every line of this process (its default base). */
const BASE = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
// eslint-disable-next-line no-control-regex -- ASCII is what is below 0x80
const BASE_IS_ASCII = /^[\u0000-\u007f]*$/.test(BASE);

let textMs = 0;
let textOfMs = '0';
/** `Date.now()` as text, the same string for every line of one millisecond. */
function timeText() {
  const now = Date.now();
  if (now !== textMs) {
    textMs = now;
    textOfMs = String(now);
  }
  return textOfMs;
}

/**
 * One access line per request, written when it completes, with what an operator reads (method, path,
 * status, time, client): Fastify's default writes two, the first with the whole request serialized.
 * The line is pino's, field for field, but put together here and handed to the log's destination:
 * through pino it cost a cached route about twice as much (`npm run bench -- --only=fixed-cost`).
 * Errors still go through pino with the error serialized.
 *
 * The response time is written from whole microseconds: a fractional number put in a string goes
 * through V8's number-to-string cache, which keeps every new string it makes in the old generation, and
 * a response time is a new number every time (about 1 MB a second of old garbage under load, then full
 * collections that cost a cached route a quarter of its CPU); the integers below a thousand it is made
 * of are in that cache once, and toFixed (a call into the runtime) cost three times as much. The time
 * is made into text once a millisecond: under load dozens of lines share it.
 *
 * A line whose path needs no escaping is all ASCII and is copied as such (no UTF-8 encoding).
 */
export function writeAccessLine(destination: LogDestination, request: FastifyRequest, reply: FastifyReply) {
  const url = request.url;
  const ascii = !NEEDS_ESCAPE.test(url);
  destination.write(
    `{"level":30,"time":${timeText()}${BASE},"reqId":"${request.id}","method":"${request.method}",` +
      `"url":${ascii ? `"${url}"` : JSON.stringify(url)},"statusCode":${reply.statusCode},` +
      `"responseTime":${millisecondsText(reply.elapsedTime)},"ip":"${request.ip ?? ''}","msg":"request completed"}\n`,
    ascii && BASE_IS_ASCII,
  );
}

/** Milliseconds with three decimals, as toFixed(3) writes them (from 0 up). */
export function millisecondsText(milliseconds: number): string {
  const micros = Math.round(milliseconds * 1000);
  const fraction = micros % 1000;
  return `${(micros - fraction) / 1000}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`;
}

/** A request that ended in an error: through pino, the error serialized. */
export function logRequestError(error: Error, request: FastifyRequest, reply: FastifyReply) {
  reply.log.error(
    {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
      ip: request.ip,
      err: error,
    },
    'request errored',
  );
}
