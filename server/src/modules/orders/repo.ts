import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { domains, orderLines, orders } from '../../db/schema';

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
