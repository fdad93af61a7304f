import { afterEach, describe, expect, it } from 'vitest';
import { isBladeMode, showsExtensionBanner } from './blade-mode';

afterEach(() => sessionStorage.clear());
const at = (path: string) => {
  const url = new URL(path, 'http://localhost');
  return { pathname: url.pathname, search: url.search };
};

describe('Blade mode and the extension banner', () => {
  it('starts from the /blade search page or the query flag, and the tab keeps it', () => {
    expect(isBladeMode(at('/gui/domains/web3'))).toBe(false);
    expect(isBladeMode(at('/gui/claim?blade=0'))).toBe(false);
    expect(isBladeMode(at('/gui/domains/web3/blade'))).toBe(true);
    expect(isBladeMode(at('/gui/claim'))).toBe(true);
    sessionStorage.clear();
    expect(isBladeMode(at('/gui/claim?blade=true'))).toBe(true);
  });

  it('hides the banner on the search, cart, domain, profile and coupons pages, and in Blade mode', () => {
    for (const path of [
      '/gui/domains/web3',
      '/gui/cart',
      '/gui/cart/checkout',
      '/gui/domain/web3/detail?domain=a.hbar',
      '/gui/odomain/web3/detail?domain=a.hbar',
      '/gui/profile/orders',
      '/gui/coupons',
    ])
      expect(showsExtensionBanner(at(path)), path).toBe(false);
    for (const path of ['/gui/claim', '/gui/w3mydomains', '/gui/nbsafhukfhus', '/w3/resolver'])
      expect(showsExtensionBanner(at(path)), path).toBe(true);
    expect(showsExtensionBanner(at('/gui/claim?blade=1'))).toBe(false);
    expect(showsExtensionBanner(at('/gui/w3mydomains'))).toBe(false);
  });
});
