import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderListSchema } from '@registry/contracts/my-domains';
import {
  ClaimEligibilitySchema,
  ConfirmRequestSchema,
  ConfirmResponseSchema,
  DeliveryCheckResponseSchema,
  OrderParamsSchema,
  OrderStateQuerySchema,
  OrderStateSchema,
  PendingPaymentListSchema,
  QuotePreviewSchema,
  QuoteRequestSchema,
  QuoteResponseSchema,
  WithdrawResponseSchema,
} from '@registry/contracts/orders';
import { sessionRoutes, type RateLimit, type SessionRouteOptions } from '../../plugins/session-routes';
import type { OrderRecords, OrderService } from './service';

type Options = SessionRouteOptions & {
  records: Pick<OrderRecords, 'history'>;
  /** Absent when no ledger writer is configured: nothing can be paid then, the history still reads. */
  orders: OrderService | null;
  /** Quotes hold names: limited per account and per client address. */
  quoteRateLimits: { perAccount: RateLimit; perAddress: RateLimit };
};

export const orderRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { records, orders, requireSession, quoteRateLimits },
) => {
  const mine = sessionRoutes(app, requireSession, ['orders']);
  mine(
    'GET',
    '/my/orders',
    { summary: 'Order history of the signed-in account', response: OrderListSchema },
    async (account) => ({ orders: await records.history(account) }),
  );
  if (!orders) return;
  paymentRoutes(mine, orders, quoteRateLimits);
  accountOrderRoutes(mine, orders);
};

type SessionRoute = ReturnType<typeof sessionRoutes>;

/** A paid action's steps: quote (or preview), confirm with the payment, and where it stands. */
function paymentRoutes(
  mine: SessionRoute,
  orders: OrderService,
  quoteRateLimits: Options['quoteRateLimits'],
) {
  mine(
    'POST',
    '/orders/quote',
    {
      summary:
        'Quote a paid action: amount in tinybars, names held, discounts, expiry; pay the treasury with the memo',
      body: QuoteRequestSchema,
      response: QuoteResponseSchema,
      rateLimit: quoteRateLimits.perAddress,
      accountRateLimit: quoteRateLimits.perAccount,
    },
    async (account, { body, clientAddress }) => orders.quote(account, body, clientAddress),
  );
  mine(
    'POST',
    '/orders/preview',
    {
      summary:
        'What a quote would cost, with the discounts of the signed-in account; makes no order and holds no name',
      body: QuoteRequestSchema,
      response: QuotePreviewSchema,
    },
    async (account, { body }) => orders.preview(account, body),
  );
  mine(
    'POST',
    '/orders/confirm',
    {
      summary:
        'Confirm a paid quote with the payment transaction id; the server verifies it on the ledger, refunds what it cannot deliver',
      body: ConfirmRequestSchema,
      response: ConfirmResponseSchema,
    },
    async (account, { body }) => orders.confirm(account, body.orderId, body.transactionId),
  );
  mine(
    'POST',
    '/orders/:orderId/withdraw',
    {
      summary:
        'The wallet refused to pay: end an unpaid quote of mine now and free its names (a late payment for it is settled or refunded as for an expired quote)',
      params: OrderParamsSchema,
      response: WithdrawResponseSchema,
    },
    async (account, { params }) => orders.withdraw(account, params.orderId),
  );
  mine(
    'GET',
    '/orders/:orderId',
    {
      summary:
        'Where one of my orders stands: quoted, payment received on the ledger, settling, done or refunded',
      params: OrderParamsSchema,
      querystring: OrderStateQuerySchema,
      response: OrderStateSchema,
    },
    async (account, { params, query }) => orders.state(account, params.orderId, query.transactionId),
  );
}

/** What the account waits for: payments to settle, deliveries to accept, a claim to make. */
function accountOrderRoutes(mine: SessionRoute, orders: OrderService) {
  mine(
    'GET',
    '/my/pending-payments',
    {
      summary: 'My payments on the ledger that the registry has not settled yet (taken within seconds)',
      response: PendingPaymentListSchema,
    },
    async (account) => ({ payments: await orders.paymentsAwaitingSettlement(account) }),
  );
  mine(
    'POST',
    '/orders/deliveries',
    {
      summary: 'After the wallet associated a collection: deliver the domains that waited for it now',
      response: DeliveryCheckResponseSchema,
    },
    async (account) => orders.checkDeliveries(account),
  );
  mine(
    'GET',
    '/claim/eligibility',
    {
      summary: 'Whether the signed-in account may claim a domain: -1 / 0 no, 1 yes, 2 already claimed',
      response: ClaimEligibilitySchema,
    },
    async (account) => orders.claimEligibility(account),
  );
}
