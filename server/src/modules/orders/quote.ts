import type { QuoteRequest, QuoteResponse } from '@registry/contracts/orders';
import { roundAmount } from '@registry/contracts/pricing';
import { conflict } from '../../http-error';
import type { OrderContext } from './order-context';
import { paidKind } from './paid-kinds';
import { roundedLines, type Pricing } from './pricing';
import * as repo from './repo';
import { networkDown } from './settlement';
import { hbarToTinybars } from '@registry/contracts/hbar';

/** A quote holds its names and price this long unless the server is configured otherwise. */
export const QUOTE_TTL_MS = 10 * 60_000;

/** An order at a fixed HBAR amount for 10 minutes (the quote's lifetime), its names held meanwhile. */
export function createQuote({ deps, now }: OrderContext, { priced }: Pricing) {
  const { db, treasuryAccountId } = deps;
  return async function quote(accountId: string, request: QuoteRequest): Promise<QuoteResponse> {
    const ledgerUp = await deps.ledgerAvailable().catch(() => false);
    if (!ledgerUp) throw networkDown();
    const { lines, result } = await priced(accountId, request);
    const total = roundAmount(result.total);
    const amountTinybars = hbarToTinybars(total);
    const quotedAt = now();
    const expiresAt = new Date(quotedAt.getTime() + (deps.quoteTtlMs ?? QUOTE_TTL_MS));
    let order: repo.Order;
    try {
      order = await db.transaction(async (tx) => {
        if (request.kind === 'claim') await repo.supersedeOpenClaims(tx, accountId);
        const created = await repo.insertOrder(
          tx,
          {
            accountId,
            kind: request.kind,
            totalHbar: total,
            amountTinybars,
            discounts: result.discounts,
            expiresAt,
          },
          lines,
        );
        if (paidKind(request.kind).holdsNames) {
          const refused = await repo.holdNames(
            tx,
            { orderId: created.id, accountId, expiresAt, now: quotedAt },
            lines.map((item) => item.itemName),
          );
          if (refused.length > 0)
            throw conflict(
              'DOMAINS_TAKEN',
              `Someone else purchased few domains in your cart: ${refused.join(', ')}`,
            );
        }
        return created;
      });
    } catch (error) {
      if (repo.isUniqueViolation(error))
        throw conflict('CLAIM_IN_PROGRESS', 'Another claim of this wallet is being quoted; try again');
      throw error;
    }
    deps.quoteIssued?.();
    return {
      orderId: order.id,
      kind: request.kind,
      lines: roundedLines(lines),
      discounts: result.discounts,
      subtotalHbar: result.subtotal,
      totalHbar: total,
      amountTinybars: amountTinybars.toString(),
      treasuryAccountId,
      memo: order.id,
      expiresAt: expiresAt.toISOString(),
    };
  };
}
