import { applyDiscounts, entitlementsFromHoldings, NO_ENTITLEMENTS } from '@registry/contracts/discounts';
import type { QuotePreview, QuoteRequest } from '@registry/contracts/orders';
import { roundAmount } from '@registry/contracts/pricing';
import type { OrderContext } from './order-context';
import { priceRequest } from './paid-kinds';

type PricedLines = Awaited<ReturnType<typeof priceRequest>>;

export const roundedLines = (lines: PricedLines) =>
  lines.map((item) => ({
    ...item,
    price: roundAmount(item.price),
    webProtection: roundAmount(item.webProtection),
  }));

/** The lines of a request and its discounts, in the spec's order, for the account's holdings. */
export function createPricing({ deps, kindDeps }: OrderContext) {
  async function entitlementsOf(accountId: string) {
    // Spec: a failed discount look-up proceeds with no extra discounts.
    const holdings = await deps.mirror.listAccountTokens(accountId).catch(() => []);
    return entitlementsFromHoldings(
      holdings.map((holding) => ({ tokenId: holding.token_id, balance: holding.balance })),
      deps.discountTokens,
    );
  }

  async function priced(accountId: string, request: QuoteRequest) {
    const lines = await priceRequest(accountId, request, kindDeps);
    const result = applyDiscounts(
      lines.map((item) => ({ itemName: item.itemName, amount: item.price + item.webProtection })),
      request.kind === 'domains' ? await entitlementsOf(accountId) : NO_ENTITLEMENTS,
      await deps.settings.discounts(),
    );
    return { lines, result };
  }

  /** What a quote would say (lines, discounts, total), without an order or held names. */
  async function preview(accountId: string, request: QuoteRequest): Promise<QuotePreview> {
    const { lines, result } = await priced(accountId, request);
    return {
      kind: request.kind,
      lines: roundedLines(lines),
      discounts: result.discounts,
      subtotalHbar: result.subtotal,
      totalHbar: roundAmount(result.total),
    };
  }

  return { priced, preview };
}
export type Pricing = ReturnType<typeof createPricing>;
