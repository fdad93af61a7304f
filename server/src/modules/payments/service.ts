import { and, eq, inArray } from 'drizzle-orm';
import {
  applyDiscounts,
  entitlementsFromHoldings,
  type DiscountTokenIds,
} from '@registry/contracts/discounts';
import { checkSubdomainLabel, splitDomainName } from '@registry/contracts/domain-name';
import {
  CLAIM_MESSAGES,
  type ClaimEligibility,
  type ConfirmResponse,
  type QuoteRequest,
  type QuoteResponse,
} from '@registry/contracts/orders';
import {
  checkoutWebProtection,
  CLAIM_TERM_MONTHS,
  extendPrice,
  priceForTerm,
  roundAmount,
  subscriptionPriceHbar,
  SUBDOMAIN_TERM_MONTHS,
  YEARLY_MONTHS,
  yearlyWebProtection,
} from '@registry/contracts/pricing';
import type { Db } from '../../db/database';
import { domains, orderLines, orders, otherProviderDomains } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http-error';
import { normaliseTransactionId } from '../../ledger/hedera-ids';
import { LedgerUnavailableError } from '../../ledger/ledger-port';
import type { MirrorReader } from '../../ledger/mirror-reader';
import type { JobQueue } from '../../jobs/job-queue';
import { REFUNDED, type MintPayload, type RefundPayload } from '../../jobs/registry-jobs';
import type { DomainService } from '../domains/service';
import type { PriceSource, SettingsService } from '../settings/service';

/** A quote holds its names and price this long. */
export const QUOTE_TTL_MS = 10 * 60_000;
const TINYBARS_PER_HBAR = 100_000_000;
const MONTH_MS = 30 * 24 * 3600 * 1000;

type Line = {
  itemName: string;
  months: number;
  price: number;
  isWebProtectionOn: boolean;
  webProtection: number;
  isSub: 0 | 1;
};

type Deps = {
  db: Db;
  mirror: MirrorReader;
  domainService: DomainService;
  settings: SettingsService;
  prices: PriceSource;
  queue: JobQueue;
  treasuryAccountId: string;
  discountTokens: DiscountTokenIds;
  /** Holders of this token may claim one domain. */
  claimTokenId: string | null;
  /** Runs due jobs now (after a payment) and resolves when they are done or waiting. */
  runJobs: () => Promise<void>;
  now?: () => Date;
};

const networkDown = () => new HttpError(503, 'HCS-DOWN', 'HCS link is down');

