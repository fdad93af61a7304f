import { extendPrice } from '@registry/contracts/pricing';
import { line, ownedDelivered } from '../lines';
import { done, type PaidKind } from '../paid-kind';

/** One owned domain's term made longer: months × the yearly price / 12. */
export const extendKind: PaidKind<'extend'> = {
  kind: 'extend',
  holdsNames: false,
  async price(accountId, request, { domains, priceList }) {
    await ownedDelivered(domains, accountId, request.itemName);
    const { domainHbarPerYear } = await priceList.current();
    return [line(request.itemName, request.months, extendPrice(request.months, domainHbarPerYear))];
  },
  async settle({ tx, lines, order, payment }, { domains }) {
    for (const item of lines)
      await domains.extend(tx, item.itemName, item.months, { order: order.id, payment });
    return done;
  },
};
