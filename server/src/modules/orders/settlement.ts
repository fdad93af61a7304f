import type { ConfirmResponse } from '@registry/contracts/orders';
import type { Db } from '../../db/database';
import { conflict, HttpError } from '../../http-error';
import { LedgerUnavailableError } from '@registry/hedera-node/ledger-port';
import type { MirrorReader, MirrorTransaction } from '../../ledger/mirror-reader';
import type { JobQueue } from '../../jobs/job-queue';
import { REFUND_JOB, REFUNDED, type RefundPayload } from '../delivery/payloads';
import type { DomainService } from '../domains/service';
import type { KindDeps } from './paid-kind';
import { paidKind } from './paid-kinds';
import * as repo from './repo';
import { ORDER_STATUS, PAYMENT_OUTCOME } from './order-status';
import { OK_STATUS } from '@registry/contracts/status-codes';

export const networkDown = () => new HttpError(503, 'HCS-DOWN', 'HCS link is down');

/** Another path (confirm or the ledger watcher, on this server or another) recorded this payment first. */
export class PaymentTaken extends Error {
  constructor() {
    super('the payment was recorded already');
  }
}

/** What a verified payment did: kept, partly refunded, or refunded whole because its quote had run out. */
export type Outcome = {
  expiredAndLost: string[];
  /** Jobs the payment queued, by unique key. */ jobKeys: string[];
};

/** A line's part of what was paid (discounts spread over the lines by their price). */
function shareOf(order: repo.Order, lines: repo.OrderLine[], item: repo.OrderLine): bigint {
  const listed = lines.reduce((sum, each) => sum + each.price + each.webProtection, 0);
  if (listed === 0) return 0n;
  return BigInt(Math.floor((Number(order.amountTinybars) * (item.price + item.webProtection)) / listed));
}

type Deps = {
  db: Db;
  mirror: MirrorReader;
  domains: DomainService;
  queue: JobQueue;
  kindDeps: KindDeps;
  now: () => Date;
};

/** A payment's checks against the ledger and against its order, and the refund of one no order takes. */
function createPaymentChecks({ db, mirror, queue }: Deps) {
  async function paymentRecord(transactionId: string): Promise<MirrorTransaction> {
    let record;
    try {
      record = await mirror.getTransaction(transactionId);
    } catch (error) {
      if (error instanceof LedgerUnavailableError) throw networkDown();
      throw error;
    }
    if (!record)
      throw conflict('PAYMENT_NOT_FOUND', 'The payment is not on the ledger (yet); try again shortly');
    if (record.result !== 'SUCCESS')
      throw new HttpError(402, 'PAYMENT_FAILED', `The payment failed on the ledger: ${record.result}`);
    return record;
  }

  /** Why a payment cannot be this order's, or null when it may settle it. */
  function refusal(order: repo.Order | null, payer: string, credited: bigint): string | null {
    if (!order) return 'The payment memo names no quote';
    if (order.accountId !== payer) return 'The quote in the memo belongs to another account';
    if (credited < order.amountTinybars) return `Paid ${credited} of ${order.amountTinybars} tinybars quoted`;
    if (order.transactionId !== null) return 'The quote was paid already';
    return null;
  }

  /** Sends a payment that no order may take back to its payer, whole and once. */
  async function refundPayment(
    payment: { transactionId: string; consensusTimestamp: string; payer: string; credited: bigint },
    orderId: string | null,
    reason: string,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const recorded = await repo.recordPayment(tx, {
        transactionId: payment.transactionId,
        consensusTimestamp: payment.consensusTimestamp,
        payerAccount: payment.payer,
        amountTinybars: payment.credited,
        orderId,
        outcome: PAYMENT_OUTCOME.refunded,
        reason,
      });
      if (!recorded) return false;
      const refund: RefundPayload = {
        orderId,
        paymentTransactionId: payment.transactionId,
        accountId: payment.payer,
        amountTinybars: payment.credited.toString(),
        reason,
        wholeOrder: false,
      };
      await queue.enqueue(REFUND_JOB, `refund-payment:${payment.transactionId}`, refund, tx);
      return true;
    });
  }

  return { paymentRecord, refusal, refundPayment };
}

