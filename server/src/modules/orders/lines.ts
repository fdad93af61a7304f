import { checkSubdomainLabel, splitDomainName } from '@registry/contracts/domain-name';
import type { ClaimEligibility, QuoteRequest } from '@registry/contracts/orders';
import {
  checkoutWebProtection,
  CLAIM_TERM_MONTHS,
  extendPrice,
  priceForTerm,
  subscriptionPriceHbar,
  SUBDOMAIN_TERM_MONTHS,
  YEARLY_MONTHS,
  yearlyWebProtection,
} from '@registry/contracts/pricing';
import { badRequest, conflict, HttpError, notFound } from '../../http-error';
import { DELIVERED, type DomainService } from '../domains/service';
import type { PriceSource, SettingsService } from '../settings/service';

/** One priced line of a quote. */
export type Line = {
  itemName: string;
  months: number;
  price: number;
  isWebProtectionOn: boolean;
  webProtection: number;
  isSub: 0 | 1;
};

type Deps = {
  domains: DomainService;
  settings: SettingsService;
  prices: PriceSource;
  claimEligibility: (accountId: string) => Promise<ClaimEligibility>;
};

const line = (itemName: string, months: number, price: number): Line => ({
  itemName,
  months,
  price,
  isWebProtectionOn: false,
  webProtection: 0,
  isSub: 0,
});

/** Prices what a quote request asks for, after checking the account may buy it. */
export function createLinePricing({ domains, settings, prices, claimEligibility }: Deps) {
  async function ownedDelivered(accountId: string, name: string) {
    const row = await domains.find(name);
    if (!row || row.ownerAccount !== accountId) throw notFound(`You do not own ${name}`);
    if (row.status !== DELIVERED) throw conflict('NOT_DELIVERED', `${name} is not delivered yet`);
    if (domains.isReleased(row.expiresAt))
      throw conflict(
        'NAME_RELEASED',
        `${name} expired and its grace period is over: it can be registered again`,
      );
    return row;
  }

  async function assertPurchasable(accountId: string, names: string[]) {
    for (const name of names) {
      const { tld, isSubdomain } = splitDomainName(name);
      if (isSubdomain)
        throw badRequest('SUBDOMAIN_NAME', 'Subdomains are booked from the parent domain page');
      if (!(await domains.isActiveTld(tld)))
        throw badRequest('UNKNOWN_TLD', `.${tld} is not a top-level domain on sale`);
    }
    const unavailable = await domains.unavailable(names, accountId);
    if (unavailable.length > 0) {
      throw conflict(
        'DOMAINS_TAKEN',
        `Someone else purchased few domains in your cart: ${unavailable.join(', ')}`,
      );
    }
  }

  return async function linesFor(accountId: string, request: QuoteRequest): Promise<Line[]> {
    const price = await settings.prices();
    switch (request.kind) {
      case 'domains': {
        const names = request.items.map((item) => item.itemName);
        if (new Set(names).size !== names.length)
          throw badRequest('DUPLICATE_NAMES', 'Each domain can be in the cart once');
        await assertPurchasable(accountId, names);
        return request.items.map((item) => {
          const linePrice = priceForTerm(price.domainHbarPerYear, item.months);
          return {
            ...line(item.itemName, item.months, linePrice),
            isWebProtectionOn: item.isWebProtectionOn,
            webProtection: item.isWebProtectionOn ? checkoutWebProtection(linePrice) : 0,
          };
        });
      }
      case 'extend': {
        await ownedDelivered(accountId, request.itemName);
        return [line(request.itemName, request.months, extendPrice(request.months, price.domainHbarPerYear))];
      }
      case 'renew': {
        const lines = [];
        for (const item of request.items) {
          await ownedDelivered(accountId, item.itemName);
          lines.push(line(item.itemName, item.months, extendPrice(item.months, price.domainHbarPerYear)));
        }
        return lines;
      }
      case 'web-protection': {
        const row = await ownedDelivered(accountId, request.itemName);
        if (row.webProtection) throw conflict('ALREADY_PROTECTED', 'Web protection is already on');
        return [line(request.itemName, YEARLY_MONTHS, yearlyWebProtection(price.domainHbarPerYear))];
      }
      case 'subscription': {
        const ownership = await domains.ownership(accountId, request.itemName);
        if (!ownership) throw notFound(`You do not own ${request.itemName}`);
        const rate = await prices.usdPerHbar();
        return [
          line(request.itemName, YEARLY_MONTHS, subscriptionPriceHbar(price.subscriptionUsdPerYear, rate)),
        ];
      }
      case 'record-fee': {
        const ownership = await domains.ownership(accountId, request.itemName);
        if (!ownership) throw notFound(`You do not own ${request.itemName}`);
        if (!ownership.subscribed)
          throw new HttpError(403, 'NOT_SUBSCRIBED', 'Managing records needs an active subscription');
        return [line(request.itemName, 0, price.recordChangeHbar)];
      }
      case 'claim': {
        const eligibility = await claimEligibility(accountId);
        if (eligibility.status !== 1)
          throw new HttpError(
            403,
            eligibility.status === 2 ? 'ALREADY_CLAIMED' : 'NOT_ELIGIBLE',
            eligibility.msg,
          );
        await assertPurchasable(accountId, [request.itemName]);
        return [line(request.itemName, CLAIM_TERM_MONTHS, price.domainHbarPerYear)];
      }
      case 'subdomain': {
        await ownedDelivered(accountId, request.parent);
        const check = checkSubdomainLabel(request.label, request.parent);
        if (check.kind !== 'valid') {
          throw badRequest(
            'BAD_SUBDOMAIN',
            check.kind === 'invalid' ? check.message : 'Enter a subdomain name',
          );
        }
        if ((await domains.unavailable([check.fullName], accountId)).length > 0) {
          throw conflict('DOMAINS_TAKEN', `${check.fullName} is already taken`);
        }
        return [{ ...line(check.fullName, SUBDOMAIN_TERM_MONTHS, price.domainHbarPerYear), isSub: 1 }];
      }
    }
  };
}
