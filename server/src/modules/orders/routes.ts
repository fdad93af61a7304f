import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { desc, eq, inArray, and } from 'drizzle-orm';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import { OrderListSchema } from '@registry/contracts/domains';
import type { Db } from '../../db/database';
import { domains, orderLines, orders } from '../../db/schema';
import { sessionAccount } from '../auth/session-plugin';

/** Paid orders of an account, one row per line, newest first. */
export async function listOrders(db: Db, accountId: string) {
  const rows = await db
    .select({ order: orders, line: orderLines, expiresAt: domains.expiresAt })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .leftJoin(domains, eq(domains.name, orderLines.itemName))
    .where(and(eq(orders.accountId, accountId), inArray(orders.status, ['paid', 'completed'])))
    .orderBy(desc(orders.paidAt), orderLines.id);
  return rows.map(({ order, line, expiresAt }) => ({
    id: order.id,
    itemName: line.itemName,
    kind: order.kind,
    purDate: (order.paidAt ?? order.createdAt).toISOString(),
    months: line.months,
    price: line.price,
    expiresOn: expiresAt ? expiresAt.toISOString() : null,
  }));
}

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
