import * as z from 'zod/mini';
import { OTHER_DOMAIN_STATUS, type OtherDomainStatus } from './status-codes';
import { AccountIdSchema } from './account';
import { DomainNameSchema } from './domains';
import { TERM_MONTHS } from './pricing';

// The account's primary name travels with its other pages' schemas (one lazy chunk, not two).
export { PrimaryNameSchema } from './identity';

/*
 * The signed-in account's domains, orders and transfers: read by the My Domains and profile pages, so
 * kept apart from the search's first load.
 */

/** Owned domain as lists show it (spec "Owned domain record" and "Domain card"). */
export const OwnedDomainSchema = z.object({
  itemName: z.string(),
  orderType: z.literal('W3'),
  purDate: z.string(),
  expireOn: z.string(),
  months: z.int(),
  isSub: z.union([z.literal(0), z.literal(1)]),
  sdCount: z.int(),
  serialNo: z.int(),
  owner: z.string(),
  webProtection: z.boolean(),
  isSubscribed: z.boolean(),
  status: z.int(),
  price: z.number(),
});
export type OwnedDomain = z.infer<typeof OwnedDomainSchema>;
export const OwnedDomainListSchema = z.object({ domains: z.array(OwnedDomainSchema) });

export const PendingDomainSchema = z.object({
  itemName: z.string(),
  purDate: z.string(),
  months: z.int(),
  status: z.literal('Inprogress'),
  /** 1 for a subdomain, 0 for a top-level name. */
  isSub: z.optional(z.int()),
});
export const PendingDomainListSchema = z.object({ domains: z.array(PendingDomainSchema) });

export { OTHER_DOMAIN_STATUS, type OtherDomainStatus };

export const OtherProviderDomainSchema = z.object({
  domainName: z.string(),
  ownerAddress: z.string(),
  createdAt: z.string(),
  serialNumber: z.int(),
  tokenID: z.string(),
  status: z.union([z.literal(OTHER_DOMAIN_STATUS.subscribed), z.literal(OTHER_DOMAIN_STATUS.unsubscribed)]),
  isSubscribed: z.boolean(),
  expiresOn: z.string(),
});
export const OtherProviderDomainListSchema = z.object({ domains: z.array(OtherProviderDomainSchema) });
export const OtherDomainsQuerySchema = z.object({ domainName: z.optional(DomainNameSchema) });

export const DomainDetailSchema = z.object({
  domainName: z.string(),
  activeStatus: z.enum(['Active', 'Inactive']),
  blockChain: z.literal('Hedera'),
  purchaseDate: z.string(),
  expiresOn: z.string(),
  months: z.int(),
  webProtection: z.boolean(),
  subscription: z.boolean(),
  price: z.number(),
  isSub: z.union([z.literal(0), z.literal(1)]),
  owner: z.string(),
  serialNo: z.int(),
  status: z.int(),
  tokenId: z.nullable(z.string()),
  isExternal: z.boolean(),
  /**
   * Set once the domain has expired: until then only its owner may extend it; after it, anyone may
   * register the name.
   */
  graceEndsOn: z.nullable(z.string()),
});
export type DomainDetail = z.infer<typeof DomainDetailSchema>;

export const OrderRowSchema = z.object({
  id: z.string(),
  itemName: z.string(),
  kind: z.string(),
  purDate: z.string(),
  months: z.int(),
  price: z.number(),
  expiresOn: z.nullable(z.string()),
  /** HBAR returned on the order's ledger account: taken names, an expired quote, paying too much. */
  refundedHbar: z.number(),
  /** The payment on the ledger (`0.0.1234@1700000000.000000001`). */
  transactionId: z.nullable(z.string()),
});
export type OrderRow = z.infer<typeof OrderRowSchema>;
export const OrderListSchema = z.object({ orders: z.array(OrderRowSchema) });

export const TermSchema = z.union(
  TERM_MONTHS.map((months) => z.literal(months)) as [
    z.ZodMiniLiteral<12>,
    z.ZodMiniLiteral<24>,
    z.ZodMiniLiteral<36>,
    z.ZodMiniLiteral<48>,
  ],
);

/** Where to send a domain's NFT. */
export const TransferRequestSchema = z.object({ to: AccountIdSchema });
export type TransferRequest = z.infer<typeof TransferRequestSchema>;

/** What the wallet signs to send a domain: its NFT, checked sendable to the receiver. */
export const TransferPlanSchema = z.object({
  tokenId: z.string(),
  serialNumber: z.int(),
  to: z.string(),
});
export type TransferPlan = z.infer<typeof TransferPlanSchema>;

/** Who holds a domain's NFT now, as the registry read it from the ledger (null once burned). */
export const DomainHolderSchema = z.object({ owner: z.nullable(z.string()) });
export type DomainHolder = z.infer<typeof DomainHolderSchema>;
