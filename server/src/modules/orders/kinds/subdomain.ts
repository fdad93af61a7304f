import { checkSubdomainLabel } from '@registry/contracts/domain-name';
import { SUBDOMAIN_TERM_MONTHS } from '@registry/contracts/pricing';
import { badRequest, conflict } from '../../../http-error';
import { line, ownedDelivered } from '../lines';
import type { PaidKind } from '../paid-kind';
import { registerNames } from './register-names';

/** A subdomain booked under one of the account's delivered domains, minted as its own NFT. */
export const subdomainKind: PaidKind<'subdomain'> = {
  kind: 'subdomain',
  holdsNames: true,
  async price(accountId, request, { domains, priceList }) {
    await ownedDelivered(domains, accountId, request.parent);
    const check = checkSubdomainLabel(request.label, request.parent);
    if (check.kind !== 'valid')
      throw badRequest('BAD_SUBDOMAIN', check.kind === 'invalid' ? check.message : 'Enter a subdomain name');
    if ((await domains.unavailable([check.fullName], accountId)).length > 0)
      throw conflict('DOMAINS_TAKEN', `${check.fullName} is already taken`);
    const { domainHbarPerYear } = await priceList.current();
    return [{ ...line(check.fullName, SUBDOMAIN_TERM_MONTHS, domainHbarPerYear), isSub: 1 }];
  },
  settle: registerNames,
};
