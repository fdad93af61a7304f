/** Paths of the app's pages (spec section 2), shared so remotes link without knowing each other. */
import type { RemoteName } from './remotes';

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

/** One page of a remote at one path pattern. */
export type PageRoute = {
  /** react-router path pattern. */
  path: string;
  remote: RemoteName;
  /** Key of the page in the remote's exposed `pages`. */
  page: string;
  /** The pattern has a `:type` segment that accepts only web2 / web3. */
  typed?: boolean;
  /** Query parameters the page needs (`true`: any non-empty value); without them it goes home. */
  query?: Record<string, string | true>;
  /** An account page: opened without a connected wallet it goes to the search page (spec section 2). */
  account?: true;
};

/** Whether a location's query carries what a route needs. */
export function queryMatches(route: PageRoute, search: string): boolean {
  if (!route.query) return true;
  const query = new URLSearchParams(search);
  return Object.entries(route.query).every(([key, wanted]) =>
    wanted === true ? (query.get(key) ?? '') !== '' : query.get(key) === wanted,
  );
}

/**
 * The route manifest (spec section 2): every page and the remote that renders it. The shell's routes
 * and each remote's standalone mount are built from it.
 */
export const ROUTE_MANIFEST: readonly PageRoute[] = [
  { path: '/gui/domains/:type', remote: 'search', page: 'search', typed: true },
  { path: '/gui/domains/:type/blade', remote: 'search', page: 'search', typed: true },
  { path: paths.claim, remote: 'search', page: 'claim' },
  {
    path: '/gui/domain/:type/detail',
    remote: 'my_domains',
    page: 'domain-detail',
    typed: true,
    account: true,
  },
  {
    path: '/gui/domain/:type/manage',
    remote: 'my_domains',
    page: 'domain-manage',
    typed: true,
    account: true,
  },
  { path: '/gui/odomain/web3/detail', remote: 'my_domains', page: 'other-domain-detail', account: true },
  { path: '/gui/odomain/web3/manage', remote: 'my_domains', page: 'other-domain-manage', account: true },
  { path: paths.myDomains, remote: 'my_domains', page: 'my-domains', account: true },
  { path: '/gui/w3mysubdomains/:domain', remote: 'my_domains', page: 'my-subdomains', account: true },
  { path: paths.pending, remote: 'my_domains', page: 'pending', account: true },
  { path: paths.cart, remote: 'cart_checkout', page: 'cart' },
  { path: paths.checkout, remote: 'cart_checkout', page: 'checkout' },
  { path: '/gui/profile/:type', remote: 'profile', page: 'profile', account: true },
  { path: paths.resolver, remote: 'resolver', page: 'resolver' },
  { path: paths.publicResolver, remote: 'resolver', page: 'resolver' },
  // Spec: /index.html is the email verification page only with t=ev and a non-empty x.
  { path: '/index.html', remote: 'profile', page: 'email-verification', query: { t: 'ev', x: true } },
];

/**
 * What the shell gives every remote page: the path's parameters and the query. Remotes read their
 * location only from these props (the router stays inside the shell) and move with the bus's
 * `navigate` event.
 */
export type PageProps = {
  params: Readonly<Record<string, string | undefined>>;
  query: URLSearchParams;
};

/** The manifest's routes of one remote. */
export const routesOf = (remote: RemoteName) => ROUTE_MANIFEST.filter((route) => route.remote === remote);
