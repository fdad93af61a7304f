/** Where an order stands, as the `orders.status` column keeps it. */
export const ORDER_STATUS = {
  /** Priced, its names held, waiting for a payment until it expires. */
  quoted: 'quoted',
  /** Replaced by a newer quote of the same account (a claim); a payment for it still settles as expired. */
  superseded: 'superseded',
  /** Paid and carried out (or being carried out by its jobs). */
  paid: 'paid',
  /** Paid and used up: a record fee spent on the record it paid for. */
  completed: 'completed',
  /** Paid, and the whole payment went back to the buyer. */
  refunded: 'refunded',
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** Not paid yet: a payment may still settle these. */
export const UNPAID_STATUSES: OrderStatus[] = [ORDER_STATUS.quoted, ORDER_STATUS.superseded];
/** Paid and standing (not refunded). */
export const PAID_STATUSES: OrderStatus[] = [ORDER_STATUS.paid, ORDER_STATUS.completed];

/** What became of a payment that reached the treasury, as `ledger_payments.outcome` keeps it. */
export const PAYMENT_OUTCOME = {
  /** An order took it. */
  settled: 'settled',
  /** No order could take it: sent back whole. */
  refunded: 'refunded',
} as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOME)[keyof typeof PAYMENT_OUTCOME];
