import type { ConfirmResponse } from '@registry/contracts/orders';
import { normaliseTransactionId, payerOf } from '@registry/contracts/hedera-ids';
import { badRequest, conflict, HttpError, notFound } from '../../http-error';
import type { OrderContext } from './order-context';
import { memoOf } from './payment-record';
import * as repo from './repo';
import { PaymentTaken, type Outcome } from './settlement';
import { ORDER_STATUS, PAYMENT_OUTCOME } from './order-status';

export const quoteExpired = (names: string[]) =>
  conflict(
    'QUOTE_EXPIRED',
    `This quote had expired and ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} no longer free; the payment is refunded`,
  );

/**
 * Verifies the payment on the ledger and carries the order out. Trusts nothing the client says
 * about the payment: payer, payee, amount, memo and result come from the mirror node.
 */
export function createConfirm({ deps, settlement, creditedBy }: OrderContext) {
  const { db } = deps;
  const { answer, paymentRecord, settle } = settlement;

  /**
   * The order was settled by this payment already (an earlier confirm, or the ledger watcher a moment
   * ago): the answer waits briefly for its jobs as it would have after settling here, so the buyer
   * hears the same whichever got there first.
   */
  async function answerSettled(orderId: string, accountId: string) {
    await deps.runJobs(await deps.queue.openKeysEndingWith(`:${orderId}`));
    return answer(orderId, accountId);
  }

  return async function confirm(
    accountId: string,
    orderId: string,
    rawTransactionId: string,
  ): Promise<ConfirmResponse> {
    const transactionId = normaliseTransactionId(rawTransactionId);
    if (!transactionId)
      throw badRequest('BAD_TRANSACTION_ID', 'transactionId must look like 0.0.1234@1700000000.000000001');
    const order = await repo.findOrder(db, orderId, accountId);
    if (!order) throw notFound('No such order');
    if (order.transactionId !== null) {
      if (order.transactionId !== transactionId)
        throw conflict('ORDER_ALREADY_PAID', 'This order was already paid');
      // The same confirmation again: the same answer.
      if (order.status === ORDER_STATUS.refunded && order.paidAt && order.expiresAt <= order.paidAt)
        throw quoteExpired((await repo.linesOf(db, order.id)).map((item) => item.itemName));
      return answerSettled(orderId, accountId);
    }
    if (payerOf(transactionId) !== accountId)
      throw badRequest('PAYER_MISMATCH', 'The payment was not made by the signed-in account');
    const usedBy = await repo.orderWithTransaction(db, transactionId);
    // The watcher settled this very order with it since the order was read above.
    if (usedBy?.id === order.id) return answerSettled(orderId, accountId);
    if (usedBy) throw conflict('TRANSACTION_ALREADY_USED', 'This payment was already used for another order');

    const record = await paymentRecord(transactionId);
    const credited = creditedBy(record);
    if (credited < order.amountTinybars) {
      throw new HttpError(
        402,
        'UNDERPAID',
        `The payment credited ${credited} of ${order.amountTinybars} tinybars to the registry`,
      );
    }
    if (memoOf(record) !== order.id)
      throw new HttpError(402, 'WRONG_MEMO', 'The payment memo is not this order');
    // After the checks above, so a short payment the watcher refunded first gets the same 402.
    if ((await repo.paymentOutcome(db, transactionId))?.outcome === PAYMENT_OUTCOME.refunded)
      throw conflict('PAYMENT_REFUNDED', 'This payment matched no open quote and was refunded');

    let outcome: Outcome;
    try {
      outcome = await settle(
        order,
        { transactionId, consensusTimestamp: record.consensus_timestamp },
        credited,
      );
    } catch (error) {
      if (error instanceof PaymentTaken || repo.isUniqueViolation(error)) {
        // The ledger watcher may have settled this very payment a moment ago: the same answer then.
        const settled = await repo.findOrder(db, orderId, accountId);
        if (settled?.transactionId === transactionId) return answerSettled(orderId, accountId);
        if ((await repo.paymentOutcome(db, transactionId))?.outcome === PAYMENT_OUTCOME.refunded)
          throw conflict('PAYMENT_REFUNDED', 'This payment matched no open quote and was refunded');
        if (settled?.transactionId) throw conflict('ORDER_ALREADY_PAID', 'This order was already paid');
        throw conflict('TRANSACTION_ALREADY_USED', 'This payment was already used for another order');
      }
      throw error;
    }
    await deps.runJobs(outcome.jobKeys);
    if (outcome.expiredAndLost.length > 0) throw quoteExpired(outcome.expiredAndLost);
    return answer(orderId, accountId);
  };
}
