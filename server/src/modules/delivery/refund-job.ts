import { Hbar, TransferTransaction } from '@hashgraph/sdk';
import type { LedgerWriter } from '@registry/hedera-node/ledger-writer';
import type { JobHandler } from '../../jobs/job-queue';
import type { MirrorReader } from '../../ledger/mirror-reader';
import type { OrderRecords } from '../orders/service';
import type { RefundPayload } from './payloads';
import { submitKept, type SubmitOnce } from './submit-once';

/** Pages of the payer's later transactions read when looking for an earlier refund. */
const REFUND_SEARCH_PAGES = 10;

/** The memo every refund carries: the payment it returns (or the order, for a payment not known). */
export const refundMemo = (payload: Pick<RefundPayload, 'paymentTransactionId' | 'orderId'>) =>
  `refund ${payload.paymentTransactionId ?? payload.orderId}`;

/**
 * The registry's own refund of this payment, if the ledger holds one already (made before the
 * database was restored to a backup older than it): found among the payer's transactions after the
 * payment, by its memo and its transfer out of the treasury.
 */
async function earlierRefund(
  mirror: Pick<MirrorReader, 'getTransaction' | 'transactionsPage'>,
  treasury: string,
  payload: RefundPayload,
): Promise<string | null> {
  if (!payload.paymentTransactionId) return null;
  const payment = await mirror.getTransaction(payload.paymentTransactionId);
  if (!payment) return null;
  const memo = Buffer.from(refundMemo(payload)).toString('base64');
  let page = await mirror.transactionsPage({
    accountId: payload.accountId,
    afterTimestamp: payment.consensus_timestamp,
  });
  for (let pages = 1; ; pages += 1) {
    const refund = page.items.find(
      (record) =>
        record.result === 'SUCCESS' &&
        record.memo_base64 === memo &&
        record.transfers.some((transfer) => transfer.account === treasury && transfer.amount < 0),
    );
    if (refund) return refund.transaction_id;
    if (!page.next || pages >= REFUND_SEARCH_PAGES) return null;
    page = await mirror.transactionsPage({ next: page.next });
  }
}

/**
 * Returns a payment (all or part of it) to its payer, once: once per job (its transaction kept in the
 * payload), and once per payment on the ledger (an earlier refund found there is not paid again).
 */
export function createRefundHandler(
  writer: LedgerWriter,
  mirror: Pick<MirrorReader, 'getTransaction' | 'transactionsPage'>,
  submitOnce: SubmitOnce,
  orders: Pick<OrderRecords, 'markRefunded'>,
): JobHandler {
  return async (job, { savePayload }) => {
    const payload = job.payload as RefundPayload;
    const tinybars = BigInt(payload.amountTinybars);
    const earlier = payload.refund ? null : await earlierRefund(mirror, writer.operatorId, payload);
    if (earlier) await savePayload({ ...payload, refundedBefore: earlier });
    else
      await submitKept(submitOnce, payload, 'refund', savePayload, () =>
        new TransferTransaction()
          .addHbarTransfer(writer.operatorId, Hbar.fromTinybars((-tinybars).toString()))
          .addHbarTransfer(payload.accountId, Hbar.fromTinybars(tinybars.toString()))
          .setTransactionMemo(refundMemo(payload)),
      );
    if (payload.wholeOrder && payload.orderId) await orders.markRefunded(payload.orderId);
  };
}
