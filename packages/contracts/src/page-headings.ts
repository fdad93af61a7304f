/**
 * The pages' title blocks that are the same for every visitor. Each page draws its own from here, and
 * the first HTML and the shell's loading state draw the same one in the same place before the page's
 * code has arrived, so a phone shows the page's title with the first paint instead of after it.
 * Not a shared module: a remote keeps its own copy, whatever contracts the shell it runs in has.
 */
import type { PageRoute } from './routes';

/**
 * Where the back links go, written out rather than read from `paths`: that module is the shell's
 * shared one, and importing it here would put a copy of it in every remote page (page-headings.test.ts
 * holds them equal).
 */
export const BACK_LINKS = {
  home: '/gui/domains/web3',
  myDomains: '/gui/w3mydomains',
  cart: '/gui/cart',
} as const;

/** What a page's title block says (`PageHeading` in the UI kit draws it). */
export type PageHeadingText = {
  title: string;
  tagline?: string;
  /** The link back to the page this one is reached from. */
  back?: { to: string; label: string };
};

export const PAGE_HEADINGS = {
  search: { title: 'Smart domains. Tokenized on Hedera.', tagline: 'Humanizing Internet, Safely.' },
  claim: { title: 'Claim Domain', tagline: 'Holders of the claim pass get one domain for a year.' },
  domainDetail: { title: 'Domain Details', back: { to: BACK_LINKS.myDomains, label: 'Back to Domains' } },
  myDomains: { title: 'Domains' },
  pending: { title: 'Pending Domain Transactions' },
  cart: { title: 'Your Cart', back: { to: BACK_LINKS.home, label: 'continue shopping' } },
  checkout: { title: 'Checkout', back: { to: BACK_LINKS.cart, label: 'Back to Cart' } },
  resolver: { title: 'Resolve Hedera Domains', tagline: 'Humanizing Internet, Safely.' },
  emailVerification: { title: 'Email verification' },
} as const satisfies Record<string, PageHeadingText>;

/** By the route manifest's page key: the pages whose title does not depend on data. */
const HEADINGS_BY_PAGE: Readonly<Record<string, PageHeadingText>> = {
  search: PAGE_HEADINGS.search,
  claim: PAGE_HEADINGS.claim,
  'domain-detail': PAGE_HEADINGS.domainDetail,
  'my-domains': PAGE_HEADINGS.myDomains,
  pending: PAGE_HEADINGS.pending,
  cart: PAGE_HEADINGS.cart,
  checkout: PAGE_HEADINGS.checkout,
  resolver: PAGE_HEADINGS.resolver,
  'email-verification': PAGE_HEADINGS.emailVerification,
};

/** A route's fixed title block, when its page has one. */
export const headingOf = (route: PageRoute): PageHeadingText | undefined => HEADINGS_BY_PAGE[route.page];
