import { BURNED_STATUS, DELIVERED_STATUS } from '@registry/contracts/orders';
import type { TransferPlan } from '@registry/contracts/my-domains';
import type { LedgerReader } from '@registry/hedera-node/ledger-port';
import type { Db } from '../../db/database';
import { badRequest, conflict, HttpError, notFound } from '../../http-error';
import type { DomainTime } from './domain-time';
import * as repo from './repo';

/** Domains as NFTs: minting and delivery, transfers, and holders followed from the ledger. */
export function createDomainNfts(
  db: Db,
  ledger: LedgerReader,
  ledgerIsUp: () => Promise<boolean>,
  time: DomainTime,
) {
  return {
    byIds: (ids: number[]) => repo.domainsByIds(db, ids),

    markMinted: (tokenId: string, minted: Array<{ id: number; serialNo: number }>) =>
      repo.markMinted(db, tokenId, minted),

    markDelivered: (ids: number[]) => repo.markStatus(db, ids, DELIVERED_STATUS),

    ofOrder: (orderId: string) => repo.domainsOfOrder(db, orderId),

    undeliveredIdsOf: (owner: string) => repo.undeliveredIdsOf(db, owner),

    /** The ledger watcher read these NFTs' holders: delivered domains follow them (names that moved). */
    followNfts: (tokenId: string, nfts: Array<{ serialNo: number; holder: string | null }>) =>
      repo.followNfts(db, tokenId, nfts),

    /**
     * Checks that the account may send this domain to `to` (it holds the delivered name, the receiver
     * is another account that has associated the collection) and answers the NFT the wallet sends.
     */
    async prepareTransfer(accountId: string, name: string, to: string): Promise<TransferPlan> {
      const row = await repo.findDomain(db, name);
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
      await repo.followNfts(db, row.tokenId, [{ serialNo: row.serialNo, holder }]);
      const after = await repo.findDomain(db, name);
      return { owner: after && after.status !== BURNED_STATUS ? after.ownerAccount : null };
    },

    /** A registered name's NFT serial number: null while it is not minted, undefined when not registered. */
    async serialOf(name: string): Promise<number | null | undefined> {
      const domain = await repo.serialOfDomain(db, name);
      if (!domain || domain.expiresAt <= time.releasedBefore() || domain.status === BURNED_STATUS)
        return undefined;
      return domain.serialNo ?? null;
    },
  };
}
