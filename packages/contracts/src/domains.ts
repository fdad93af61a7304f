import { z } from 'zod';
import { FULL_DOMAIN_NAME } from './domain-name';
import { TERM_MONTHS } from './pricing';

export const DomainNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(190)
  .regex(FULL_DOMAIN_NAME, 'must be a domain name such as alpha.hbar');

export const AvailabilityQuerySchema = z.object({
  name: DomainNameSchema,
  /** Claim promotion marker. */
  promo: z.enum(['claim']).optional(),
});

/** Spec status codes: 1 available, 0 unavailable (reserved or taken), -9 network down ('HCS-DOWN'). */
export const AvailabilityResponseSchema = z.object({
  name: z.string(),
  status: z.union([z.literal(1), z.literal(0), z.literal(-9)]),
  available: z.boolean(),
  reserved: z.boolean(),
  networkDown: z.boolean(),
  msg: z.string().optional(),
  /** HBAR for 12 months when available. */
  price: z.number().nullable(),
  priceUsd: z.number().nullable(),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponseSchema>;

export const SuggestionsQuerySchema = z.object({ name: DomainNameSchema });
export const SuggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  similarity: z.number().int().min(0).max(100),
});
export const SuggestionsResponseSchema = z.object({ suggestions: z.array(SuggestionSchema) });
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const TakenRequestSchema = z.object({ names: z.array(DomainNameSchema).min(1).max(20) });
export const TakenResponseSchema = z.object({ taken: z.array(z.object({ itemName: z.string() })) });

/** Owned domain as lists show it (spec "Owned domain record" and "Domain card"). */
export const OwnedDomainSchema = z.object({
  itemName: z.string(),
  orderType: z.literal('W3'),
  purDate: z.string(),
  expireOn: z.string(),
  months: z.number().int(),
  isSub: z.union([z.literal(0), z.literal(1)]),
  sdCount: z.number().int(),
  serialNo: z.number().int(),
  owner: z.string(),
  webProtection: z.boolean(),
  isSubscribed: z.boolean(),
  status: z.number().int(),
  price: z.number(),
});
export type OwnedDomain = z.infer<typeof OwnedDomainSchema>;
export const OwnedDomainListSchema = z.object({ domains: z.array(OwnedDomainSchema) });

export const PendingDomainSchema = z.object({
  itemName: z.string(),
  purDate: z.string(),
  months: z.number().int(),
  status: z.literal('Inprogress'),
});
export const PendingDomainListSchema = z.object({ domains: z.array(PendingDomainSchema) });

export const OtherProviderDomainSchema = z.object({
  domainName: z.string(),
  ownerAddress: z.string(),
  createdAt: z.string(),
  serialNumber: z.number().int(),
  tokenID: z.string(),
  status: z.union([z.literal(1), z.literal(2)]),
  isSubscribed: z.boolean(),
  expiresOn: z.string(),
});
export const OtherProviderDomainListSchema = z.object({ domains: z.array(OtherProviderDomainSchema) });
export const OtherDomainsQuerySchema = z.object({ domainName: DomainNameSchema.optional() });

export const DomainDetailSchema = z.object({
  domainName: z.string(),
  activeStatus: z.enum(['Active', 'Inactive']),
  blockChain: z.literal('Hedera'),
  purchaseDate: z.string(),
  expiresOn: z.string(),
  months: z.number().int(),
  webProtection: z.boolean(),
  subscription: z.boolean(),
  price: z.number(),
  isSub: z.union([z.literal(0), z.literal(1)]),
  owner: z.string(),
  serialNo: z.number().int(),
  status: z.number().int(),
  tokenId: z.string().nullable(),
  isExternal: z.boolean(),
});
export type DomainDetail = z.infer<typeof DomainDetailSchema>;

export const DomainParamsSchema = z.object({ name: DomainNameSchema });

export const OrderRowSchema = z.object({
  id: z.string(),
  itemName: z.string(),
  kind: z.string(),
  purDate: z.string(),
  months: z.number().int(),
  price: z.number(),
  expiresOn: z.string().nullable(),
  /** HBAR returned on the order's ledger account: taken names, an expired quote, paying too much. */
  refundedHbar: z.number(),
});
export const OrderListSchema = z.object({ orders: z.array(OrderRowSchema) });

export const TermSchema = z.union(
  TERM_MONTHS.map((months) => z.literal(months)) as [
    z.ZodLiteral<12>,
    z.ZodLiteral<24>,
    z.ZodLiteral<36>,
    z.ZodLiteral<48>,
  ],
);
