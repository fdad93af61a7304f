import { notFound } from '../../http-error';
import type { DeliveryCheckResponse } from '@registry/contracts/orders';
import type { Db, Executor } from '../../db/database';
import { DELIVERED_STATUS } from '@registry/contracts/orders';
import { createConfirm } from './confirm';
import { createOrderContext, type OrderDeps } from './order-context';
import { createOrderState } from './order-state';
import { paymentsAwaitingSettlement } from './payments-awaiting';
import { createPricing } from './pricing';
import { createQuote } from './quote';
import { ORDER_STATUS, PAYMENT_OUTCOME } from './order-status';
import * as repo from './repo';
import { MINT_JOB } from '../delivery/payloads';
import { createTakePayment } from './take-payment';

export { QUOTE_TTL_MS } from './quote';

/** What other parts need of orders without the payment service: the history, refund marks, record fees. */
export function createOrderRecords(db: Db) {
  return {
    history: (accountId: string) => repo.listOrders(db, accountId),
    markRefunded: (orderId: string) => repo.markOrderRefunded(db, orderId),
    /** Uses up a paid record-fee order for the name inside the caller's transaction; false without one. */
    useRecordFee: (tx: Executor, accountId: string, domainName: string) =>
      repo.useRecordFee(tx, accountId, domainName),

    /** The payment transaction of each paid order among these. */
    paymentsOf: (orderIds: string[]) => repo.paymentsOfOrders(db, orderIds),

    /**
     * A payment the journal shows delivered into a change, put back (restore, rebuild): recorded as
     * settled, so the ledger watcher neither settles nor refunds it again, and its order (when the
     * database knows it) marked paid by it.
     */
    async restorePayment(
      tx: Executor,
      payment: {
        transactionId: string;
        consensusTimestamp: string;
        payerAccount: string;
        amountTinybars: bigint;
        orderId: string;
        paidAt: Date;
      },
    ) {
      const { paidAt, ...recorded } = payment;
      await repo.recordPayment(tx, { ...recorded, outcome: PAYMENT_OUTCOME.settled });
      await repo.markPaid(tx, payment.orderId, {
        transactionId: payment.transactionId,
        paidAt,
        status: ORDER_STATUS.paid,
        refundedTinybars: 0n,
      });
    },
  };
}
export type OrderRecords = ReturnType<typeof createOrderRecords>;

/** Quote → wallet payment → confirm (verified on the ledger) → mint / apply → refund what was not delivered. */
export function createOrderService(deps: OrderDeps) {
  const context = createOrderContext(deps);
  const { db, mirror, domains, treasuryAccountId } = deps;
  const pricing = createPricing(context);
  return {
    claimEligibility: (accountId: string) => context.claimEligibility(accountId),
    preview: pricing.preview,
    quote: createQuote(context, pricing),
    confirm: createConfirm(context),
    takePayment: createTakePayment(context),
    /** Whether a payment may be on its way: some quote is open. */
    anyOpenQuote: () => repo.anyOpenQuote(db, context.now()),
    state: createOrderState(context),

    /** The wallet refused to pay: the quote ends now and its names are free again. */
    async withdraw(accountId: string, orderId: string): Promise<{ withdrawn: true }> {
      if (!(await repo.withdrawQuote(db, accountId, orderId, context.now())))
        throw notFound('No unpaid quote of yours has this id');
      return { withdrawn: true };
    },

    /** Payments of the account on the ledger that nothing has settled yet (the Pending list shows them). */
    paymentsAwaitingSettlement: (accountId: string) =>
      paymentsAwaitingSettlement({ db, mirror, treasuryAccountId }, accountId, context.now()),

    /** The buyer associated a collection: deliver what waited for it now instead of at the next re-check. */
    async checkDeliveries(accountId: string): Promise<DeliveryCheckResponse> {
      const waiting = await domains.undeliveredIdsOf(accountId);
      await deps.runJobs(await deps.queue.makeDue(MINT_JOB, 'domainId', waiting));
      const rows = await domains.byIds(waiting);
      return {
        delivered: rows.filter((row) => row.status === DELIVERED_STATUS).map((row) => row.name),
        pending: rows.filter((row) => row.status !== DELIVERED_STATUS).map((row) => row.name),
      };
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
