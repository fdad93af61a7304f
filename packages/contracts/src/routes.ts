/** Paths of the app's pages (spec section 2), shared so remotes link without knowing each other. */
export type DomainType = 'web2' | 'web3';

export const DOMAIN_TYPES: readonly DomainType[] = ['web2', 'web3'];

export const paths = {
  home: '/gui/domains/web3',
  search: (type: DomainType) => `/gui/domains/${type}`,
  searchBlade: (type: DomainType) => `/gui/domains/${type}/blade`,
  domainDetail: (type: DomainType, name: string) =>
    `/gui/domain/${type}/detail?domain=${encodeURIComponent(name)}`,
  domainManage: (type: DomainType, name: string) =>
    `/gui/domain/${type}/manage?domain=${encodeURIComponent(name)}`,
  otherDomainDetail: (name: string) => `/gui/odomain/web3/detail?domain=${encodeURIComponent(name)}`,
  otherDomainManage: (name: string) => `/gui/odomain/web3/manage?domain=${encodeURIComponent(name)}`,
  cart: '/gui/cart',
  checkout: '/gui/cart/checkout',
  profile: (type = 'orders') => `/gui/profile/${type}`,
  myDomains: '/gui/w3mydomains',
  mySubdomains: (parent: string) => `/gui/w3mysubdomains/${encodeURIComponent(parent)}`,
  pending: '/gui/nbsafhukfhus',
  claim: '/gui/claim',
  resolver: '/w3/resolver',
  publicResolver: '/resolver',
} as const;
