import * as z from 'zod/mini';
import {
  BURNED_STATUS,
  CLAIM_STATUS,
  DELIVERED_STATUS,
  OK_STATUS,
  PAID_STATUS,
  REFUNDED_STATUS,
} from './status-codes';
import { DomainNameSchema } from './domains';
import { ORDER_KINDS, type OrderKind } from './order-kinds';
import { CART_LIMIT, EXTEND_MONTHS, TERM_MONTHS } from './pricing';

export { ORDER_KINDS, type OrderKind };

const literalUnion = <T extends readonly number[]>(values: T) =>
  z.int().check(z.refine((value) => values.includes(value), `must be one of ${values.join(', ')}`));

/** Domains renewed together in one payment. */
export const RENEW_LIMIT = 10;

/** Order kinds that register names (and hold them while quoted). */
export const NAME_ORDER_KINDS: ReadonlySet<string> = new Set<OrderKind>(['domains', 'claim', 'subdomain']);

export { BURNED_STATUS, CLAIM_STATUS, DELIVERED_STATUS, PAID_STATUS, REFUNDED_STATUS };

/** What a paid action costs: the server fixes amount, names, discounts and expiry in a quote. */
export const QuoteRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('domains'),
    items: z
      .array(
        z.object({
          itemName: DomainNameSchema,
          months: literalUnion(TERM_MONTHS),
          isWebProtectionOn: z._default(z.boolean(), false),
        }),
      )
      .check(z.minLength(1), z.maxLength(CART_LIMIT, 'Maximum 2 domains allowed!')),
  }),
  z.object({ kind: z.literal('extend'), itemName: DomainNameSchema, months: literalUnion(EXTEND_MONTHS) }),
  /** Several owned domains extended in one payment, each by its own term. */
  z.object({
    kind: z.literal('renew'),
    items: z.array(z.object({ itemName: DomainNameSchema, months: literalUnion(EXTEND_MONTHS) })).check(
      z.minLength(1),
      z.maxLength(RENEW_LIMIT, `At most ${RENEW_LIMIT} domains can be renewed at once`),
      z.refine(
        (items) => new Set(items.map((item) => item.itemName)).size === items.length,
        'Each domain can be renewed once per payment',
      ),
    ),
  }),
  z.object({ kind: z.literal('web-protection'), itemName: DomainNameSchema }),
  z.object({ kind: z.literal('subscription'), itemName: DomainNameSchema }),
  z.object({ kind: z.literal('record-fee'), itemName: DomainNameSchema }),
  /** The claim promotion: one domain (default top-level 'blade') for holders of the claim token, once. */
  z.object({ kind: z.literal('claim'), itemName: DomainNameSchema }),
  z.object({
    kind: z.literal('subdomain'),
    parent: DomainNameSchema,
    label: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(63)),
  }),
]);
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;

export const QuoteLineSchema = z.object({
  itemName: z.string(),
  months: z.int(),
  price: z.number(),
  isWebProtectionOn: z.boolean(),
  webProtection: z.number(),
  isSub: z.union([z.literal(0), z.literal(1)]),
});

/** What a quote would say, shown before paying: no order is made and no name is held. */
export const QuotePreviewSchema = z.object({
  kind: z.enum(ORDER_KINDS),
  lines: z.array(QuoteLineSchema),
  /** Discounts in the spec's order, each applied to the running total. */
  discounts: z.array(
    z.object({ id: z.string(), label: z.string(), percent: z.number(), amount: z.number() }),
  ),
  subtotalHbar: z.number(),
  totalHbar: z.number(),
});
export type QuotePreview = z.infer<typeof QuotePreviewSchema>;

export const QuoteResponseSchema = z.extend(QuotePreviewSchema, {
  orderId: z.uuid(),
  /** Exact amount to pay, in tinybars (string: may exceed 2^53). */
  amountTinybars: z.string().check(z.regex(/^\d+$/)),
  /** Pay this account, with `memo` as the transaction memo. */
  treasuryAccountId: z.string(),
  memo: z.string(),
  expiresAt: z.string(),
});
export type QuoteResponse = z.infer<typeof QuoteResponseSchema>;