export function createPaymentService(deps: Deps) {
  const {
    db,
    mirror,
    domainService,
    settings,
    prices,
    queue,
    treasuryAccountId,
    discountTokens,
    now = () => new Date(),
  } = deps;

  async function ownedDelivered(accountId: string, name: string) {
    const row = await domainService.find(name);
    if (!row || row.ownerAccount !== accountId) throw notFound(`You do not own ${name}`);
    if (row.status !== 22) throw conflict('NOT_DELIVERED', `${name} is not delivered yet`);
    return row;
  }

  /** Spec: -1 or 0 not eligible, 2 already claimed, 1 eligible. */
  async function claimEligibility(accountId: string): Promise<ClaimEligibility> {
    if (!deps.claimTokenId) return { status: -1, msg: CLAIM_MESSAGES.notEligible };
    const [claimed] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.accountId, accountId),
          eq(orders.kind, 'claim'),
          inArray(orders.status, ['paid', 'completed']),
        ),
      );
    if (claimed) return { status: 2, msg: CLAIM_MESSAGES.alreadyClaimed };
    const holdings = await mirror.listAccountTokens(accountId, deps.claimTokenId);
    const holds = holdings.some((holding) => holding.token_id === deps.claimTokenId && holding.balance > 0);
    return holds
      ? { status: 1, msg: CLAIM_MESSAGES.eligible }
      : { status: 0, msg: CLAIM_MESSAGES.notEligible };
  }

  async function assertPurchasable(accountId: string, names: string[]) {
    for (const name of names) {
      const { tld, isSubdomain } = splitDomainName(name);
      if (isSubdomain)
        throw badRequest('SUBDOMAIN_NAME', 'Subdomains are booked from the parent domain page');
      if (!(await domainService.isActiveTld(tld)))
        throw badRequest('UNKNOWN_TLD', `.${tld} is not a top-level domain on sale`);
    }
    const unavailable = await domainService.unavailable(names, accountId);
    if (unavailable.length > 0) {
      throw conflict(
        'DOMAINS_TAKEN',
        `Someone else purchased few domains in your cart: ${unavailable.join(', ')}`,
      );
    }
  }

  async function linesFor(accountId: string, request: QuoteRequest): Promise<Line[]> {
    const price = await settings.prices();
    switch (request.kind) {
      case 'domains': {
        const names = request.items.map((item) => item.itemName);
        if (new Set(names).size !== names.length)
          throw badRequest('DUPLICATE_NAMES', 'Each domain can be in the cart once');
        await assertPurchasable(accountId, names);
        return request.items.map((item) => {
          const linePrice = priceForTerm(price.domainHbarPerYear, item.months);
          return {
            itemName: item.itemName,
            months: item.months,
            price: linePrice,
            isWebProtectionOn: item.isWebProtectionOn,
            webProtection: item.isWebProtectionOn ? checkoutWebProtection(linePrice) : 0,
            isSub: 0,
          };
        });
      }
      case 'extend': {
        await ownedDelivered(accountId, request.itemName);
        return [line(request.itemName, request.months, extendPrice(request.months, price.domainHbarPerYear))];
      }
      case 'web-protection': {
        const row = await ownedDelivered(accountId, request.itemName);
        if (row.webProtection) throw conflict('ALREADY_PROTECTED', 'Web protection is already on');
        return [line(request.itemName, YEARLY_MONTHS, yearlyWebProtection(price.domainHbarPerYear))];
      }
      case 'subscription': {
        const ownership = await domainService.ownership(accountId, request.itemName);
        if (!ownership) throw notFound(`You do not own ${request.itemName}`);
        const rate = await prices.usdPerHbar();
        return [
          line(request.itemName, YEARLY_MONTHS, subscriptionPriceHbar(price.subscriptionUsdPerYear, rate)),
        ];
      }
      case 'record-fee': {
        const ownership = await domainService.ownership(accountId, request.itemName);
        if (!ownership) throw notFound(`You do not own ${request.itemName}`);
        if (!ownership.subscribed)
          throw new HttpError(403, 'NOT_SUBSCRIBED', 'Managing records needs an active subscription');
        return [line(request.itemName, 0, price.recordChangeHbar)];
      }
      case 'claim': {
        const eligibility = await claimEligibility(accountId);
        if (eligibility.status !== 1)
          throw new HttpError(
            403,
            eligibility.status === 2 ? 'ALREADY_CLAIMED' : 'NOT_ELIGIBLE',
            eligibility.msg,
          );
        await assertPurchasable(accountId, [request.itemName]);
        return [line(request.itemName, CLAIM_TERM_MONTHS, price.domainHbarPerYear)];
      }
      case 'subdomain': {
        await ownedDelivered(accountId, request.parent);
        const check = checkSubdomainLabel(request.label, request.parent);
        if (check.kind !== 'valid') {
          throw badRequest(
            'BAD_SUBDOMAIN',
            check.kind === 'invalid' ? check.message : 'Enter a subdomain name',
          );
        }
        if ((await domainService.unavailable([check.fullName], accountId)).length > 0) {
          throw conflict('DOMAINS_TAKEN', `${check.fullName} is already taken`);
        }
        return [{ ...line(check.fullName, SUBDOMAIN_TERM_MONTHS, price.domainHbarPerYear), isSub: 1 }];
      }
    }
  }

  function line(itemName: string, months: number, price: number): Line {
    return { itemName, months, price, isWebProtectionOn: false, webProtection: 0, isSub: 0 };
  }

  async function entitlementsOf(accountId: string) {
    // Spec: a failed discount look-up proceeds with no extra discounts.
    const holdings = await mirror.listAccountTokens(accountId).catch(() => []);
    return entitlementsFromHoldings(
      holdings.map((holding) => ({ tokenId: holding.token_id, balance: holding.balance })),
      discountTokens,
    );
  }

  async function lineStatuses(orderId: string): Promise<ConfirmResponse['resData']> {
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(orderLines.id);
    const rows = await db.select().from(domains).where(eq(domains.orderId, orderId));
    return lines.map((item) => {
      const row = rows.find((domain) => domain.name === item.itemName);
      return { itemName: item.itemName, status: row ? row.status : REFUNDED };
    });
  }

  return {
    claimEligibility,

    async quote(accountId: string, request: QuoteRequest): Promise<QuoteResponse> {
      if (
        !(await mirror.usdPerHbar().then(
          () => true,
          () => false,
        ))
      )
        throw networkDown();
      const lines = await linesFor(accountId, request);
      const discountable = request.kind === 'domains';
      const result = applyDiscounts(
        lines.map((item) => ({ itemName: item.itemName, amount: item.price + item.webProtection })),
        discountable
          ? await entitlementsOf(accountId)
          : {
              earlyAccess: false,
              collectibleHolder: false,
              normalHolder: false,
              partnerHolder: false,
              koalaHolder: false,
            },
        await settings.discounts(),
      );
      const total = roundAmount(result.total);
      const amountTinybars = BigInt(Math.round(total * TINYBARS_PER_HBAR));
      const expiresAt = new Date(now().getTime() + QUOTE_TTL_MS);
      const [order] = await db
        .insert(orders)
        .values({
          accountId,
          kind: request.kind,
          totalHbar: total,
          amountTinybars,
          discounts: result.discounts,
          expiresAt,
        })
        .returning();
      await db.insert(orderLines).values(
        lines.map((item) => ({
          orderId: order!.id,
          itemName: item.itemName,
          months: item.months,
          price: item.price,
          isWebProtectionOn: item.isWebProtectionOn,
          webProtection: item.webProtection,
          isSub: item.isSub,
        })),
      );
      return {
        orderId: order!.id,
        kind: request.kind,
        lines: lines.map((item) => ({
          ...item,
          price: roundAmount(item.price),
          webProtection: roundAmount(item.webProtection),
        })),
        discounts: result.discounts,
        subtotalHbar: result.subtotal,
        totalHbar: total,
        amountTinybars: amountTinybars.toString(),
        treasuryAccountId,
        memo: order!.id,
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
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.accountId, accountId)));
      if (!order) throw notFound('No such order');
      if (order.status !== 'quoted') {
        if (order.transactionId === transactionId)
          return { status: 1, orderId, resData: await lineStatuses(orderId) };
        throw conflict('ORDER_ALREADY_PAID', 'This order was already paid');
      }
      if (transactionId.split('-')[0] !== accountId) {
        throw badRequest('PAYER_MISMATCH', 'The payment was not made by the signed-in account');
      }
      const [used] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.transactionId, transactionId));
      if (used) throw conflict('TRANSACTION_ALREADY_USED', 'This payment was already used for another order');

      let record;
      try {
        record = await mirror.getTransaction(transactionId);
      } catch (error) {
        if (error instanceof LedgerUnavailableError) throw networkDown();
        throw error;
      }
      if (!record)
        throw conflict('PAYMENT_NOT_FOUND', 'The payment is not on the ledger (yet); try again shortly');
      if (record.result !== 'SUCCESS')
        throw new HttpError(402, 'PAYMENT_FAILED', `The payment failed on the ledger: ${record.result}`);
      const credited = record.transfers
        .filter((transfer) => transfer.account === treasuryAccountId && transfer.amount > 0)
        .reduce((sum, transfer) => sum + BigInt(transfer.amount), 0n);
      if (credited < order.amountTinybars) {
        throw new HttpError(
          402,
          'UNDERPAID',
          `The payment credited ${credited} of ${order.amountTinybars} tinybars to the registry`,
        );
      }
      const memo = record.memo_base64 ? Buffer.from(record.memo_base64, 'base64').toString('utf8') : '';
      if (memo !== order.id) throw new HttpError(402, 'WRONG_MEMO', 'The payment memo is not this order');

      await db.transaction(async (tx) => {
        const claimed = await tx
          .update(orders)
          .set({ status: 'paid', transactionId, paidAt: now() })
          .where(and(eq(orders.id, orderId), eq(orders.status, 'quoted')))
          .returning({ id: orders.id });
        if (claimed.length === 0) throw conflict('ORDER_ALREADY_PAID', 'This order was already paid');
        const lines = await tx
          .select()
          .from(orderLines)
          .where(eq(orderLines.orderId, orderId))
          .orderBy(orderLines.id);
        const paidFraction =
          order.totalHbar > 0
            ? Number(order.amountTinybars) /
              lines.reduce((sum, item) => sum + (item.price + item.webProtection) * TINYBARS_PER_HBAR, 0)
            : 0;
        const refunds: { itemName: string; tinybars: bigint }[] = [];

        for (const item of lines) {
          const paidAt = now();
          switch (order.kind) {
            case 'domains':
            case 'claim':
            case 'subdomain': {
              const { tld, labels } = splitDomainName(item.itemName);
              const inserted = await tx
                .insert(domains)
                .values({
                  name: item.itemName,
                  tld,
                  parentName: item.isSub === 1 ? labels.slice(1).join('.') : null,
                  isSub: item.isSub,
                  ownerAccount: accountId,
                  months: item.months,
                  price: item.price,
                  purchasedAt: paidAt,
                  expiresAt: new Date(paidAt.getTime() + item.months * MONTH_MS),
                  webProtection: item.isWebProtectionOn,
                  status: 1,
                  orderId,
                })
                .onConflictDoNothing()
                .returning({ id: domains.id });
              if (inserted[0]) {
                const payload: MintPayload = { domainId: inserted[0].id };
                await queue.enqueue('mint', `mint:${item.itemName}`, payload, tx);
              } else {
                // Someone else got the name first: the buyer gets this line's share back.
                refunds.push({
                  itemName: item.itemName,
                  tinybars: BigInt(
                    Math.floor((item.price + item.webProtection) * TINYBARS_PER_HBAR * paidFraction),
                  ),
                });
              }
              break;
            }
            case 'extend': {
              const [row] = await tx.select().from(domains).where(eq(domains.name, item.itemName));
              await tx
                .update(domains)
                .set({
                  expiresAt: new Date(row!.expiresAt.getTime() + item.months * MONTH_MS),
                  months: row!.months + item.months,
                })
                .where(eq(domains.name, item.itemName));
              break;
            }
            case 'web-protection':
              await tx.update(domains).set({ webProtection: true }).where(eq(domains.name, item.itemName));
              break;
            case 'subscription': {
              const updated = await tx
                .update(domains)
                .set({
                  subscribed: true,
                  subscriptionExpiresAt: new Date(paidAt.getTime() + YEARLY_MONTHS * MONTH_MS),
                })
                .where(eq(domains.name, item.itemName))
                .returning({ id: domains.id });
              if (updated.length === 0) {
                await tx
                  .update(otherProviderDomains)
                  .set({ status: 1 })
                  .where(eq(otherProviderDomains.domainName, item.itemName));
              }
              break;
            }
            case 'record-fee':
              break; // used up when the changed records are activated
          }
        }
        for (const refund of refunds) {
          const payload: RefundPayload = {
            orderId,
            accountId,
            amountTinybars: refund.tinybars.toString(),
            reason: `${refund.itemName} was taken`,
            wholeOrder: refunds.length === lines.length,
          };
          await queue.enqueue('refund', `refund:${orderId}:${refund.itemName}`, payload, tx);
        }
      });

      await deps.runJobs();
      return { status: 1, orderId, resData: await lineStatuses(orderId) };
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