/** What confirm answers: each line's spec status. */
function createOrderAnswers({ db, domains }: Deps) {
  /** Each line as the spec reports it: 22 delivered, 1 paid (in progress or applied), 0 refunded. */
  async function lineStatuses(order: repo.Order): Promise<ConfirmResponse['resData']> {
    const lines = await repo.linesOf(db, order.id);
    if (!paidKind(order.kind).holdsNames) {
      return lines.map((item) => ({
        itemName: item.itemName,
        status: order.status === ORDER_STATUS.refunded ? REFUNDED : 1,
      }));
    }
    const rows = await domains.ofOrder(order.id);
    return lines.map((item) => {
      const row = rows.find((domain) => domain.name === item.itemName);
      return { itemName: item.itemName, status: row ? row.status : REFUNDED };
    });
  }

  async function answer(orderId: string, accountId: string): Promise<ConfirmResponse> {
    const order = (await repo.findOrder(db, orderId, accountId))!;
    return {
      status: OK_STATUS,
      orderId,
      resData: await lineStatuses(order),
      refundedTinybars: order.refundedTinybars.toString(),
    };
  }

  return { lineStatuses, answer };
}

function createSettle({ db, queue, kindDeps, now }: Deps) {
  /**
   * Carries out a verified payment inside one transaction; answers what happened. The payment is
   * recorded as this order's in the same transaction, so it is settled once whoever gets here first
   * (the browser's confirm or the ledger watcher) and never also refunded as unmatched.
   */
  return async function settle(
    order: repo.Order,
    payment: { transactionId: string; consensusTimestamp: string },
    credited: bigint,
  ): Promise<Outcome> {
    const { transactionId } = payment;
    const paidAt = now();
    const expired = order.status === ORDER_STATUS.superseded || order.expiresAt <= paidAt;
    return db.transaction(async (tx) => {
      const recorded = await repo.recordPayment(tx, {
        transactionId,
        consensusTimestamp: payment.consensusTimestamp,
        payerAccount: order.accountId,
        amountTinybars: credited,
        orderId: order.id,
        outcome: PAYMENT_OUTCOME.settled,
      });
      if (!recorded) throw new PaymentTaken();
      const lines = await repo.linesOf(tx, order.id);

      const effect = await paidKind(order.kind).settle(
        { tx, order, lines, paidAt, expired, payment: transactionId },
        kindDeps,
      );
      const lost = effect.lost;
      const jobKeys = [...effect.jobKeys];

      const refundAll = lost.length === lines.length || (expired && lost.length > 0);
      const lineRefund = refundAll
        ? order.amountTinybars
        : lines
            .filter((item) => lost.includes(item.itemName))
            .reduce((sum, item) => sum + shareOf(order, lines, item), 0n);
      const refundedTinybars = lineRefund + (credited - order.amountTinybars);
      const marked = await repo.markPaid(tx, order.id, {
        transactionId,
        paidAt,
        status: refundAll ? ORDER_STATUS.refunded : ORDER_STATUS.paid,
        refundedTinybars,
      });
      if (!marked) throw new PaymentTaken();
      if (refundedTinybars > 0n) {
        const payload: RefundPayload = {
          orderId: order.id,
          paymentTransactionId: transactionId,
          accountId: order.accountId,
          amountTinybars: refundedTinybars.toString(),
          reason: lost.length > 0 ? `${lost.join(', ')} not available` : 'paid more than the quote',
          wholeOrder: refundAll,
        };
        await queue.enqueue(REFUND_JOB, `refund:${order.id}`, payload, tx);
        jobKeys.push(`refund:${order.id}`);
      }
      return { expiredAndLost: expired && lost.length > 0 ? lost : [], jobKeys };
    });
  };
}

/** How a payment on the ledger becomes an order's: verified, settled once, refunded what it cannot buy. */
export function createSettlement(deps: Deps) {
  return { ...createPaymentChecks(deps), ...createOrderAnswers(deps), settle: createSettle(deps) };
}
export type Settlement = ReturnType<typeof createSettlement>;
