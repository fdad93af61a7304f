import { TokenBurnTransaction, TokenWipeTransaction } from '@hashgraph/sdk';
import type { LedgerWriter } from '@registry/hedera-node/ledger-writer';
import type { JobHandler } from '../../jobs/job-queue';
import type { MirrorReader } from '../../ledger/mirror-reader';
import type { DomainService } from '../domains/service';
import type { WipePayload } from './payloads';
import { submitKept, type SubmitOnce } from './submit-once';

/**
 * Takes a released name's NFT back, once: wiped from whoever holds it when the job runs (burned when
 * the treasury still holds it), so the ledger never shows a live NFT for a name its holder lost. A
 * holder that changed between the read and the wipe fails the wipe, and the retry reads it again.
 */
export function createWipeHandler(
  writer: LedgerWriter,
  mirror: MirrorReader,
  submitOnce: SubmitOnce,
  domains: Pick<DomainService, 'markNftGone'>,
): JobHandler {
  return async (job, { savePayload }) => {
    const payload = job.payload as WipePayload;
    const { tokenId, serialNo } = payload;
    const nft = payload.wipe ? null : await mirror.getNft(tokenId, serialNo);
    if (payload.wipe || (nft && !nft.deleted)) {
      const holder = nft?.account_id ?? null;
      await submitKept(submitOnce, payload, 'wipe', savePayload, () =>
        holder === writer.operatorId
          ? new TokenBurnTransaction().setTokenId(tokenId).setSerials([serialNo])
          : new TokenWipeTransaction().setTokenId(tokenId).setAccountId(holder!).setSerials([serialNo]),
      );
    }
    await domains.markNftGone(tokenId, serialNo);
  };
}
