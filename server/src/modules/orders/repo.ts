import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database';
import { domains, ledgerPayments, nameHolds, orderLines, orders } from '../../db/schema';
import { ORDER_STATUS, PAID_STATUSES, PAYMENT_OUTCOME, UNPAID_STATUSES } from './order-status';
import { tinybarsToHbar } from '@registry/contracts/hbar';

export type Order = typeof orders.$inferSelect;

/** Whether any quote is open now (its partial index keeps this one index probe however many orders). */
export async function anyOpenQuote(db: Db, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, ORDER_STATUS.quoted), gte(orders.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}
export type OrderLine = typeof orderLines.$inferSelect;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;

/** PostgreSQL's unique_violation: a concurrent request took what this one wanted. */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let current = error; current && typeof current === 'object';) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

export async function insertOrder(
  executor: Executor,
  order: typeof orders.$inferInsert,
  lines: NewOrderLine[],
): Promise<Order> {
  const [row] = await executor.insert(orders).values(order).returning();
  await executor.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: row!.id })));
  return row!;
}

export async function findOrder(db: Executor, orderId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.accountId, accountId)));
  return row ?? null;
}

/** An order by its id alone: the ledger watcher knows a payment's memo, not whose session paid. */
export async function findOrderById(db: Executor, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

export type PaymentRecord = typeof ledgerPayments.$inferInsert;

/**
 * Records what became of a payment the treasury received, once: false when it was recorded already
 * (settled or refunded by another path), so exactly one settlement or refund follows a payment.
 */
export async function recordPayment(executor: Executor, payment: PaymentRecord): Promise<boolean> {
  const inserted = await executor
    .insert(ledgerPayments)
    .values(payment)
    .onConflictDoNothing({ target: ledgerPayments.transactionId })
    .returning({ transactionId: ledgerPayments.transactionId });
  return inserted.length > 0;
}

export async function paymentOutcome(db: Executor, transactionId: string) {
  const [row] = await db
    .select({ outcome: ledgerPayments.outcome, reason: ledgerPayments.reason })
    .from(ledgerPayments)
    .where(eq(ledgerPayments.transactionId, transactionId));
  return row ?? null;
}

/** Payments refunded whole that no order took (unknown memo, too little, paid twice, another's quote). */
export async function refundedPaymentsOf(db: Db, accountId: string) {
  return db
    .select()
    .from(ledgerPayments)
    .where(
      and(eq(ledgerPayments.payerAccount, accountId), eq(ledgerPayments.outcome, PAYMENT_OUTCOME.refunded)),
    );
}

export async function linesOf(executor: Executor, orderId: string): Promise<OrderLine[]> {
  return executor.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
}

export async function orderWithTransaction(db: Db, transactionId: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.transactionId, transactionId));
  return row ?? null;
}

/** Who holds names for a quote, and the limits of one quote's hold. */
export type NameHold = {
  orderId: string;
  accountId: string;
  clientAddress: string | null;
  expiresAt: Date;
  now: Date;
  /** One quote's life: an account's unbroken hold of a name never lasts longer than this. */
  ttlMs: number;
};

/**
 * Holds each name for the order unless another account holds it now; answers the names refused and,
 * of those held, when the first hold ends. An account that held a name within the last quote's life
 * continues that hold (same start), so re-quoting or withdrawing and quoting again never holds a name
 * longer than one quote's life from the first; another account may take it once that hold ends. The
 * unique key on the name makes concurrent quotes for one name queue up here: exactly one of them wins.
 */
