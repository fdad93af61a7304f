import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Wallets, explorers and other apps call the public look-ups from their own pages, without credentials. */
export async function openToEveryOrigin(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('Access-Control-Allow-Origin', '*');
}

/**
 * A GET answer's ETag (a hash of its body): a client that has it gets 304 and no body. Revalidated on
 * every use, since a holder or a primary name may change at any time.
 */
export async function etagged(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
  reply.header('ETag', etag).header('Cache-Control', 'public, no-cache');
  const asked = request.headers['if-none-match'];
  if (asked && asked.split(',').some((value) => value.trim().replace(/^W\//, '') === etag)) {
    reply.code(304);
    return '';
  }
  return payload;
}

/** A JSON POST from another origin is preflighted: the browser asks first. */
export function answerPreflight(app: FastifyInstance, url: string) {
  app.options(url, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Allow-Methods', 'POST')
      .header('Access-Control-Allow-Headers', 'content-type')
      .header('Access-Control-Max-Age', '86400')
      .code(204)
      .send(),
  );
}
