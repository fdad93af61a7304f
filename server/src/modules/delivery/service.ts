import type { LedgerWriter } from '@registry/hedera-node/ledger-writer';
import type { BatchJobHandler, JobHandler } from '../../jobs/job-queue';
import type { MirrorReader } from '../../ledger/mirror-reader';
import type { DomainService } from '../domains/service';
import type { OrderRecords } from '../orders/service';
import { createCollections, type CollectionTlds } from './collections';
import { createMintHandler } from './mint-job';
import { MINT_JOB, REFUND_JOB, WIPE_RELEASED_JOB } from './payloads';
import { createRefundHandler } from './refund-job';
import { createSubmitOnce } from './submit-once';
import { createWipeHandler } from './wipe-job';

export type DeliveryDeps = {
  writer: LedgerWriter;
  mirror: MirrorReader;
  domains: Pick<DomainService, 'byIds' | 'markMinted' | 'markDelivered' | 'markNftGone'>;
  tlds: CollectionTlds;
  orders: Pick<OrderRecords, 'markRefunded'>;
};

/**
 * What turns paid orders into ledger writes: minting and delivering names (each collection made on
 * first use), refunding payments, taking released names' NFTs back. Each is a job the queue runs, and
 * each submits its transaction once however often the job runs.
 */
export function createDeliveryService({ writer, mirror, domains, tlds, orders }: DeliveryDeps) {
  const submitOnce = createSubmitOnce(writer, mirror);
  const collectionOf = createCollections(writer, tlds, submitOnce);
  return {
    handlers: {
      [MINT_JOB]: createMintHandler({ writer, mirror, domains, submitOnce, collectionOf }),
      [REFUND_JOB]: createRefundHandler(writer, submitOnce, orders),
      [WIPE_RELEASED_JOB]: createWipeHandler(writer, mirror, submitOnce, domains),
    } as Record<string, JobHandler | BatchJobHandler>,
  };
}
export type DeliveryService = ReturnType<typeof createDeliveryService>;
