import type { Db } from '../../db/database';
import type { LedgerReader } from '@registry/hedera-node/ledger-port';
import * as repo from './repo';
import { OTHER_DOMAIN_STATUS, type OtherDomainStatus } from '@registry/contracts/my-domains';

/** Other-provider domains never expire in this registry (spec: fixed expiry 31-12-2099). */
export const OTHER_PROVIDER_EXPIRY = '2099-12-31T00:00:00.000Z';

/** Another provider's domains: NFTs of its collection that the account holds on the ledger. */
export function createOtherProviderDomains(
  db: Db,
  ledger: LedgerReader,
  otherProviderTokenId: string | null,
) {
  async function owned(accountId: string) {
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
      status: row.status as OtherDomainStatus,
      isSubscribed: row.status === OTHER_DOMAIN_STATUS.subscribed,
      expiresOn: OTHER_PROVIDER_EXPIRY,
    }));
  }

  return {
    owned,
    async otherProviderDomains(accountId: string, domainName?: string) {
      const domains = await owned(accountId);
      return domainName ? domains.filter((domain) => domain.domainName === domainName) : domains;
    },
    /** Records another provider's domain NFT (the local ledger plays that provider), not subscribed. */
    recordOtherProviderDomain: (row: { domainName: string; tokenId: string; serialNumber: number }) =>
      repo.insertOtherProviderDomain(db, row),
  };
}
export type OtherProviderDomains = ReturnType<typeof createOtherProviderDomains>;
