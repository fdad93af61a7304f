import type { ClaimEligibility, OrderKind, QuoteRequest } from '@registry/contracts/orders';
import type { Executor } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import type { JournalService } from '../journal/service';
import type { DomainService } from '../domains/service';
import type { PriceList } from '../settings/price-list';
import type { Line } from './lines';
import type { Order, OrderLine } from './repo';

/** What every paid kind may use: the domains it acts on, today's prices, the job queue. */
export type KindDeps = {
  domains: DomainService;
  priceList: PriceList;
  queue: JobQueue;
  claimEligibility: (accountId: string) => Promise<ClaimEligibility>;
  journal: Pick<JournalService, 'append'>;
};

/** A paid order being carried out, inside the transaction that marks it paid. */
export type Settlement = {
  tx: Executor;
  order: Order;
  lines: OrderLine[];
  paidAt: Date;
  /** The quote ran out (or was superseded) before the payment. */
  expired: boolean;
  /** The payment's transaction id: what the journal names as the change's cause with the order. */
  payment: string;
};

/** What carrying out an order did: names it could not deliver (their share is refunded), jobs queued. */
export type Effect = { lost: string[]; jobKeys: string[] };

/**
 * One paid kind, in one file: its checks and price at quote time, and its effect once paid (what it
 * registers and mints, or what it changes). Confirm and the ledger watcher both carry orders out
 * through it; what it reports lost is refunded.
 */
export type PaidKind<K extends OrderKind> = {
  kind: K;
  /** Its names are held while quoted and registered (minted) once paid. */
  holdsNames: boolean;
  /** Checks the account may buy what the request asks for and prices it, line by line. */
  price(accountId: string, request: Extract<QuoteRequest, { kind: K }>, deps: KindDeps): Promise<Line[]>;
  settle(settlement: Settlement, deps: KindDeps): Promise<Effect>;
};

export const done: Effect = { lost: [], jobKeys: [] };

/** `months` calendar months after `from` (a term of 12 months ends on the same day a year later). */
export function monthsAfter(from: Date, months: number): Date {
  const date = new Date(from);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
}
