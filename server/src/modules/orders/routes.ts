import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import { OrderListSchema } from '@registry/contracts/domains';
import type { Db } from '../../db/database';
import { sessionAccount } from '../auth/session-plugin';
import { listOrders } from './repo';

export const orderRoutes: FastifyPluginAsyncZod<{
  db: Db;
  requireSession: (request: FastifyRequest) => Promise<void>;
}> = async (app, { db, requireSession }) => {
  app.get(
    '/my/orders',
    {
      preHandler: requireSession,
      schema: {
        summary: 'Order history of the signed-in account',
        tags: ['my'],
        response: { 200: OrderListSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => ({ orders: await listOrders(db, sessionAccount(request)) }),
  );
};
