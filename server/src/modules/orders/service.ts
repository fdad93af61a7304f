import {
  applyDiscounts,
  entitlementsFromHoldings,
  NO_ENTITLEMENTS,
  type DiscountTokenIds,
} from '@registry/contracts/discounts';
import {
  CLAIM_MESSAGES,
  type ClaimEligibility,
  PAID_STATUS,
  type ConfirmResponse,
  type OrderKind,
  type OrderState,
  type DeliveryCheckResponse,
  type QuoteRequest,
  type QuotePreview,
  type QuoteResponse,
} from '@registry/contracts/orders';
import { roundAmount } from '@registry/contracts/pricing';
import type { Db, Executor } from '../../db/database';
import { badRequest, conflict, HttpError, notFound } from '../../http-error';
import { normaliseTransactionId } from '@registry/contracts/hedera-ids';
import type { MirrorReader, MirrorTransaction } from '../../ledger/mirror-reader';
import type { JobQueue } from '../../jobs/job-queue';
import type { PaymentTaking } from '../../jobs/ledger-watcher';
import { DELIVERED, type DomainService } from '../domains/service';
import type { PriceList } from '../settings/price-list';
import type { SettingsService } from '../settings/service';
import type { KindDeps } from './paid-kind';
import { paidKind, priceRequest } from './paid-kinds';
import { creditTo, memoOf } from './payment-record';
import { paymentsAwaitingSettlement } from './payments-awaiting';
import * as repo from './repo';
import { createSettlement, networkDown, PaymentTaken, type Outcome } from './settlement';

/** A quote holds its names and price this long. */
export const QUOTE_TTL_MS = 10 * 60_000;
const TINYBARS_PER_HBAR = 100_000_000;
type Deps = {
  db: Db;
  mirror: MirrorReader;
  domains: DomainService;
  settings: SettingsService;
  priceList: PriceList;
  /** Whether the ledger takes transactions now (a quote made while it is down could not be paid). */
  ledgerAvailable: () => Promise<boolean>;
  queue: JobQueue;
  treasuryAccountId: string;
  discountTokens: DiscountTokenIds;
  /** Holders of this token may claim one domain. */
  claimTokenId: string | null;
  /**
   * Runs due jobs now (after a payment) and resolves when the given jobs (by unique key) have had their
   * turn, or when the run is over; at once when there are none.
   */
  runJobs: (jobKeys: string[]) => Promise<void>;
  now?: () => Date;
};

