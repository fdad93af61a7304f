import type { LedgerWriter } from '@registry/hedera-node/ledger-writer';
import type { BatchJobHandler, JobHandler, JobQueue } from '../../jobs/job-queue';
import type { MirrorReader } from '../../ledger/mirror-reader';
import type { DomainService } from '../domains/service';
import type { OrderRecords } from '../orders/service';
import { createCollections, type CollectionTlds } from './collections';
import { createMintHandler } from './mint-job';
import { MINT_JOB, REFUND_JOB, WIPE_RELEASED_JOB } from './payloads';
import { createRefundHandler } from './refund-job';
import { createSubmitOnce } from './submit-once';
import { createWipeHandler } from './wipe-job';
import { createMintedNames } from './minted-names';
import type { Db } from '../../db/database';

export type DeliveryDeps = {
  db: Db;
  writer: LedgerWriter;
  mirror: MirrorReader;
  domains: Pick<DomainService, 'byIds' | 'markMinted' | 'markDelivered' | 'markNftGone' | 'exists'>;
  queue: Pick<JobQueue, 'has'>;
  tlds: CollectionTlds;
  orders: Pick<OrderRecords, 'markRefunded'>;
};

/**
 * What turns paid orders into ledger writes: minting and delivering names (each collection made on
 * first use), refunding payments, taking released names' NFTs back. Each is a job the queue runs, and
 * each submits its transaction once however often the job runs.
 */
export function createDeliveryService({ db, writer, mirror, queue, domains, tlds, orders }: DeliveryDeps) {
  const submitOnce = createSubmitOnce(writer, mirror);
  const collectionOf = createCollections(writer, tlds, submitOnce);
  const mintedNames = createMintedNames(db, mirror, queue);
  return {
    /** Submits a prepared transaction exactly once (also the journal's messages and topic). */
    submitOnce,

    /** The watcher's sweep passes each page of a collection's NFTs: new serials are recorded by name. */
    noteNfts: (tokenId: string, nfts: Array<{ serialNo: number; name: string | null }>) =>
      mintedNames.record(tokenId, nfts),

    /**
     * Of these names (one top-level domain's) that the database has no record of, those its collection
     * holds a live NFT for, read from the ledger: sold before the database was restored to an older
     * backup, say. Such a name is not free. (A name the database knows follows its own record: a
     * released name is sold anew while its old NFT is taken back.)
     */
    async namesLiveOnLedger(tld: string, names: string[]): Promise<string[]> {
      const tokenId = await tlds.collectionOf(tld);
      if (!tokenId) return [];
      const unknown: string[] = [];
      for (const name of names) if (!(await domains.exists(name))) unknown.push(name);
      if (unknown.length === 0) return [];
      await mintedNames.catchUp(tokenId);
      return (await mintedNames.liveSerials(tokenId, unknown)).map((nft) => nft.name);
    },

    handlers: {
      [MINT_JOB]: createMintHandler({ writer, mirror, domains, submitOnce, collectionOf, mintedNames }),
      [REFUND_JOB]: createRefundHandler(writer, mirror, submitOnce, orders),
      [WIPE_RELEASED_JOB]: createWipeHandler(writer, mirror, submitOnce, domains),
    } as Record<string, JobHandler | BatchJobHandler>,
  };
}
export type DeliveryService = ReturnType<typeof createDeliveryService>;
