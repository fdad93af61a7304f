import { BURNED_STATUS, DELIVERED_STATUS } from '@registry/contracts/orders';
import type { TransferPlan } from '@registry/contracts/my-domains';
import { LedgerUnavailableError, type LedgerReader } from '@registry/hedera-node/ledger-port';
import type { Db } from '../../db/database';
import { badRequest, conflict, HttpError, notFound } from '../../http-error';
import type { JournalService } from '../journal/service';
import type { DomainTime } from './domain-time';
import * as repo from './repo';

/** A holder read from the ledger this recently stands for now (the ledger's own lag is about as long). */
export const HOLDER_FRESH_MS = 2000;
/** Reads kept at most; older ones are dropped first when there are more. */
const HOLDER_READS_KEPT = 10_000;

/**
 * Who holds each NFT, read from the ledger and kept `HOLDER_FRESH_MS`: one mirror read per serial
 * however many writes ask at once.
 */
function createHolderReads(ledger: LedgerReader, clock: () => number = Date.now) {
  const reads = new Map<string, { at: number; holder: Promise<string | null | undefined> }>();
  return (tokenId: string, serialNo: number, { fresh = false } = {}) => {
    const key = `${tokenId}#${serialNo}`;
    const kept = reads.get(key);
    if (!fresh && kept && clock() - kept.at <= HOLDER_FRESH_MS) return kept.holder;
    const read = { at: clock(), holder: ledger.nftHolder(tokenId, serialNo) };
    read.holder.catch(() => reads.get(key) === read && reads.delete(key));
    reads.delete(key);
    reads.set(key, read);
    if (reads.size > HOLDER_READS_KEPT) reads.delete(reads.keys().next().value!);
    return read.holder;
  };
}