const quoteExpired = (names: string[]) =>
  conflict(
    'QUOTE_EXPIRED',
    `This quote had expired and ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} no longer free; the payment is refunded`,
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What other parts need of orders without the payment service: the history, refund marks, record fees. */
export function createOrderRecords(db: Db) {
  return {
    history: (accountId: string) => repo.listOrders(db, accountId),
    markRefunded: (orderId: string) => repo.markOrderRefunded(db, orderId),
    /** Uses up a paid record-fee order for the name inside the caller's transaction; false without one. */
    useRecordFee: (tx: Executor, accountId: string, domainName: string) =>
      repo.useRecordFee(tx, accountId, domainName),
  };
}
export type OrderRecords = ReturnType<typeof createOrderRecords>;

/** Quote → wallet payment → confirm (verified on the ledger) → mint / apply → refund what was not delivered. */
export function createOrderService(deps: Deps) {
  const { db, mirror, domains, settings, priceList, queue, treasuryAccountId, discountTokens } = deps;
  const now = deps.now ?? (() => new Date());

  /** Spec: -1 or 0 not eligible, 2 already claimed, 1 eligible. */
  async function claimEligibility(accountId: string, exceptOrderId?: string): Promise<ClaimEligibility> {
    if (!deps.claimTokenId) return { status: -1, msg: CLAIM_MESSAGES.notEligible };
    if (await repo.hasPaidClaim(db, accountId, exceptOrderId))
      return { status: 2, msg: CLAIM_MESSAGES.alreadyClaimed };
    const holdings = await mirror.listAccountTokens(accountId, deps.claimTokenId);
    const holds = holdings.some((holding) => holding.token_id === deps.claimTokenId && holding.balance > 0);
    return holds
      ? { status: 1, msg: CLAIM_MESSAGES.eligible }
      : { status: 0, msg: CLAIM_MESSAGES.notEligible };
  }

  const creditedBy = (record: MirrorTransaction) => creditTo(record, treasuryAccountId);

  const kindDeps: KindDeps = { domains, priceList, queue, claimEligibility };
  const { refundPayment, refusal, lineStatuses, answer, paymentRecord, settle } = createSettlement({
    db,
    mirror,
    domains,
    queue,
    kindDeps,
    now,
  });
  const linesFor = (accountId: string, request: QuoteRequest) => priceRequest(accountId, request, kindDeps);

  async function entitlementsOf(accountId: string) {
    // Spec: a failed discount look-up proceeds with no extra discounts.
    const holdings = await mirror.listAccountTokens(accountId).catch(() => []);
    return entitlementsFromHoldings(
      holdings.map((holding) => ({ tokenId: holding.token_id, balance: holding.balance })),
      discountTokens,
    );
  }

  /** The lines of a request and its discounts, in the spec's order, for the account's holdings. */
  async function priced(accountId: string, request: QuoteRequest) {
    const lines = await linesFor(accountId, request);
    const result = applyDiscounts(
      lines.map((item) => ({ itemName: item.itemName, amount: item.price + item.webProtection })),
      request.kind === 'domains' ? await entitlementsOf(accountId) : NO_ENTITLEMENTS,
      await settings.discounts(),
    );
    return { lines, result };
  }

  const roundedLines = (lines: Awaited<ReturnType<typeof linesFor>>) =>
    lines.map((item) => ({
      ...item,
      price: roundAmount(item.price),
      webProtection: roundAmount(item.webProtection),
    }));

  return {
    claimEligibility: (accountId: string) => claimEligibility(accountId),

    /** What a quote would say (lines, discounts, total), without an order or held names. */
    async preview(accountId: string, request: QuoteRequest): Promise<QuotePreview> {
      const { lines, result } = await priced(accountId, request);
      return {
        kind: request.kind,
        lines: roundedLines(lines),
        discounts: result.discounts,
        subtotalHbar: result.subtotal,
        totalHbar: roundAmount(result.total),
      };
    },

    async quote(accountId: string, request: QuoteRequest): Promise<QuoteResponse> {
      const ledgerUp = await deps.ledgerAvailable().catch(() => false);
      if (!ledgerUp) throw networkDown();
      const { lines, result } = await priced(accountId, request);
      const total = roundAmount(result.total);
      const amountTinybars = BigInt(Math.round(total * TINYBARS_PER_HBAR));
      const quotedAt = now();
      const expiresAt = new Date(quotedAt.getTime() + QUOTE_TTL_MS);
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
    },

    /**
     * Verifies the payment on the ledger and carries the order out. Trusts nothing the client says
     * about the payment: payer, payee, amount, memo and result come from the mirror node.
     */
    async confirm(accountId: string, orderId: string, rawTransactionId: string): Promise<ConfirmResponse> {
      const transactionId = normaliseTransactionId(rawTransactionId);
      if (!transactionId)
        throw badRequest('BAD_TRANSACTION_ID', 'transactionId must look like 0.0.1234@1700000000.000000001');
      const order = await repo.findOrder(db, orderId, accountId);
      if (!order) throw notFound('No such order');
      if (order.transactionId !== null) {
        if (order.transactionId !== transactionId)
          throw conflict('ORDER_ALREADY_PAID', 'This order was already paid');
        // The same confirmation again: the same answer.
        if (order.status === 'refunded' && order.paidAt && order.expiresAt <= order.paidAt)
          throw quoteExpired((await repo.linesOf(db, order.id)).map((item) => item.itemName));
        return answer(orderId, accountId);
      }
      if (transactionId.split('-')[0] !== accountId)
        throw badRequest('PAYER_MISMATCH', 'The payment was not made by the signed-in account');
      if ((await repo.paymentOutcome(db, transactionId))?.outcome === 'refunded')
        throw conflict('PAYMENT_REFUNDED', 'This payment matched no open quote and was refunded');
      if (await repo.orderWithTransaction(db, transactionId))
        throw conflict('TRANSACTION_ALREADY_USED', 'This payment was already used for another order');

      const record = await paymentRecord(transactionId);
      const credited = creditedBy(record);
      if (credited < order.amountTinybars) {
        throw new HttpError(
          402,
          'UNDERPAID',
          `The payment credited ${credited} of ${order.amountTinybars} tinybars to the registry`,
        );
      }
      if (memoOf(record) !== order.id)
        throw new HttpError(402, 'WRONG_MEMO', 'The payment memo is not this order');

      let outcome: Outcome;
      try {
        outcome = await settle(
          order,
          { transactionId, consensusTimestamp: record.consensus_timestamp },
          credited,
        );
      } catch (error) {
        if (error instanceof PaymentTaken || repo.isUniqueViolation(error)) {
          // The ledger watcher may have settled this very payment a moment ago: the same answer then.
          const settled = await repo.findOrder(db, orderId, accountId);
          if (settled?.transactionId === transactionId) return answer(orderId, accountId);
          if ((await repo.paymentOutcome(db, transactionId))?.outcome === 'refunded')
            throw conflict('PAYMENT_REFUNDED', 'This payment matched no open quote and was refunded');
          if (settled?.transactionId) throw conflict('ORDER_ALREADY_PAID', 'This order was already paid');
          throw conflict('TRANSACTION_ALREADY_USED', 'This payment was already used for another order');
        }
        throw error;
      }
      await deps.runJobs(outcome.jobKeys);
      if (outcome.expiredAndLost.length > 0) throw quoteExpired(outcome.expiredAndLost);
      return answer(orderId, accountId);
    },

    /**
     * Takes a transaction that reached the treasury, as the ledger watcher reads it from the mirror
     * node: settles the order its memo names, as confirm would, or refunds it whole to its payer
     * (unknown memo, another account's quote, too little, a quote paid already). Each payment once,
     * however often it is read and whatever confirm does meanwhile.
     */
    async takePayment(record: MirrorTransaction): Promise<{ taking: PaymentTaking; jobKeys: string[] }> {
      const transactionId = normaliseTransactionId(record.transaction_id);
      const credited = creditedBy(record);
      const payer = transactionId?.split('-')[0];
      if (
        !transactionId ||
        !payer ||
        record.result !== 'SUCCESS' ||
        credited <= 0n ||
        payer === treasuryAccountId
      )
        return { taking: 'not-a-payment', jobKeys: [] };
      if (await repo.paymentOutcome(db, transactionId)) return { taking: 'recorded-before', jobKeys: [] };
      const payment = { transactionId, consensusTimestamp: record.consensus_timestamp, payer, credited };
      if (await repo.orderWithTransaction(db, transactionId))
        return { taking: 'recorded-before', jobKeys: [] };
      const memo = memoOf(record);
      const order = UUID.test(memo) ? await repo.findOrderById(db, memo) : null;
      let reason = refusal(order, payer, credited);
      if (!reason) {
        try {
          const outcome = await settle(order!, payment, credited);
          return { taking: 'settled', jobKeys: outcome.jobKeys };
        } catch (error) {
          if (!(error instanceof PaymentTaken) && !repo.isUniqueViolation(error)) throw error;
          if (await repo.paymentOutcome(db, transactionId)) return { taking: 'recorded-before', jobKeys: [] };
          reason = 'The quote was paid already';
        }
      }
      const refunded = await refundPayment(payment, order?.id ?? null, reason);
      return refunded
        ? { taking: 'refunded', jobKeys: [`refund-payment:${transactionId}`] }
        : { taking: 'recorded-before', jobKeys: [] };
    },

    /**
     * Where one of the account's orders stands, read from the server's records and (for a payment the
     * browser made that nothing has settled yet) from the ledger.
     */
    async state(accountId: string, orderId: string, rawTransactionId?: string): Promise<OrderState> {
      const order = await repo.findOrder(db, orderId, accountId);
      if (!order) throw notFound('No such order');
      const lines = await lineStatuses(order);
      const base = {
        orderId,
        kind: order.kind as OrderKind,
        lines,
        refundedTinybars: order.refundedTinybars.toString(),
      };
      if (order.status === 'refunded') return { ...base, state: 'refunded' };
      if (order.transactionId !== null) {
        const waiting = lines.some((line) => line.status === PAID_STATUS) && paidKind(order.kind).holdsNames;
        return { ...base, state: waiting ? 'settling' : 'done' };
      }
      const transactionId = rawTransactionId ? normaliseTransactionId(rawTransactionId) : null;
      if (transactionId && transactionId.split('-')[0] === accountId) {
        if ((await repo.paymentOutcome(db, transactionId))?.outcome === 'refunded')
          return { ...base, state: 'refunded' };
        const record = await mirror.getTransaction(transactionId).catch(() => null);
        if (record?.result === 'SUCCESS') return { ...base, state: 'received' };
      }
      return { ...base, state: 'quoted' };
    },

    /** Payments of the account on the ledger that nothing has settled yet (the Pending list shows them). */
    paymentsAwaitingSettlement: (accountId: string) =>
      paymentsAwaitingSettlement({ db, mirror, treasuryAccountId }, accountId, now()),

    /** The buyer associated a collection: deliver what waited for it now instead of at the next re-check. */
    async checkDeliveries(accountId: string): Promise<DeliveryCheckResponse> {
      const waiting = await domains.undeliveredIdsOf(accountId);
      await deps.runJobs(await repo.makeMintJobsDue(db, waiting));
      const rows = await domains.byIds(waiting);
      return {
        delivered: rows.filter((row) => row.status === DELIVERED).map((row) => row.name),
        pending: rows.filter((row) => row.status !== DELIVERED).map((row) => row.name),
      };
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
