import { describe, expect, it } from 'vitest';
import { BACK_LINKS, headingOf, PAGE_HEADINGS } from './page-headings';
import { paths, ROUTE_MANIFEST } from './routes';

describe('the pages’ fixed title blocks', () => {
  it('link back to the addresses the routes give', () => {
    expect(BACK_LINKS).toEqual({ home: paths.home, myDomains: paths.myDomains, cart: paths.cart });
  });

  it('belong to pages of the route manifest, each page with one title', () => {
    const titled = ROUTE_MANIFEST.filter((route) => headingOf(route) !== undefined);
    expect(new Set(titled.map((route) => route.page))).toEqual(
      new Set([
        'search',
        'claim',
        'domain-detail',
        'my-domains',
        'pending',
        'cart',
        'checkout',
        'resolver',
        'email-verification',
      ]),
    );
    expect(new Set(titled.map(headingOf))).toEqual(new Set(Object.values(PAGE_HEADINGS)));
    // A page whose title names its data draws it itself.
    expect(ROUTE_MANIFEST.filter((route) => route.page === 'my-subdomains').map(headingOf)).toEqual([
      undefined,
    ]);
  });
});
