import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TldListResponseSchema } from '@registry/contracts/tld';
import type { TldService } from './service';

export const tldRoutes: FastifyPluginAsyncZod<{ tlds: TldService }> = async (app, { tlds }) => {
  app.get(
    '/tlds',
    {
      schema: {
        summary: 'Top-level domains on sale',
        tags: ['domains'],
        response: { 200: TldListResponseSchema },
      },
    },
    async () => tlds.list(),
  );
};
