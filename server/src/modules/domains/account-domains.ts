import { DELIVERED_STATUS } from '@registry/contracts/orders';
import type { DomainDetail, OwnedDomain } from '@registry/contracts/my-domains';
import type { Db } from '../../db/database';
import { notFound } from '../../http-error';
import type { DomainTime } from './domain-time';
import { OTHER_PROVIDER_EXPIRY, type OtherProviderDomains } from './other-provider-domains';
import * as repo from './repo';

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

/**
 * An account's own names: its lists (My Domains, subdomains, pending) and whether it may manage one
 * (its row as the ledger has it now, `currentHolding`).
 */
export function createAccountDomains(
  db: Db,
  otherProvider: OtherProviderDomains,
  currentHolding: (name: string) => Promise<repo.DomainRow | null>,
  /** Brings the account's rows to what the ledger holds now (see `reconcileAccount`). */
  reconcile: (accountId: string) => Promise<void>,
) {
  return {
    async myDomains(accountId: string): Promise<OwnedDomain[]> {
      await reconcile(accountId);
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

    /** Whether the account may manage this name's records, and whether it is subscribed. */
    async ownership(accountId: string, name: string): Promise<{ subscribed: boolean } | null> {
      const row = await currentHolding(name);
      if (row && row.ownerAccount === accountId && row.status === DELIVERED_STATUS)
        return { subscribed: row.subscribed };
      const external = (await otherProvider.owned(accountId)).find((domain) => domain.domainName === name);
      return external ? { subscribed: external.isSubscribed } : null;
    },
  };
}

/** Details of a domain the account owns (registered here or held as another provider's NFT). */
export function createDomainDetails(
  db: Db,
  otherProvider: OtherProviderDomains,
  { now, graceEndOf }: DomainTime,
) {
  return async function details(accountId: string, name: string): Promise<DomainDetail> {
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
    const external = (await otherProvider.owned(accountId)).find((domain) => domain.domainName === name);
    if (!external) throw notFound(`You do not own ${name}`);
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
  };
}
