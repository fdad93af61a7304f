import type { Db } from '../../db/database';
import type { LedgerReader } from '@registry/hedera-node/ledger-port';
import { cachedValue } from '../../cache/cached-value';
import type { PriceList } from '../settings/price-list';
import type { TldService } from '../tlds/service';
import { createAccountDomains, createDomainDetails } from './account-domains';
import { createDomainNfts } from './domain-nfts';
import { createDomainSearch } from './domain-search';
import { domainTime } from './domain-time';
import { createOtherProviderDomains } from './other-provider-domains';
import { createRegistrations } from './registrations';
import type { JournalService } from '../journal/service';
import * as repo from './repo';

export { OTHER_PROVIDER_EXPIRY } from './other-provider-domains';

type Deps = {
  db: Db;
  /** Where every change of a name's public state is journaled. */
  journal: Pick<JournalService, 'append'>;
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
  /** How often a minute an account's list reads its NFTs from the ledger. */
  holderReadsPerMinute?: number;
  now?: () => Date;
};

/** Names: search and availability, the account's own, registrations, and their NFTs on the ledger. */
export function createDomainService({
  db,
  journal,
  ledger,
  tlds,
  priceList,
  otherProviderTokenId,
  referenceCacheMs,
  gracePeriodMs,
  releasePremiumUsd: startPremiumUsd = 0,
  holderReadsPerMinute,
  now = () => new Date(),
}: Deps) {
  const time = domainTime(now, gracePeriodMs);
  const search = createDomainSearch({
    db,
    ledger,
    tlds,
    priceList,
    reservedLabels: cachedValue(() => repo.allReservedLabels(db), referenceCacheMs),
    clock: () => ({ now: now(), releasedBefore: time.releasedBefore() }),
    graceEndOf: time.graceEndOf,
    startPremiumUsd,
  });
  const otherProvider = createOtherProviderDomains(db, ledger, otherProviderTokenId);
  const nfts = createDomainNfts(db, ledger, search.ledgerIsUp, time, journal, holderReadsPerMinute);
  return {
    availability: search.availability,
    suggestions: search.suggestions,
    taken: search.taken,
    unavailable: search.unavailable,
    /** Premiums on released names, which a quote fixes with its price. */
    premiums: search.premiums,
    otherProviderDomains: otherProvider.otherProviderDomains,
    recordOtherProviderDomain: otherProvider.recordOtherProviderDomain,
    ...createAccountDomains(db, otherProvider, nfts.currentHolding, async (accountId) =>
      nfts.reconcileAccount(accountId, await tlds.collections()),
    ),
    details: createDomainDetails(db, otherProvider, time),
    ...createRegistrations(db, time, journal),
    ...nfts,
    isActiveTld: (tld: string) => tlds.isActive(tld),
  };
}
export type DomainService = ReturnType<typeof createDomainService>;
