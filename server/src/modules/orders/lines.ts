import { splitDomainName } from '@registry/contracts/domain-name';
import { badRequest, conflict, notFound } from '../../http-error';
import { DELIVERED_STATUS } from '@registry/contracts/orders';
import type { DomainService } from '../domains/service';

/** One priced line of a quote. */
export type Line = {
  itemName: string;
  months: number;
  price: number;
  isWebProtectionOn: boolean;
  webProtection: number;
  isSub: 0 | 1;
};

export const line = (itemName: string, months: number, price: number): Line => ({
  itemName,
  months,
  price,
  isWebProtectionOn: false,
  webProtection: 0,
  isSub: 0,
});

/** A delivered, not released domain of the account: what extend, renew, protection and subdomains act on. */
export async function ownedDelivered(domains: DomainService, accountId: string, name: string) {
  const row = await domains.currentHolding(name);
  if (!row || row.ownerAccount !== accountId) throw notFound(`You do not own ${name}`);
  if (row.status !== DELIVERED_STATUS) throw conflict('NOT_DELIVERED', `${name} is not delivered yet`);
  if (domains.isReleased(row.expiresAt))
    throw conflict(
      'NAME_RELEASED',
      `${name} expired and its grace period is over: it can be registered again`,
    );
  return row;
}

/** Names the account may buy now: on a top-level domain on sale, not a subdomain, free. */
export async function assertPurchasable(domains: DomainService, accountId: string, names: string[]) {
  for (const name of names) {
    const { tld, isSubdomain } = splitDomainName(name);
    if (isSubdomain) throw badRequest('SUBDOMAIN_NAME', 'Subdomains are booked from the parent domain page');
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
