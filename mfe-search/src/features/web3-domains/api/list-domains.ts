import { createApiClient } from '@registry/api-client/client';
import { paths } from '@registry/contracts/routes';

const api = createApiClient();

/** One card of the 'Your Web3 Domains' grid (spec section 3's domain card, as shown). */
export type DomainCardData = {
  name: string;
  /** Active when the expiry is later than the purchase date; pending ones are Inprogress. */
  status: 'Active' | 'Inactive' | 'Inprogress';
  subscribed: boolean;
  expiresOn: string | null;
  /** Where the card leads. */
  href: string;
  /** The account's primary name. */
  primary?: boolean;
};

/** The account's Hedera domains (delivered, then pending) and its other-provider domains. */
export async function loadWeb3Domains(): Promise<{ hedera: DomainCardData[]; other: DomainCardData[] }> {
  const [mine, pending, other, primary] = await Promise.all([
    api.listMyDomains(),
    api.listPendingDomains(),
    api.listOtherProviderDomains(),
    // The cards show without the mark rather than not at all.
    api.getPrimaryName().catch(() => ({ name: null })),
  ]);
  return {
    hedera: [
      ...mine.domains.map((domain) => ({
        name: domain.itemName,
        status:
          new Date(domain.expireOn) > new Date(domain.purDate) ? ('Active' as const) : ('Inactive' as const),
        subscribed: domain.isSubscribed,
        expiresOn: domain.expireOn,
        href: paths.domainDetail('web3', domain.itemName),
        primary: domain.itemName === primary.name,
      })),
      ...pending.domains.map((domain) => ({
        name: domain.itemName,
        status: 'Inprogress' as const,
        subscribed: false,
        expiresOn: null,
        href: paths.pending,
      })),
    ],
    other: other.domains.map((domain) => ({
      name: domain.domainName,
      status: 'Active' as const,
      subscribed: domain.isSubscribed,
      expiresOn: domain.expiresOn,
      href: paths.otherDomainDetail(domain.domainName),
    })),
  };
}