export async function holdNames(
  executor: Executor,
  hold: NameHold,
  names: string[],
): Promise<{ refused: string[]; endsAt: Date | null }> {
  const refused: string[] = [];
  let endsAt: Date | null = null;
  const now = sql`${hold.now.toISOString()}::timestamptz`;
  const ttl = sql`${hold.ttlMs} * interval '1 millisecond'`;
  const continued = sql`${nameHolds.accountId} = ${hold.accountId} and ${nameHolds.expiresAt} + ${ttl} > ${now}`;
  for (const name of names) {
    const [taken] = await executor
      .insert(nameHolds)
      .values({
        name,
        orderId: hold.orderId,
        accountId: hold.accountId,
        clientAddress: hold.clientAddress,
        expiresAt: hold.expiresAt,
        heldSince: hold.now,
      })
      .onConflictDoUpdate({
        target: nameHolds.name,
        set: {
          orderId: hold.orderId,
          accountId: hold.accountId,
          clientAddress: hold.clientAddress,
          heldSince: sql`case when ${continued} then ${nameHolds.heldSince} else excluded.held_since end`,
          expiresAt: sql`case when ${continued} then least(excluded.expires_at, ${nameHolds.heldSince} + ${ttl}) else excluded.expires_at end`,
        },
        setWhere: or(
          eq(nameHolds.orderId, hold.orderId),
          eq(nameHolds.accountId, hold.accountId),
          lte(nameHolds.expiresAt, hold.now),
        ),
      })
      .returning({ name: nameHolds.name, expiresAt: nameHolds.expiresAt });
    if (!taken) refused.push(name);
    else if (endsAt === null || taken.expiresAt < endsAt) endsAt = taken.expiresAt;
  }
  return { refused, endsAt };
}

/**
 * How many names the account, and the client address, hold now in unpaid quotes, leaving out the given
 * names (a re-quote of them takes no new hold).
 */
export async function countLiveHolds(
  executor: Executor,
  holder: { accountId: string; clientAddress: string | null },
  now: Date,
  exceptNames: string[],
): Promise<{ byAccount: number; byAddress: number }> {
  const live = and(
    gt(nameHolds.expiresAt, now),
    exceptNames.length > 0 ? notInArray(nameHolds.name, exceptNames) : undefined,
  );
  const [row] = await executor
    .select({
      byAccount: sql<number>`count(*) filter (where ${nameHolds.accountId} = ${holder.accountId})`.mapWith(
        Number,
      ),
      byAddress:
        sql<number>`count(*) filter (where ${nameHolds.clientAddress} = ${holder.clientAddress ?? ''})`.mapWith(
          Number,
        ),
    })
    .from(nameHolds)
    .where(
      and(
        live,
        holder.clientAddress
          ? or(eq(nameHolds.accountId, holder.accountId), eq(nameHolds.clientAddress, holder.clientAddress))
          : eq(nameHolds.accountId, holder.accountId),
      ),
    );
  return row ?? { byAccount: 0, byAddress: 0 };
}

/** The order ends when the first of its holds does (a continued hold may end before a full quote's life). */
export async function shortenQuote(executor: Executor, orderId: string, expiresAt: Date) {
  await executor.update(orders).set({ expiresAt }).where(eq(orders.id, orderId));
}

/**
 * The buyer's wallet refused to pay a quote: it ends now and its names are free for anyone. Answers
 * false when the account has no such unpaid quote. A payment that still arrives for it is then one for
 * an expired quote (settled if its names are still free, refunded otherwise).
 */
export async function withdrawQuote(db: Db, accountId: string, orderId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [withdrawn] = await tx
      .update(orders)
      .set({ expiresAt: now })
      .where(
        and(eq(orders.id, orderId), eq(orders.accountId, accountId), eq(orders.status, ORDER_STATUS.quoted)),
      )
      .returning({ id: orders.id });
    if (!withdrawn) return false;
    // The holds end now but stay on record: a new quote by the same account continues them.
    await tx.update(nameHolds).set({ expiresAt: now }).where(eq(nameHolds.orderId, orderId));
    return true;
  });
}

/** A paid order's names are registered now: their holds go. */
export async function releaseHolds(executor: Executor, orderId: string) {
  await executor.delete(nameHolds).where(eq(nameHolds.orderId, orderId));
}

/** A new claim quote replaces the account's earlier open (unpaid) one, live or expired. */
export async function supersedeOpenClaims(executor: Executor, accountId: string) {
  await executor
    .update(orders)
    .set({ status: ORDER_STATUS.superseded })
    .where(
      and(eq(orders.accountId, accountId), eq(orders.kind, 'claim'), eq(orders.status, ORDER_STATUS.quoted)),
    );
}

export async function hasPaidClaim(db: Executor, accountId: string, exceptOrderId?: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.kind, 'claim'),
        inArray(orders.status, PAID_STATUSES),
        exceptOrderId ? sql`${orders.id} <> ${exceptOrderId}` : undefined,
      ),
    );
  return Boolean(row);
}

