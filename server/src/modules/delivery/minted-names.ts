import type { Db } from '../../db/database';
import { nftName, type MirrorReader } from '../../ledger/mirror-reader';
import type { JobQueue } from '../../jobs/job-queue';
import { wipeJobKey } from './payloads';
import * as repo from './repo';

/** Serials read per page when catching up with a collection. */
const PAGE_SIZE = 100;

/** A live NFT the collection already holds for a name, and who holds it. */
export type LiveSerial = { name: string; serialNo: number; holder: string };

/**
 * What the registry's collections hold, by name, as the ledger shows it: the registry asks here before
 * it mints, so a name is never minted twice, whatever its database forgot (a restore, a lost table).
 * Serials only grow, so the record is brought level by reading the serials above the highest known.
 */
export function createMintedNames(
  db: Db,
  mirror: Pick<MirrorReader, 'tokenNftsPage' | 'getNft'>,
  queue: Pick<JobQueue, 'has'>,
) {
  /** Highest serial recorded per collection, in this process (the watcher's sweep passes every page). */
  const highest = new Map<string, number>();

  async function record(tokenId: string, nfts: Array<{ serialNo: number; name: string | null }>) {
    const known = highest.get(tokenId) ?? (await repo.highestKnownSerial(db, tokenId));
    const fresh = nfts.filter(
      (nft): nft is { serialNo: number; name: string } => nft.name !== null && nft.serialNo > known,
    );
    if (fresh.length > 0) await repo.recordMintedNames(db, tokenId, fresh);
    highest.set(tokenId, Math.max(known, ...fresh.map((nft) => nft.serialNo)));
  }

  return {
    record,

    /** Reads the collection's serials above the highest recorded, so the record is complete now. */
    async catchUp(tokenId: string) {
      let page = await mirror.tokenNftsPage({
        tokenId,
        afterSerial: await repo.highestKnownSerial(db, tokenId),
        limit: PAGE_SIZE,
      });
      for (;;) {
        await record(
          tokenId,
          page.items.map((nft) => ({ serialNo: nft.serial_number, name: nftName(nft) })),
        );
        if (!page.next || page.items.length === 0) return;
        page = await mirror.tokenNftsPage({ next: page.next });
      }
    },

    /**
     * Of these names, those the collection holds a live NFT for, asked of the ledger. A serial the
     * registry is taking back (a released name's, its wipe queued) does not count: the name is sold
     * anew with a new NFT. Call `catchUp` first for a complete answer.
     */
    async liveSerials(tokenId: string, names: string[]): Promise<LiveSerial[]> {
      const live: LiveSerial[] = [];
      for (const { serialNo, name } of await repo.serialsMintedFor(db, tokenId, names)) {
        if (live.some((found) => found.name === name)) continue;
        if (await queue.has(wipeJobKey({ tokenId, serialNo }))) continue;
        const nft = await mirror.getNft(tokenId, serialNo);
        if (nft && !nft.deleted && nft.account_id) live.push({ name, serialNo, holder: nft.account_id });
      }
      return live;
    },
  };
}
export type MintedNames = ReturnType<typeof createMintedNames>;
