import { BURNED_STATUS, DELIVERED_STATUS } from '@registry/contracts/orders';
import type { DomainDetail, OwnedDomain, TransferPlan } from '@registry/contracts/my-domains';
import type { Db, Executor } from '../../db/database';
import { badRequest, conflict, HttpError, notFound } from '../../http-error';
import type { LedgerReader } from '@registry/hedera-node/ledger-port';
import { cachedValue } from '../../cache/cached-value';
import type { PriceList } from '../settings/price-list';
import type { TldService } from '../tlds/service';
import { createDomainSearch } from './domain-search';
import * as repo from './repo';

/** Spec: 22 = minted and delivered. */
export const DELIVERED = DELIVERED_STATUS;

/** Other-provider domains never expire in this registry (spec: fixed expiry 31-12-2099). */
export const OTHER_PROVIDER_EXPIRY = '2099-12-31T00:00:00.000Z';

type Deps = {
  db: Db;
  ledger: LedgerReader;
  tlds: TldService;
  priceList: PriceList;
  otherProviderTokenId: string | null;
  /** How long the reserved labels are kept in memory. */
  referenceCacheMs: number;
  /** After expiry, how long a name stays its owner's to extend before anyone may register it. */
  gracePeriodMs: number;
  /** USD premium on a name the day it is released; 0 sells released names at the base price at once. */
  releasePremiumUsd?: number;
  now?: () => Date;
};

function toOwnedDomain(
  row: Awaited<ReturnType<typeof repo.domainsOfOwner>>[number],
  sdCount: number,
): OwnedDomain {
  return {
    itemName: row.name,
    orderType: 'W3',
    purDate: row.purchasedAt.toISOString(),
    expireOn: row.expiresAt.toISOString(),
    months: row.months,
    isSub: row.isSub === 1 ? 1 : 0,
    sdCount,
    serialNo: row.serialNo ?? -1,
    owner: row.ownerAccount,
    webProtection: row.webProtection,
    isSubscribed: row.subscribed,
    status: row.status,
    price: row.price,
  };
}

