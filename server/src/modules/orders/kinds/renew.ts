import { extendPrice } from '@registry/contracts/pricing';
import { line, ownedDelivered, type Line } from '../lines';
import { done, type PaidKind } from '../paid-kind';

/** Several owned domains extended in one payment, each by its own term. */
export const renewKind: PaidKind<'renew'> = {
  kind: 'renew',
  holdsNames: false,
  async price(accountId, request, { domains, priceList }) {
    const { domainHbarPerYear } = await priceList.current();
    const lines: Line[] = [];
    for (const item of request.items) {
      await ownedDelivered(domains, accountId, item.itemName);
      lines.push(line(item.itemName, item.months, extendPrice(item.months, domainHbarPerYear)));
    }
    return lines;
  },
  async settle({ tx, lines, order, payment }, { domains }) {
    for (const item of lines)
      await domains.extend(tx, item.itemName, item.months, { order: order.id, payment });
    return done;
  },
};
