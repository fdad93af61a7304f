import { checkoutWebProtection, priceForTerm, roundAmount } from '@registry/contracts/pricing';
import { badRequest } from '../../../http-error';
import { assertPurchasable, line } from '../lines';
import type { PaidKind } from '../paid-kind';
import { registerNames } from './register-names';

/** The cart's names, each for its term, with web protection (25 % of the line) where chosen. */
export const domainsKind: PaidKind<'domains'> = {
  kind: 'domains',
  holdsNames: true,
  async price(accountId, request, { domains, priceList }) {
    const names = request.items.map((item) => item.itemName);
    if (new Set(names).size !== names.length)
      throw badRequest('DUPLICATE_NAMES', 'Each domain can be in the cart once');
    await assertPurchasable(domains, accountId, names);
    const { domainHbarPerYear, rate } = await priceList.current();
    // A name released in the last 21 days carries its premium once, on top of its term.
    const premiums = await domains.premiums(names, rate.usdPerHbar);
    return request.items.map((item) => {
      const linePrice = priceForTerm(domainHbarPerYear, item.months);
      const premium = premiums.get(item.itemName)?.hbar ?? 0;
      return {
        ...line(item.itemName, item.months, roundAmount(linePrice + premium)),
        isWebProtectionOn: item.isWebProtectionOn,
        webProtection: item.isWebProtectionOn ? checkoutWebProtection(linePrice) : 0,
      };
    });
  },
  settle: registerNames,
};
