import * as z from 'zod/mini';
import { FULL_DOMAIN_NAME } from './domain-name';
import { AVAILABILITY_STATUS } from './status-codes';

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

/** What a name released after its grace period costs on top (once, fixed by the quote) until `endsOn`. */
export const ReleasePremiumSchema = z.object({ price: z.number(), priceUsd: z.number(), endsOn: z.string() });

export const AvailabilityResponseSchema = z.object({
  name: z.string(),
  status: z.literal(Object.values(AVAILABILITY_STATUS)),
  available: z.boolean(),
  reserved: z.boolean(),
  networkDown: z.boolean(),
  msg: z.optional(z.string()),
  /** HBAR for 12 months when available. */
  price: z.nullable(z.number()),
  priceUsd: z.nullable(z.number()),
  /**
   * A name released after its grace period costs this much more (paid once, fixed by the quote),
   * falling to nothing on `endsOn`.
   */
  premium: z.optional(ReleasePremiumSchema),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponseSchema>;

export const SuggestionsQuerySchema = z.object({ name: DomainNameSchema });
export const SuggestionSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** HBAR a year at the current rate. */
  price: z.number(),
  /** The configured USD a year the HBAR price follows. */
  priceUsd: z.number(),
  similarity: z.int().check(z.minimum(0), z.maximum(100)),
  /** Released lately: its premium, as on the search result. */
  premium: z.optional(ReleasePremiumSchema),
});
export const SuggestionsResponseSchema = z.object({ suggestions: z.array(SuggestionSchema) });
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const TakenRequestSchema = z.object({
  names: z.array(DomainNameSchema).check(z.minLength(1), z.maxLength(20)),
});
export const TakenResponseSchema = z.object({
  taken: z.array(z.object({ itemName: z.string() })),
  /** The free names among those asked that carry a release premium now (it falls daily). */
  premiums: z.optional(z.array(z.object({ itemName: z.string(), ...ReleasePremiumSchema.shape }))),
});

export const DomainParamsSchema = z.object({ name: DomainNameSchema });
