import type { OrderKind, QuoteRequest } from '@registry/contracts/orders';
import { claimKind } from './kinds/claim';
import { domainsKind } from './kinds/domains';
import { extendKind } from './kinds/extend';
import { recordFeeKind } from './kinds/record-fee';
import { renewKind } from './kinds/renew';
import { subdomainKind } from './kinds/subdomain';
import { subscriptionKind } from './kinds/subscription';
import { webProtectionKind } from './kinds/web-protection';
import type { KindDeps, PaidKind } from './paid-kind';

/** Every paid kind, by its name: what confirm and the ledger watcher carry out. */
const PAID_KINDS: { [K in OrderKind]: PaidKind<K> } = {
  domains: domainsKind,
  extend: extendKind,
  renew: renewKind,
  'web-protection': webProtectionKind,
  subscription: subscriptionKind,
  'record-fee': recordFeeKind,
  subdomain: subdomainKind,
  claim: claimKind,
};

/** The paid kind of an order (its kind as stored). */
export function paidKind(kind: string): PaidKind<OrderKind> {
  const found = PAID_KINDS[kind as OrderKind] as PaidKind<OrderKind> | undefined;
  if (!found) throw new Error(`unknown order kind ${kind}`);
  return found;
}

/** Checks and prices a quote request through its kind. */
export function priceRequest(accountId: string, request: QuoteRequest, deps: KindDeps) {
  return (PAID_KINDS[request.kind] as PaidKind<QuoteRequest['kind']>).price(
    accountId,
    request as never,
    deps,
  );
}
