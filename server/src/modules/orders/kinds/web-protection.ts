import { YEARLY_MONTHS, yearlyWebProtection } from '@registry/contracts/pricing';
import { conflict } from '../../../http-error';
import { line, ownedDelivered } from '../lines';
import { done, type PaidKind } from '../paid-kind';

/** Web protection for an owned domain, a year at 10 % of the yearly price. */
export const webProtectionKind: PaidKind<'web-protection'> = {
  kind: 'web-protection',
  holdsNames: false,
  async price(accountId, request, { domains, priceList }) {
    const row = await ownedDelivered(domains, accountId, request.itemName);
    if (row.webProtection) throw conflict('ALREADY_PROTECTED', 'Web protection is already on');
    const { domainHbarPerYear } = await priceList.current();
    return [line(request.itemName, YEARLY_MONTHS, yearlyWebProtection(domainHbarPerYear))];
  },
  async settle({ tx, lines, order, payment }, { domains }) {
    for (const item of lines)
      await domains.enableWebProtection(tx, item.itemName, { order: order.id, payment });
    return done;
  },
};
