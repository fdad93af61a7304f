import { PAID_STATUS, type OrderKind, type OrderState } from '@registry/contracts/orders';
import { normaliseTransactionId, payerOf } from '@registry/contracts/hedera-ids';
import { notFound } from '../../http-error';
import type { OrderContext } from './order-context';
import { paidKind } from './paid-kinds';
import * as repo from './repo';
import { ORDER_STATUS, PAYMENT_OUTCOME } from './order-status';

/**
 * Where one of the account's orders stands, read from the server's records and (for a payment the
 * browser made that nothing has settled yet) from the ledger.
 */
export function createOrderState({ deps, settlement }: OrderContext) {
  const { db, mirror } = deps;
  const { lineStatuses } = settlement;
  return async function state(
    accountId: string,
    orderId: string,
    rawTransactionId?: string,
  ): Promise<OrderState> {
    const order = await repo.findOrder(db, orderId, accountId);
    if (!order) throw notFound('No such order');
    const lines = await lineStatuses(order);
    const base = {
      orderId,
      kind: order.kind as OrderKind,
      lines,
      refundedTinybars: order.refundedTinybars.toString(),
    };
    if (order.status === ORDER_STATUS.refunded) return { ...base, state: 'refunded' };
    if (order.transactionId !== null) {
      const waiting = lines.some((line) => line.status === PAID_STATUS) && paidKind(order.kind).holdsNames;
      return { ...base, state: waiting ? 'settling' : 'done' };
    }
    const transactionId = rawTransactionId ? normaliseTransactionId(rawTransactionId) : null;
    if (transactionId && payerOf(transactionId) === accountId) {
      if ((await repo.paymentOutcome(db, transactionId))?.outcome === PAYMENT_OUTCOME.refunded)
        return { ...base, state: 'refunded' };
      const record = await mirror.getTransaction(transactionId).catch(() => null);
      if (record?.result === 'SUCCESS') return { ...base, state: 'received' };
    }
    return { ...base, state: 'quoted' };
  };
}
