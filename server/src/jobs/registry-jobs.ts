import { Hbar, TransferTransaction } from '@hashgraph/sdk';
import type { LedgerWriter } from '@registry/hedera-node/ledger-writer';
import type { MirrorReader } from '../ledger/mirror-reader';
import type { DomainService } from '../modules/domains/service';
import type { OrderRecords } from '../modules/orders/service';
import type { BatchJobHandler, JobHandler } from './job-queue';
import { createCollections, type CollectionTlds } from './registry/collections';
import { createMintHandler } from './registry/mint-job';
import type { RefundPayload } from './registry/payloads';
import { createSubmitOnce, type SubmitOnce } from './registry/submit-once';

export {
  associationRecheckMs,
  MINT_BATCH,
  REFUNDED,
  type MintPayload,
  type RefundPayload,
} from './registry/payloads';

type Deps = {
  writer: LedgerWriter;
  mirror: MirrorReader;
  domains: Pick<DomainService, 'byIds' | 'markMinted' | 'markDelivered'>;
  tlds: CollectionTlds;
  orders: Pick<OrderRecords, 'markRefunded'>;
};

/** Returns a payment (all or part of it) to its payer, once. */
function createRefundHandler(
  writer: LedgerWriter,
  submitOnce: SubmitOnce,
  orders: Deps['orders'],
): JobHandler {
  return async (job, { savePayload }) => {
    let payload = job.payload as RefundPayload;
    const tinybars = BigInt(payload.amountTinybars);
    await submitOnce(
      payload.refund,
      () =>
        new TransferTransaction()
          .addHbarTransfer(writer.operatorId, Hbar.fromTinybars((-tinybars).toString()))
          .addHbarTransfer(payload.accountId, Hbar.fromTinybars(tinybars.toString()))
          .setTransactionMemo(`refund ${payload.paymentTransactionId ?? payload.orderId}`),
      async (stored) => {
        payload = { ...payload, refund: stored };
        await savePayload(payload);
      },
    );
    if (payload.wholeOrder && payload.orderId) await orders.markRefunded(payload.orderId);
  };
}

/** The registry's ledger work: minting and delivering paid names, refunding payments. */
export function createRegistryJobs({ writer, mirror, domains, tlds, orders }: Deps) {
  const submitOnce = createSubmitOnce(writer, mirror);
  const collectionOf = createCollections(writer, tlds, submitOnce);
  return {
    handlers: {
      mint: createMintHandler({ writer, mirror, domains, submitOnce, collectionOf }),
      refund: createRefundHandler(writer, submitOnce, orders),
    } as Record<string, JobHandler | BatchJobHandler>,
  };
}
