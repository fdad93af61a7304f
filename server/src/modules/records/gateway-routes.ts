import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainParamsSchema } from '@registry/contracts/domains';
import type { RecordService } from './service';
import { escapeHtml } from '../../plugins/escape-html';

/** The small page a name without an active web2 address gets: works with JavaScript off. */
function gatewayPage(name: string, message: string) {
  const safeName = escapeHtml(name);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${safeName} · Hedera Domains</title>
  </head>
  <body>
    <main>
      <h1>${safeName}</h1>
      <p>${escapeHtml(message)}</p>
      <p><a href="/resolver">Resolve another name</a></p>
    </main>
  </body>
</html>
`;
}

/**
 * The HTTP gateway: `GET /r/{name}` answers 302 to the name's web2 address when its record is active,
 * else a small page with the resolver's message, so links to names work without the app.
 */
export const gatewayRoutes: FastifyPluginAsyncZod<{
  records: RecordService;
  rateLimit: { max: number; timeWindow: number };
}> = async (app, { records, rateLimit }) => {
  app.get(
    '/r/:name',
    {
      config: { rateLimit },
      schema: {
        summary: "Go to a name's web2 address (302), or a page saying why not",
        tags: ['resolver'],
        params: DomainParamsSchema,
      },
    },
    async (request, reply) => {
      const answer = await records.gateway(request.params.name);
      // The server keeps answers briefly and drops them when a record changes: clients ask every time.
      reply.header('Cache-Control', 'no-cache');
      if (answer.kind === 'redirect') return reply.redirect(answer.url, 302);
      return reply
        .status(answer.statusCode)
        .type('text/html; charset=utf-8')
        .send(gatewayPage(request.params.name, answer.message));
    },
  );
};
