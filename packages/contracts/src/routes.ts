/** Paths of the app's pages (spec section 2), shared so remotes link without knowing each other. */
import type { RemoteName } from './remotes';

export type DomainType = 'web2' | 'web3';

export const DOMAIN_TYPES: readonly DomainType[] = ['web2', 'web3'];

/** Every page's path pattern (react-router syntax), written once: `paths` and the manifest build on it. */
export const PATTERNS = {
  search: '/gui/domains/:type',
  searchBlade: '/gui/domains/:type/blade',
  domainDetail: '/gui/domain/:type/detail',
  domainManage: '/gui/domain/:type/manage',
  otherDomainDetail: '/gui/odomain/web3/detail',
  otherDomainManage: '/gui/odomain/web3/manage',
  cart: '/gui/cart',
  checkout: '/gui/cart/checkout',
  profile: '/gui/profile/:type',
  myDomains: '/gui/w3mydomains',
  mySubdomains: '/gui/w3mysubdomains/:domain',
  pending: '/gui/nbsafhukfhus',
  claim: '/gui/claim',
  resolver: '/w3/resolver',
  publicResolver: '/resolver',
  emailVerification: '/index.html',
} as const;

/** A pattern with its parameters filled in (each encoded). */
const fill = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
const withDomain = (path: string, name: string) => `${path}?domain=${encodeURIComponent(name)}`;

export const paths = {
  home: fill(PATTERNS.search, { type: 'web3' }),
  search: (type: DomainType) => fill(PATTERNS.search, { type }),
  searchBlade: (type: DomainType) => fill(PATTERNS.searchBlade, { type }),
  domainDetail: (type: DomainType, name: string) => withDomain(fill(PATTERNS.domainDetail, { type }), name),
  domainManage: (type: DomainType, name: string) => withDomain(fill(PATTERNS.domainManage, { type }), name),
  otherDomainDetail: (name: string) => withDomain(PATTERNS.otherDomainDetail, name),
  otherDomainManage: (name: string) => withDomain(PATTERNS.otherDomainManage, name),
  cart: PATTERNS.cart,
  checkout: PATTERNS.checkout,
  profile: (type = 'orders') => fill(PATTERNS.profile, { type }),
  myDomains: PATTERNS.myDomains,
  mySubdomains: (parent: string) => fill(PATTERNS.mySubdomains, { domain: parent }),
  pending: PATTERNS.pending,
  claim: PATTERNS.claim,
  resolver: PATTERNS.resolver,
  publicResolver: PATTERNS.publicResolver,
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
  { path: PATTERNS.search, remote: 'search', page: 'search', typed: true },
  { path: PATTERNS.searchBlade, remote: 'search', page: 'search', typed: true },
  { path: PATTERNS.claim, remote: 'search', page: 'claim' },
  { path: PATTERNS.domainDetail, remote: 'my_domains', page: 'domain-detail', typed: true, account: true },
  { path: PATTERNS.domainManage, remote: 'my_domains', page: 'domain-manage', typed: true, account: true },
  { path: PATTERNS.otherDomainDetail, remote: 'my_domains', page: 'other-domain-detail', account: true },
  { path: PATTERNS.otherDomainManage, remote: 'my_domains', page: 'other-domain-manage', account: true },
  { path: PATTERNS.myDomains, remote: 'my_domains', page: 'my-domains', account: true },
  { path: PATTERNS.mySubdomains, remote: 'my_domains', page: 'my-subdomains', account: true },
  { path: PATTERNS.pending, remote: 'my_domains', page: 'pending', account: true },
  { path: PATTERNS.cart, remote: 'cart_checkout', page: 'cart' },
  { path: PATTERNS.checkout, remote: 'cart_checkout', page: 'checkout' },
  { path: PATTERNS.profile, remote: 'profile', page: 'profile', account: true },
  { path: PATTERNS.resolver, remote: 'resolver', page: 'resolver' },
  { path: PATTERNS.publicResolver, remote: 'resolver', page: 'resolver' },
  // Spec: /index.html is the email verification page only with t=ev and a non-empty x.
  {
    path: PATTERNS.emailVerification,
    remote: 'profile',
    page: 'email-verification',
    query: { t: 'ev', x: true },
  },
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

/**
 * Blade mode (spec section 2) as the address opens it: `/gui/domains/{type}/blade`, or `blade=1` /
 * `blade=true` in the query. The shell keeps the mode for the rest of the tab.
 */
export function opensBladeMode(pathname: string, search: string): boolean {
  const flag = new URLSearchParams(search).get('blade');
  return /^\/gui\/domains\/[^/]+\/blade\/?$/.test(pathname) || flag === '1' || flag === 'true';
}

/** Pages where the extension banner is hidden: search, cart, domain, profile and coupons. */
const BANNER_HIDDEN = [
  /^\/gui\/domains\//,
  /^\/gui\/cart/,
  /^\/gui\/o?domain\//,
  /^\/gui\/profile/,
  /^\/gui\/coupons/,
];

/** Whether the page at a path shows the extension banner outside Blade mode. */
export const bannerPageAt = (pathname: string): boolean =>
  !BANNER_HIDDEN.some((pattern) => pattern.test(pathname));
