import { YEARLY_MONTHS } from '@registry/contracts/pricing';
import { notFound } from '../../../http-error';
import { line } from '../lines';
import { done, monthsAfter, type PaidKind } from '../paid-kind';

/**
 * A year's subscription (managing records) of a domain the account holds: one registered here or
 * another provider's, priced in USD at the current rate.
 */
export const subscriptionKind: PaidKind<'subscription'> = {
  kind: 'subscription',
  holdsNames: false,
  async price(accountId, request, { domains, priceList }) {
    const ownership = await domains.ownership(accountId, request.itemName);
    if (!ownership) throw notFound(`You do not own ${request.itemName}`);
    const { subscriptionHbarPerYear } = await priceList.current();
    return [line(request.itemName, YEARLY_MONTHS, subscriptionHbarPerYear)];
  },
  async settle({ tx, lines, paidAt, order, payment }, { domains }) {
    for (const item of lines)
      await domains.subscribe(tx, item.itemName, monthsAfter(paidAt, YEARLY_MONTHS), {
        order: order.id,
        payment,
      });
    return done;
  },
};
