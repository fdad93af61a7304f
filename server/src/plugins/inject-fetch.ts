import type { FastifyInstance } from 'fastify';
import { internalRequestHeaders } from './access-log';

/** A `fetch` answered by the server itself, without a network hop (for the local ledger's mirror routes). */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { accept: 'application/json', ...internalRequestHeaders },
    });
    return new Response(new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  };
}