export function createDomainService({
  db,
  ledger,
  tlds,
  priceList,
  otherProviderTokenId,
  referenceCacheMs,
  gracePeriodMs,
  releasePremiumUsd: startPremiumUsd = 0,
  now = () => new Date(),
}: Deps) {
  /** Names that expired before this are released. */
  const releasedBefore = () => new Date(now().getTime() - gracePeriodMs);
  const graceEndOf = (expiresAt: Date) => new Date(expiresAt.getTime() + gracePeriodMs);
  const clock = () => ({ now: now(), releasedBefore: releasedBefore() });
  const reservedLabels = cachedValue(() => repo.allReservedLabels(db), referenceCacheMs);

  async function ownedOtherProviderDomains(accountId: string) {
    if (!otherProviderTokenId) return [];
    const nfts = await ledger.listAccountNfts(accountId, otherProviderTokenId);
    const rows = await repo.otherProviderDomainsFor(
      db,
      otherProviderTokenId,
      nfts.map((nft) => nft.serialNumber),
    );
    return rows.map((row) => ({
      domainName: row.domainName,
      ownerAddress: accountId,
      createdAt: row.createdAt.toISOString(),
      serialNumber: row.serialNumber,
      tokenID: row.tokenId,
      status: row.status as 1 | 2,
      isSubscribed: row.status === 1,
      expiresOn: OTHER_PROVIDER_EXPIRY,
    }));
  }

  const search = createDomainSearch({
    db,
    ledger,
    tlds,
    priceList,
    reservedLabels,
    clock,
    graceEndOf,
    startPremiumUsd,
  });
  const { unavailable, ledgerIsUp } = search;

  return {
    availability: search.availability,
    suggestions: search.suggestions,
    taken: search.taken,

    async myDomains(accountId: string): Promise<OwnedDomain[]> {
      const rows = await repo.domainsOfOwner(db, accountId, true);
      const counts = await repo.subdomainCounts(
        db,
        rows.map((row) => row.name),
      );
      return rows.map((row) => toOwnedDomain(row, counts.get(row.name) ?? 0));
    },

    async mySubdomains(accountId: string, parent: string): Promise<OwnedDomain[]> {
      const parentRow = await repo.findDomain(db, parent);
      if (!parentRow || parentRow.ownerAccount !== accountId) throw notFound(`You do not own ${parent}`);
      const rows = await repo.subdomainsOf(db, accountId, parent);
      return rows.map((row) => toOwnedDomain(row, 0));
    },

    async pending(accountId: string) {
      const rows = await repo.domainsOfOwner(db, accountId, false);
      return rows.map((row) => ({
        itemName: row.name,
        purDate: row.purchasedAt.toISOString(),
        months: row.months,
        status: 'Inprogress' as const,
        isSub: row.isSub,
      }));
    },

    async otherProviderDomains(accountId: string, domainName?: string) {
      const owned = await ownedOtherProviderDomains(accountId);
      return domainName ? owned.filter((domain) => domain.domainName === domainName) : owned;
    },

    /** Details of a domain the account owns (registered here or held as another provider's NFT). */
    async details(accountId: string, name: string): Promise<DomainDetail> {
      const row = await repo.findDomain(db, name);
      if (row && row.ownerAccount === accountId) {
        return {
          domainName: row.name,
          activeStatus: row.expiresAt > row.purchasedAt && row.expiresAt > now() ? 'Active' : 'Inactive',
          blockChain: 'Hedera',
          purchaseDate: row.purchasedAt.toISOString(),
          expiresOn: row.expiresAt.toISOString(),
          months: row.months,
          webProtection: row.webProtection,
          subscription: row.subscribed,
          price: row.price,
          isSub: row.isSub === 1 ? 1 : 0,
          owner: row.ownerAccount,
          serialNo: row.serialNo ?? -1,
          status: row.status,
          tokenId: row.tokenId,
          isExternal: false,
          graceEndsOn: row.expiresAt <= now() ? graceEndOf(row.expiresAt).toISOString() : null,
        };
      }
      const external = (await ownedOtherProviderDomains(accountId)).find(
        (domain) => domain.domainName === name,
      );
      if (external) {
        return {
          domainName: external.domainName,
          activeStatus: 'Active',
          blockChain: 'Hedera',
          purchaseDate: external.createdAt,
          expiresOn: OTHER_PROVIDER_EXPIRY,
          months: 0,
          webProtection: false,
          subscription: external.isSubscribed,
          price: 0,
          isSub: 0,
          owner: accountId,
          serialNo: external.serialNumber,
          status: external.status,
          tokenId: external.tokenID,
          isExternal: true,
          graceEndsOn: null,
        };
      }
      throw notFound(`You do not own ${name}`);
    },

    /** Whether the account may manage this name's records, and whether it is subscribed. */
    async ownership(accountId: string, name: string): Promise<{ subscribed: boolean } | null> {
      const row = await repo.findDomain(db, name);
      if (row && row.ownerAccount === accountId && row.status === DELIVERED)
        return { subscribed: row.subscribed };
      const external = (await ownedOtherProviderDomains(accountId)).find(
        (domain) => domain.domainName === name,
      );
      return external ? { subscribed: external.isSubscribed } : null;
    },

    unavailable,

    registeredAmong: (tx: Executor, names: string[]) => repo.registeredNames(tx, names, releasedBefore()),

    /** Registers a paid name inside the order's transaction; null when someone registered it first. */
    registerPaid: (tx: Executor, domain: repo.NewDomain) => repo.insertDomain(tx, domain, releasedBefore()),

    /**
     * Who holds each name and since when; `held` only while it is delivered and not released: what
     * a primary name is checked against.
     */
    holdings: (names: string[]) => repo.holdings(db, names, releasedBefore()),

    /** Premiums on released names, which a quote fixes with its price. */
    premiums: search.premiums,

    /** Whether a registered name's grace period after expiry is over: anyone may register it now. */
    isReleased: (expiresAt: Date) => expiresAt <= releasedBefore(),

    extend: (tx: Executor, name: string, months: number) => repo.extendDomain(tx, name, months),

    /** Moves a domain's expiry (the local ledger's time travel); false when it is not registered. */
    async setExpiry(name: string, expiresAt: Date): Promise<boolean> {
      return (await repo.updateDomain(db, name, { expiresAt })).length > 0;
    },

    enableWebProtection: (tx: Executor, name: string) => repo.updateDomain(tx, name, { webProtection: true }),

    /** Subscribes a registered domain, or else another provider's domain (status 1 = subscribed). */
    async subscribe(tx: Executor, name: string, until: Date) {
      const updated = await repo.updateDomain(tx, name, { subscribed: true, subscriptionExpiresAt: until });
      if (updated.length === 0) await repo.setOtherProviderStatus(tx, name, 1);
    },

    /** Records another provider's domain NFT (the local ledger plays that provider), not subscribed. */
    recordOtherProviderDomain: (row: { domainName: string; tokenId: string; serialNumber: number }) =>
      repo.insertOtherProviderDomain(db, row),

    byIds: (ids: number[]) => repo.domainsByIds(db, ids),

    markMinted: (tokenId: string, minted: Array<{ id: number; serialNo: number }>) =>
      repo.markMinted(db, tokenId, minted),

    markDelivered: (ids: number[]) => repo.markStatus(db, ids, DELIVERED),

    ofOrder: (orderId: string) => repo.domainsOfOrder(db, orderId),

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
      if (row.status !== DELIVERED || row.tokenId === null || row.serialNo === null)
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

    undeliveredIdsOf: (owner: string) => repo.undeliveredIdsOf(db, owner),

    isActiveTld: (tld: string) => tlds.isActive(tld),

    find: (name: string) => repo.findDomain(db, name),

    async exists(name: string): Promise<boolean> {
      return Boolean(await repo.findDomain(db, name));
    },

    /** A registered name's NFT serial number: null while it is not minted, undefined when not registered. */
    /** What anyone may see of a registered name (its public page); null when unregistered or released. */
    async publicView(name: string) {
      const row = await repo.findDomain(db, name);
      if (!row || row.expiresAt <= releasedBefore() || row.status === BURNED_STATUS) return null;
      return {
        name: row.name,
        owner: row.ownerAccount,
        expiresAt: row.expiresAt,
        delivered: row.status === DELIVERED,
        graceEndsAt: row.expiresAt <= now() ? graceEndOf(row.expiresAt) : null,
      };
    },

    /**
     * Delivered names whose expiry falls within the next `aheadMs` or whose grace period is running: who
     * holds each now, when it expires and when its grace ends.
     */
    async expiringSoon(aheadMs: number) {
      const rows = await repo.expiringBetween(db, releasedBefore(), new Date(now().getTime() + aheadMs));
      return rows.map((row) => ({ ...row, graceEndsAt: graceEndOf(row.expiresAt) }));
    },

    async serialOf(name: string): Promise<number | null | undefined> {
      const domain = await repo.serialOfDomain(db, name);
      if (!domain || domain.expiresAt <= releasedBefore() || domain.status === BURNED_STATUS)
        return undefined;
      return domain.serialNo ?? null;
    },
  };
}
export type DomainService = ReturnType<typeof createDomainService>;
