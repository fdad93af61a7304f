import { Hbar, TokenBurnTransaction, TokenWipeTransaction, TransferTransaction } from '@hashgraph/sdk';
import type { LedgerWriter } from '@registry/hedera-node/ledger-writer';
import type { MirrorReader } from '../ledger/mirror-reader';
import type { DomainService } from '../modules/domains/service';
import type { OrderRecords } from '../modules/orders/service';
import type { BatchJobHandler, JobHandler } from './job-queue';
import { createCollections, type CollectionTlds } from './registry/collections';
import { createMintHandler } from './registry/mint-job';
import { WIPE_RELEASED_JOB, type RefundPayload, type WipePayload } from './registry/payloads';
import { createSubmitOnce, type SubmitOnce } from './registry/submit-once';

type Deps = {
  writer: LedgerWriter;
  mirror: MirrorReader;
  domains: Pick<DomainService, 'byIds' | 'markMinted' | 'markDelivered' | 'markNftGone'>;
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

/**
 * Takes a released name's NFT back, once: wiped from whoever holds it when the job runs (burned when
 * the treasury still holds it), so the ledger never shows a live NFT for a name its holder lost. A
 * holder that changed between the read and the wipe fails the wipe, and the retry reads it again.
 */
function createWipeHandler(
  writer: LedgerWriter,
  mirror: MirrorReader,
  submitOnce: SubmitOnce,
  domains: Deps['domains'],
): JobHandler {
  return async (job, { savePayload }) => {
    let payload = job.payload as WipePayload;
    const { tokenId, serialNo } = payload;
    const nft = payload.wipe ? null : await mirror.getNft(tokenId, serialNo);
    if (payload.wipe || (nft && !nft.deleted)) {
      const holder = nft?.account_id ?? null;
      await submitOnce(
        payload.wipe,
        () =>
          holder === writer.operatorId
            ? new TokenBurnTransaction().setTokenId(tokenId).setSerials([serialNo])
            : new TokenWipeTransaction().setTokenId(tokenId).setAccountId(holder!).setSerials([serialNo]),
        async (stored) => {
          payload = { ...payload, wipe: stored };
          await savePayload(payload);
        },
      );
    }
    await domains.markNftGone(tokenId, serialNo);
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
      [WIPE_RELEASED_JOB]: createWipeHandler(writer, mirror, submitOnce, domains),
    } as Record<string, JobHandler | BatchJobHandler>,
  };
}
