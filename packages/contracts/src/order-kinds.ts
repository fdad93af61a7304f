export const ORDER_KINDS = [
  'domains',
  'extend',
  'renew',
  'web-protection',
  'subscription',
  'record-fee',
  'subdomain',
  'claim',
] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** What each kind of order is called in lists (the order history, the Pending list). */
export const ORDER_KIND_LABELS: Record<OrderKind | 'payment-refund', string> = {
  domains: 'Domain',
  claim: 'Domain (claim)',
  subdomain: 'Subdomain',
  extend: 'Extension',
  'web-protection': 'Web protection',
  subscription: 'Subscription',
  'record-fee': 'Record change',
  renew: 'Renewal',
  'payment-refund': 'Payment refunded',
};

export const orderKindLabel = (kind: string): string =>
  (ORDER_KIND_LABELS as Record<string, string>)[kind] ?? kind;
