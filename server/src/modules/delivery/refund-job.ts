import { Hbar, TransferTransaction } from '@hashgraph/sdk';
import type { LedgerWriter } from '@registry/hedera-node/ledger-writer';
import type { JobHandler } from '../../jobs/job-queue';
import type { OrderRecords } from '../orders/service';
import type { RefundPayload } from './payloads';
import { submitKept, type SubmitOnce } from './submit-once';

/** Returns a payment (all or part of it) to its payer, once. */
export function createRefundHandler(
  writer: LedgerWriter,
  submitOnce: SubmitOnce,
  orders: Pick<OrderRecords, 'markRefunded'>,
): JobHandler {
  return async (job, { savePayload }) => {
    const payload = job.payload as RefundPayload;
    const tinybars = BigInt(payload.amountTinybars);
    await submitKept(submitOnce, payload, 'refund', savePayload, () =>
      new TransferTransaction()
        .addHbarTransfer(writer.operatorId, Hbar.fromTinybars((-tinybars).toString()))
        .addHbarTransfer(payload.accountId, Hbar.fromTinybars(tinybars.toString()))
        .setTransactionMemo(`refund ${payload.paymentTransactionId ?? payload.orderId}`),
    );
    if (payload.wholeOrder && payload.orderId) await orders.markRefunded(payload.orderId);
  };
}