/** Marks an order paid by this transaction, once: false when another request did it first. */
export async function markPaid(
  executor: Executor,
  orderId: string,
  payment: {
    transactionId: string;
    paidAt: Date;
    status: typeof ORDER_STATUS.paid | typeof ORDER_STATUS.refunded;
    refundedTinybars: bigint;
  },
): Promise<boolean> {
  const updated = await executor
    .update(orders)
    .set(payment)
    .where(and(eq(orders.id, orderId), inArray(orders.status, UNPAID_STATUSES)))
    .returning({ id: orders.id });
  return updated.length > 0;
}

export async function markOrderRefunded(db: Db, orderId: string) {
  await db.update(orders).set({ status: ORDER_STATUS.refunded }).where(eq(orders.id, orderId));
}

/** Paid orders of an account, one row per line, newest first. */
export async function listOrders(db: Db, accountId: string) {
  const rows = await db
    .select({ order: orders, line: orderLines, expiresAt: domains.expiresAt })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .leftJoin(domains, and(eq(domains.name, orderLines.itemName), eq(domains.ownerAccount, orders.accountId)))
    .where(
      and(eq(orders.accountId, accountId), inArray(orders.status, [...PAID_STATUSES, ORDER_STATUS.refunded])),
    )
    .orderBy(desc(orders.paidAt), orderLines.id);
  const refunds = (await refundedPaymentsOf(db, accountId)).map((payment) => ({
    id: payment.transactionId,
    itemName: payment.reason ?? 'Payment',
    kind: 'payment-refund',
    purDate: payment.createdAt.toISOString(),
    months: 0,
    price: tinybarsToHbar(payment.amountTinybars),
    expiresOn: null,
    refundedHbar: tinybarsToHbar(payment.amountTinybars),
    transactionId: payment.transactionId,
  }));
  const bought = rows.map(({ order, line, expiresAt }) => ({
    id: order.id,
    itemName: line.itemName,
    kind: order.kind,
    purDate: (order.paidAt ?? order.createdAt).toISOString(),
    months: line.months,
    price: line.price,
    expiresOn: expiresAt ? expiresAt.toISOString() : null,
    refundedHbar: tinybarsToHbar(order.refundedTinybars),
    transactionId: order.transactionId,
  }));
  // Newest first; a stable sort keeps an order's lines together.
  return [...bought, ...refunds].sort((a, b) => b.purDate.localeCompare(a.purDate));
}

/** The account's quotes made since `since` that no payment has settled yet, with their lines. */
export async function unpaidOrdersSince(db: Db, accountId: string, since: Date) {
  const rows = await db
    .select({ order: orders, line: orderLines })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.accountId, accountId),
        isNull(orders.transactionId),
        inArray(orders.status, UNPAID_STATUSES),
        gte(orders.createdAt, since),
      ),
    )
    .orderBy(orders.createdAt, orderLines.id);
  const byId = new Map<string, { order: Order; lines: OrderLine[] }>();
  for (const { order, line } of rows) {
    const entry = byId.get(order.id) ?? { order, lines: [] };
    entry.lines.push(line);
    byId.set(order.id, entry);
  }
  return [...byId.values()];
}

/** Which of these payments the registry has settled or refunded already. */
export async function recordedPayments(db: Executor, transactionIds: string[]): Promise<Set<string>> {
  if (transactionIds.length === 0) return new Set();
  const rows = await db
    .select({ transactionId: ledgerPayments.transactionId })
    .from(ledgerPayments)
    .where(inArray(ledgerPayments.transactionId, transactionIds));
  return new Set(rows.map((row) => row.transactionId));
}

/**
 * Uses up one paid record-fee order of the account for the name (inside the caller's transaction, row
 * locked); false when there is none.
 */
export async function useRecordFee(tx: Executor, accountId: string, domainName: string): Promise<boolean> {
  const [paid] = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.accountId, accountId),
        eq(orders.kind, 'record-fee'),
        eq(orders.status, ORDER_STATUS.paid),
        eq(orderLines.itemName, domainName),
      ),
    )
    .limit(1)
    .for('update');
  if (!paid) return false;
  await tx.update(orders).set({ status: ORDER_STATUS.completed }).where(eq(orders.id, paid.id));
  return true;
}

/** The payment transaction of each paid order among these. */
export async function paymentsOfOrders(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: orders.id, transactionId: orders.transactionId })
    .from(orders)
    .where(and(inArray(orders.id, orderIds), isNotNull(orders.transactionId)));
  return new Map(rows.map((row) => [row.id, row.transactionId!]));
}
