/**
 * The values the registry's status columns hold, each named once: code and SQL use these, never the
 * bare text (lint refuses a bare status in server code).
 */

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

/** What became of a payment that reached the treasury, as `ledger_payments.outcome` keeps it. */
export const PAYMENT_OUTCOME = {
  /** An order took it. */
  settled: 'settled',
  /** No order could take it: sent back whole. */
  refunded: 'refunded',
} as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOME)[keyof typeof PAYMENT_OUTCOME];

/** Where a job stands, as the `jobs.status` column keeps it. */
export const JOB_STATUS = {
  /** Waiting for its `run_after`. */
  queued: 'queued',
  /** Claimed by a worker until its lease (`locked_until`) runs out. */
  running: 'running',
  done: 'done',
  /** Failed for good: tried as often as it may be. */
  failed: 'failed',
} as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];
/** Jobs still to run: queued, or running (a dead worker's lease runs out and another takes it). */
export const OPEN_JOB_STATUSES: JobStatus[] = [JOB_STATUS.queued, JOB_STATUS.running];

/** A status as SQL text, for what takes no parameters (a partial index's condition). */
export const statusLiteral = (status: string) => `'${status.replace(/'/g, "''")}'`;
