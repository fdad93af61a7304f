import { CLAIM_TERM_MONTHS } from '@registry/contracts/pricing';
import { HttpError } from '../../../http-error';
import { assertPurchasable, line } from '../lines';
import type { PaidKind } from '../paid-kind';
import * as repo from '../repo';
import { registerNames } from './register-names';
import { ORDER_STATUS } from '../order-status';
import { CLAIM_STATUS } from '@registry/contracts/orders';

/** The claim promotion: one domain for a holder of the claim token, once per account. */
export const claimKind: PaidKind<'claim'> = {
  kind: 'claim',
  holdsNames: true,
  async price(accountId, request, { domains, priceList, claimEligibility }) {
    const eligibility = await claimEligibility(accountId);
    if (eligibility.status !== CLAIM_STATUS.eligible)
      throw new HttpError(
        403,
        eligibility.status === CLAIM_STATUS.alreadyClaimed ? 'ALREADY_CLAIMED' : 'NOT_ELIGIBLE',
        eligibility.msg,
      );
    await assertPurchasable(domains, accountId, [request.itemName]);
    const { domainHbarPerYear } = await priceList.current();
    return [line(request.itemName, CLAIM_TERM_MONTHS, domainHbarPerYear)];
  },
  async settle(settlement, deps) {
    const { tx, order, lines } = settlement;
    // A newer claim quote replaced this one, or another claim was paid first: refunded whole.
    if (order.status === ORDER_STATUS.superseded || (await repo.hasPaidClaim(tx, order.accountId)))
      return { lost: lines.map((item) => item.itemName), jobKeys: [] };
    return registerNames(settlement, deps);
  },
};