export const ConfirmRequestSchema = z.object({
  orderId: z.uuid(),
  /** The payment's transaction id, `0.0.1234@1700000000.000000001` or `0.0.1234-1700000000-000000001`. */
  transactionId: z.string().check(z.minLength(10), z.maxLength(80)),
});

/**
 * Spec: status 1 ok; each line with its status (22 = minted and delivered, 1 = paid and applied or in
 * progress, 0 = refunded).
 */
export const ConfirmResponseSchema = z.object({
  status: z.literal(OK_STATUS),
  orderId: z.string(),
  resData: z.array(z.object({ itemName: z.string(), status: z.int() })),
  /** Tinybars going back to the buyer: lines someone else got first and any amount paid above the quote. */
  refundedTinybars: z.string().check(z.regex(/^\d+$/)),
});
export type ConfirmResponse = z.infer<typeof ConfirmResponseSchema>;

/**
 * Where a paid action stands on the server: `quoted` (no payment seen), `received` (on the ledger, not
 * settled yet), `settling` (paid; names being minted or waiting for the buyer's association), `done`,
 * `refunded` (the payment went back whole).
 */
export const PAYMENT_STATES = ['quoted', 'received', 'settling', 'done', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const OrderParamsSchema = z.object({ orderId: z.uuid() });

/** An unpaid quote ended at the buyer's request (its wallet refused to pay). */
export const WithdrawResponseSchema = z.object({ withdrawn: z.literal(true) });

export const OrderStateQuerySchema = z.object({
  /** The payment the browser made for it, if any: the server looks for it on the ledger. */
  transactionId: z.optional(z.string().check(z.minLength(10), z.maxLength(80))),
});

export const OrderStateSchema = z.object({
  orderId: z.string(),
  kind: z.enum(ORDER_KINDS),
  state: z.enum(PAYMENT_STATES),
  lines: z.array(z.object({ itemName: z.string(), status: z.int() })),
  refundedTinybars: z.string().check(z.regex(/^\d+$/)),
});
export type OrderState = z.infer<typeof OrderStateSchema>;

/**
 * A payment of the account that reached the ledger and that the registry has not settled yet (the
 * ledger watcher takes it within seconds): the Pending list shows it beside the names awaiting delivery.
 */
export const PendingPaymentSchema = z.object({
  orderId: z.string(),
  kind: z.enum(ORDER_KINDS),
  itemNames: z.array(z.string()),
  months: z.int(),
  paidAt: z.string(),
  transactionId: z.string(),
});
export type PendingPayment = z.infer<typeof PendingPaymentSchema>;
export const PendingPaymentListSchema = z.object({ payments: z.array(PendingPaymentSchema) });

/** After the wallet associates a collection: what is still waiting for delivery. */
export const DeliveryCheckResponseSchema = z.object({
  delivered: z.array(z.string()),
  pending: z.array(z.string()),
});
export type DeliveryCheckResponse = z.infer<typeof DeliveryCheckResponseSchema>;

/** Claim eligibility, as the spec numbers it (CLAIM_STATUS). */

export const ClaimEligibilitySchema = z.object({
  status: z.union([
    z.literal(CLAIM_STATUS.noClaimToken),
    z.literal(CLAIM_STATUS.notEligible),
    z.literal(CLAIM_STATUS.eligible),
    z.literal(CLAIM_STATUS.alreadyClaimed),
  ]),
  msg: z.string(),
});
export type ClaimEligibility = z.infer<typeof ClaimEligibilitySchema>;

export const CLAIM_MESSAGES = {
  notEligible: 'This Wallet is not eligible for claiming',
  alreadyClaimed: 'Reward already claimed',
  eligible: 'Eligible',
} as const;

/** The claim page's default top-level domain. */
export const CLAIM_DEFAULT_TLD = 'blade';

/** Spec: a claim needs a wallet balance of at least the price plus this much HBAR (fees). */
export const CLAIM_BALANCE_MARGIN_HBAR = 0.2;

/** Spec section 8: the claim page's messages besides eligibility. */
export const CLAIM_PAGE_MESSAGES = {
  connectWallet: 'Please Connect Wallet',
  lookupFailed: 'Something went wrong, Try again',
  minimumBalanceTitle: 'Minimum Balance',
  minimumBalance: (amount: string) => `Wallet must have at least ${amount} HBAR`,
} as const;
