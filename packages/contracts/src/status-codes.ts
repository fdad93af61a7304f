/**
 * The spec's numeric codes, named once. Plain numbers with no schema library behind them: a page that
 * needs a code does not load zod for it.
 */

/** A name's availability: available (with a price), unavailable (reserved or taken), network down ('HCS-DOWN'). */
export const AVAILABILITY_STATUS = { available: 1, unavailable: 0, networkDown: -9 } as const;

/** The `status` of an answer that did what was asked, and of one that did not. */
export const OK_STATUS = 1 as const;
export const NOT_DONE_STATUS = 0 as const;

/** An order line's status. 22: minted and delivered. */
export const DELIVERED_STATUS = 22 as const;
/** Paid, being minted or waiting for the buyer's association. */
export const PAID_STATUS = 1 as const;
/** The line's payment went back to the buyer. */
export const REFUNDED_STATUS = 0 as const;
/** A delivered domain whose NFT was burned or wiped on the ledger: it no longer resolves. */
export const BURNED_STATUS = -1 as const;

/** Where a registered domain stands, as its `status` keeps it (and its order lines show it). */
export const DOMAIN_STATUS = {
  paid: PAID_STATUS,
  delivered: DELIVERED_STATUS,
  burned: BURNED_STATUS,
} as const;
export type DomainStatus = (typeof DOMAIN_STATUS)[keyof typeof DOMAIN_STATUS];

/** Claim eligibility: -1 or 0 not eligible, 1 eligible, 2 already claimed. */
export const CLAIM_STATUS = { noClaimToken: -1, notEligible: 0, eligible: 1, alreadyClaimed: 2 } as const;

/** A name's records: `status` 2 when its web address is active for resolving. */
export const RECORDS_STATUS = { active: 2, inactive: 1 } as const;
/** A record flag (statusSiteAddress, statusAssets): on once its fee is paid. */
export const RECORD_FLAG = { on: 1, off: 0 } as const;

/** Another provider's domain: listed only with one of these, subscribed with the first. */
export const OTHER_DOMAIN_STATUS = { subscribed: 1, unsubscribed: 2 } as const;
export type OtherDomainStatus = (typeof OTHER_DOMAIN_STATUS)[keyof typeof OTHER_DOMAIN_STATUS];
