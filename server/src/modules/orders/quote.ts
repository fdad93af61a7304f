import type { QuoteRequest, QuoteResponse } from '@registry/contracts/orders';
import { roundAmount } from '@registry/contracts/pricing';
import type { Executor } from '../../db/database';
import { conflict, HttpError } from '../../http-error';
import type { OrderContext } from './order-context';
import { paidKind } from './paid-kinds';
import { roundedLines, type Pricing } from './pricing';
import * as repo from './repo';
import { networkDown } from './settlement';
import { hbarToTinybars } from '@registry/contracts/hbar';
import { splitDomainName } from '@registry/contracts/domain-name';
import { LedgerUnavailableError } from '@registry/hedera-node/ledger-port';

/** A quote holds its names and price this long unless the server is configured otherwise. */
export const QUOTE_TTL_MS = 10 * 60_000;

/** A continued hold with less time than this left is not quoted: nobody could pay it in time. */
const MIN_TIME_TO_PAY_MS = 30_000;

/** How many names one account, and one client address, may hold at once in unpaid quotes. */
export type HoldLimits = { perAccount: number; perAddress: number };

/** Refuses a quote that would hold more names at once than the account or its address may. */
async function checkHoldLimits(
  tx: Executor,
  holder: { accountId: string; clientAddress: string | null },
  now: Date,
  names: string[],
  limits: HoldLimits,
) {
  const held = await repo.countLiveHolds(tx, holder, now, names);
  if (held.byAccount + names.length > limits.perAccount || held.byAddress + names.length > limits.perAddress)
    throw new HttpError(
      429,
      'TOO_MANY_HOLDS',
      `Unpaid quotes already hold ${Math.max(held.byAccount, held.byAddress)} names; pay for them or let them expire first`,
    );
}

/**
 * A name whose NFT the ledger holds is not free, whatever the database says (it was restored from a
 * backup older than the sale, say): it is never quoted.
 */
async function refuseNamesLiveOnLedger(deps: OrderContext['deps'], names: string[]) {
  if (!deps.namesLiveOnLedger) return;
  const byTld = new Map<string, string[]>();
  for (const name of names) {
    const { tld } = splitDomainName(name);
    byTld.set(tld, [...(byTld.get(tld) ?? []), name]);
  }
  const live: string[] = [];
  try {
    for (const [tld, inTld] of byTld) live.push(...(await deps.namesLiveOnLedger(tld, inTld)));
  } catch (error) {
    // The ledger cannot be read: nothing can be quoted (nor paid) until it can.
    if (error instanceof LedgerUnavailableError) throw networkDown();
    throw error;
  }
  if (live.length > 0)
    throw conflict('DOMAINS_TAKEN', `Someone else purchased few domains in your cart: ${live.join(', ')}`);
}

/** An order at a fixed HBAR amount for 10 minutes (the quote's lifetime), its names held meanwhile. */
export function createQuote({ deps, now }: OrderContext, { priced }: Pricing) {
  const { db, treasuryAccountId } = deps;
  const ttlMs = deps.quoteTtlMs ?? QUOTE_TTL_MS;
  const limits = deps.holdLimits ?? { perAccount: Infinity, perAddress: Infinity };
  return async function quote(
    accountId: string,
    request: QuoteRequest,
    clientAddress: string | null = null,
  ): Promise<QuoteResponse> {
    const ledgerUp = await deps.ledgerAvailable().catch(() => false);
    if (!ledgerUp) throw networkDown();
    const { lines, result } = await priced(accountId, request);
    if (paidKind(request.kind).holdsNames)
      await refuseNamesLiveOnLedger(
        deps,
        lines.map((line) => line.itemName),
      );
    const total = roundAmount(result.total);
    const amountTinybars = hbarToTinybars(total);
    const quotedAt = now();
    let expiresAt = new Date(quotedAt.getTime() + ttlMs);
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
          const names = lines.map((item) => item.itemName);
          await checkHoldLimits(tx, { accountId, clientAddress }, quotedAt, names, limits);
          const held = await repo.holdNames(
            tx,
            { orderId: created.id, accountId, clientAddress, expiresAt, now: quotedAt, ttlMs },
            names,
          );
          if (held.refused.length > 0)
            throw conflict(
              'DOMAINS_TAKEN',
              `Someone else purchased few domains in your cart: ${held.refused.join(', ')}`,
            );
          if (held.endsAt && held.endsAt < expiresAt) {
            if (held.endsAt.getTime() - quotedAt.getTime() < MIN_TIME_TO_PAY_MS)
              throw conflict(
                'HOLD_SPENT',
                `You held ${names.join(', ')} for a quote's full time without paying; quote again after ${new Date(held.endsAt.getTime() + ttlMs).toISOString()}`,
              );
            expiresAt = held.endsAt;
            await repo.shortenQuote(tx, created.id, expiresAt);
          }
        }
        return created;
      });
    } catch (error) {
      if (repo.isUniqueViolation(error))
        throw conflict('CLAIM_IN_PROGRESS', 'Another claim of this wallet is being quoted; try again');
      throw error;
    }
    deps.quotes?.issued();
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
