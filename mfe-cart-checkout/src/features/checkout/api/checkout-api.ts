import { ApiRequestError, createApiClient } from '@registry/api-client/client';
import type { CartItem } from '@registry/cart/cart-store';
import type { QuotePreview, QuoteRequest } from '@registry/contracts/orders';
import { PAID_FLOW_MESSAGES } from '@registry/paid-flow';

export const checkoutApi = createApiClient();

/** The order a cart makes: its names still for sale, web protection and subscription off (spec 2). */
export function cartOrder(items: CartItem[]): QuoteRequest & { kind: 'domains' } {
  return {
    kind: 'domains',
    items: items
      .filter((item) => item.soldOut !== 1)
      .map((item) => ({ itemName: item.itemName, months: item.months, isWebProtectionOn: false })),
  };
}

export type PreviewResult =
  { kind: 'ready'; preview: QuotePreview } | { kind: 'taken' } | { kind: 'failed'; message: string };

/** Purchase details with the buyer's discounts, as the server will quote them. */
export async function previewCheckout(order: QuoteRequest): Promise<PreviewResult> {
  try {
    return { kind: 'ready', preview: await checkoutApi.previewOrder(order) };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'DOMAINS_TAKEN') return { kind: 'taken' };
    if (error instanceof ApiRequestError && error.code === 'HCS-DOWN')
      return { kind: 'failed', message: PAID_FLOW_MESSAGES.networkDown.message };
    return { kind: 'failed', message: PAID_FLOW_MESSAGES.other.message };
  }
}

export type AvailabilityRecheck = { ok: true; taken: string[] } | { ok: false; message: string };

/**
 * Spec section 4: Proceed to Payment first checks every name is still for sale; the availability check
 * also says when the network is down (-9 HCS-DOWN), which pauses minting.
 */
export async function recheckAvailability(names: string[]): Promise<AvailabilityRecheck> {
  try {
    const answers = await Promise.all(names.map((name) => checkoutApi.checkAvailability(name)));
    if (answers.some((answer) => answer.networkDown))
      return { ok: false, message: PAID_FLOW_MESSAGES.networkDown.message };
    return { ok: true, taken: answers.filter((answer) => !answer.available).map((answer) => answer.name) };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'HCS-DOWN')
      return { ok: false, message: PAID_FLOW_MESSAGES.networkDown.message };
    return { ok: false, message: PAID_FLOW_MESSAGES.other.message };
  }
}