/** Domains as NFTs: minting and delivery, transfers, and holders followed from the ledger. */
export function createDomainNfts(
  db: Db,
  ledger: LedgerReader,
  ledgerIsUp: () => Promise<boolean>,
  time: DomainTime,
  journal: Pick<JournalService, 'append'>,
  /** An account's list is brought to the ledger at most this often a minute; past it, its rows stand. */
  reconcilesPerMinute = 10,
) {
  const holderOf = createHolderReads(ledger);
  /** Each account's list being brought to the ledger now. */
  const reconciling = new Map<string, Promise<void>>();
  /** When each account's recent reconciles started (the last minute's). */
  const reconciledAt = new Map<string, number[]>();
  /** Whether the account may have its list read from the ledger once more this minute (and counts it). */
  function mayReconcile(accountId: string) {
    const now = Date.now();
    const recent = (reconciledAt.get(accountId) ?? []).filter((at) => now - at < 60_000);
    if (recent.length >= reconcilesPerMinute) return false;
    recent.push(now);
    reconciledAt.delete(accountId);
    reconciledAt.set(accountId, recent);
    if (reconciledAt.size > HOLDER_READS_KEPT) reconciledAt.delete(reconciledAt.keys().next().value!);
    return true;
  }

  /**
   * A domain's row as the ledger has it now: a delivered name's NFT holder is read (at most
   * `HOLDER_FRESH_MS` old) and the row follows it when it moved, so a seller loses control at the sale
   * rather than at the watcher's next sweep. An owner-only write asks this; when the ledger cannot be
   * read it answers 503 rather than trust a row that may be old.
   */
  async function currentHolding(name: string) {
    const row = await repo.findDomain(db, name);
    if (!row || row.status !== DELIVERED_STATUS || row.tokenId === null || row.serialNo === null) return row;
    let holder: string | null | undefined;
    try {
      holder = await holderOf(row.tokenId, row.serialNo);
      // A kept read may be older than the row (the watcher moved it since): only a new read moves it.
      if (holder !== undefined && holder !== row.ownerAccount)
        holder = await holderOf(row.tokenId, row.serialNo, { fresh: true });
    } catch (error) {
      if (!(error instanceof LedgerUnavailableError)) throw error;
      throw new HttpError(
        503,
        'HCS-DOWN',
        `HCS link is down: who holds ${name} cannot be checked on the ledger now; try again in a moment`,
      );
    }
    // Not on the mirror yet (just minted): the row is all there is.
    if (holder === undefined || holder === row.ownerAccount) return row;
    await repo.followNfts(db, row.tokenId, [{ serialNo: row.serialNo, holder }], time.releasedBefore());
    return repo.findDomain(db, name);
  }

  /**
   * An account's names as the ledger has them now, whatever the transfers feed's lag: its own NFTs of
   * the collections (the mirror's list of the account's NFTs, paged) become its names, and a name its
   * rows still give it that is not among them follows its NFT's holder. While the mirror cannot be
   * read the rows stand: a list is a read.
   */
  async function reconcile(accountId: string, collections: string[]) {
    try {
      const held = new Set<string>();
      const owned = await Promise.all(
        collections.map(async (tokenId) => ({
          tokenId,
          nfts: await ledger.listAccountNfts(accountId, tokenId),
        })),
      );
      for (const { tokenId, nfts } of owned) {
        for (const nft of nfts) held.add(`${tokenId}#${nft.serialNumber}`);
        const moves = nfts.map((nft) => ({ serialNo: nft.serialNumber, holder: accountId }));
        await repo.followNfts(db, tokenId, moves, time.releasedBefore());
      }
      const listed = new Set(collections);
      for (const row of await repo.domainsOfOwner(db, accountId, true)) {
        if (row.tokenId === null || row.serialNo === null || !listed.has(row.tokenId)) continue;
        if (held.has(`${row.tokenId}#${row.serialNo}`)) continue;
        const holder = await holderOf(row.tokenId, row.serialNo, { fresh: true });
        if (holder === undefined || holder === accountId) continue;
        await repo.followNfts(db, row.tokenId, [{ serialNo: row.serialNo, holder }], time.releasedBefore());
      }
    } catch (error) {
      if (!(error instanceof LedgerUnavailableError)) throw error;
    }
  }

  return {
    currentHolding,

    byIds: (ids: number[]) => repo.domainsByIds(db, ids),

    markMinted: (tokenId: string, minted: Array<{ id: number; serialNo: number }>) =>
      db.transaction(async (tx) => {
        const named = await repo.markMinted(tx, tokenId, minted);
        await journal.append(
          tx,
          named.map(({ name, serialNo }) => ({
            name,
            event: { e: 'minted', d: { token: tokenId, serial: serialNo } },
          })),
        );
      }),

    markDelivered: (ids: number[]) => repo.markStatus(db, ids, DELIVERED_STATUS),

    ofOrder: (orderId: string) => repo.domainsOfOrder(db, orderId),

    undeliveredIdsOf: (owner: string) => repo.undeliveredIdsOf(db, owner),

    /**
     * Brings an account's names to the ledger (see `reconcile`): one run however many lists ask at
     * once, and at most `reconcilesPerMinute` a minute (past it the rows stand, as while the mirror is down).
     */
    async reconcileAccount(accountId: string, collections: string[]): Promise<void> {
      const running = reconciling.get(accountId);
      if (running) return running;
      if (!mayReconcile(accountId)) return;
      const run = reconcile(accountId, collections).finally(() => reconciling.delete(accountId));
      reconciling.set(accountId, run);
      return run;
    },

    /** The ledger watcher read these NFTs' holders: delivered domains follow them (names that moved). */
    followNfts: (tokenId: string, nfts: Array<{ serialNo: number; holder: string | null }>) =>
      repo.followNfts(db, tokenId, nfts, time.releasedBefore()),

    /**
     * Checks that the account may send this domain to `to` (it holds the delivered name, the receiver
     * is another account that has associated the collection) and answers the NFT the wallet sends.
     */
    async prepareTransfer(accountId: string, name: string, to: string): Promise<TransferPlan> {
      const row = await currentHolding(name);
      if (!row || row.ownerAccount !== accountId || row.status === BURNED_STATUS)
        throw notFound(`You do not own ${name}`);
      if (row.status !== DELIVERED_STATUS || row.tokenId === null || row.serialNo === null)
        throw conflict('NOT_DELIVERED', `${name} is not delivered to your wallet yet`);
      if (to === accountId) throw badRequest('SAME_ACCOUNT', `${name} is already yours`);
      if (!(await ledgerIsUp())) throw new HttpError(503, 'HCS-DOWN', 'HCS link is down');
      if (!(await ledger.isAssociated(to, row.tokenId)))
        throw conflict(
          'RECEIVER_NOT_ASSOCIATED',
          `${to} cannot receive ${name} yet: that account must exist and associate the .${row.tld} collection (${row.tokenId}) in its wallet first`,
        );
      return { tokenId: row.tokenId, serialNumber: row.serialNo, to };
    },

    /**
     * Reads a domain's NFT holder from the ledger now (after a transfer from the product) instead of at
     * the watcher's next sweep; answers the holder the registry now records.
     */
    async followHolder(name: string): Promise<{ owner: string | null }> {
      const row = await repo.findDomain(db, name);
      if (!row || row.tokenId === null || row.serialNo === null) throw notFound(`${name} has no NFT yet`);
      const holder = await ledger.nftHolder(row.tokenId, row.serialNo);
      if (holder === undefined) throw notFound(`The ledger does not know the NFT of ${name}`);
      await repo.followNfts(db, row.tokenId, [{ serialNo: row.serialNo, holder }], time.releasedBefore());
      const after = await repo.findDomain(db, name);
      return { owner: after && after.status !== BURNED_STATUS ? after.ownerAccount : null };
    },
  };
}
