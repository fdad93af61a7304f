import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document at /api/openapi.json and a docs page at /api/docs, both from the zod schemas. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Hedera Domains API',
        description:
          'Search, buy and manage web3 domains on Hedera. Account-scoped calls use the session cookie set by wallet sign-in. Errors answer `{ code, message }`.',
        version: '1.0.0',
      },
      tags: [
        { name: 'auth', description: 'Wallet sign-in (HIP-820 signed challenge)' },
        { name: 'domains', description: 'Search, availability and suggestions' },
        { name: 'my', description: 'The signed-in account' },
        { name: 'records', description: 'Domain records' },
        { name: 'resolver', description: 'Public resolver' },
        { name: 'reference', description: 'Reference data' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
