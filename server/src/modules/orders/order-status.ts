import { ORDER_STATUS, type OrderStatus } from '../../db/statuses';

export { ORDER_STATUS, PAYMENT_OUTCOME, type OrderStatus, type PaymentOutcome } from '../../db/statuses';

/** Not paid yet: a payment may still settle these. */
export const UNPAID_STATUSES: OrderStatus[] = [ORDER_STATUS.quoted, ORDER_STATUS.superseded];
/** Paid and standing (not refunded). */
export const PAID_STATUSES: OrderStatus[] = [ORDER_STATUS.paid, ORDER_STATUS.completed];
