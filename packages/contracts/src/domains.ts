import { AccountIdSchema } from './account';
import * as z from 'zod/mini';
import { FULL_DOMAIN_NAME } from './domain-name';
import { TERM_MONTHS } from './pricing';

export const DomainNameSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(190),
    z.regex(FULL_DOMAIN_NAME, 'must be a domain name such as alpha.hbar'),
  );

export const AvailabilityQuerySchema = z.object({
  name: DomainNameSchema,
  /** Claim promotion marker. */
  promo: z.optional(z.enum(['claim'])),
});

/** Spec status codes: 1 available, 0 unavailable (reserved or taken), -9 network down ('HCS-DOWN'). */
export const AvailabilityResponseSchema = z.object({
  name: z.string(),
  status: z.union([z.literal(1), z.literal(0), z.literal(-9)]),
  available: z.boolean(),
  reserved: z.boolean(),
  networkDown: z.boolean(),
  msg: z.optional(z.string()),
  /** HBAR for 12 months when available. */
  price: z.nullable(z.number()),
  priceUsd: z.nullable(z.number()),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponseSchema>;

export const SuggestionsQuerySchema = z.object({ name: DomainNameSchema });
export const SuggestionSchema = z.object({
  id: z.int(),
  name: z.string(),
  price: z.number(),
  similarity: z.int().check(z.minimum(0), z.maximum(100)),
});
export const SuggestionsResponseSchema = z.object({ suggestions: z.array(SuggestionSchema) });
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const TakenRequestSchema = z.object({
  names: z.array(DomainNameSchema).check(z.minLength(1), z.maxLength(20)),
});
export const TakenResponseSchema = z.object({ taken: z.array(z.object({ itemName: z.string() })) });

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

export const OtherProviderDomainSchema = z.object({
  domainName: z.string(),
  ownerAddress: z.string(),
  createdAt: z.string(),
  serialNumber: z.int(),
  tokenID: z.string(),
  status: z.union([z.literal(1), z.literal(2)]),
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

export const DomainParamsSchema = z.object({ name: DomainNameSchema });

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
