import { bannerPageAt, opensBladeMode } from '@registry/contracts/routes';

const BLADE_MODE_KEY = 'bladeMode';

/**
 * Blade mode (spec section 2): the page was opened from Blade's own browser, as
 * `/gui/domains/{type}/blade` or with `blade=1` / `blade=true` in the query. The tab keeps the mode
 * while the user moves on: Connect Wallet goes straight to Blade and the extension banner stays hidden.
 */
export function isBladeMode({ pathname, search }: { pathname: string; search: string }): boolean {
  const opened = opensBladeMode(pathname, search);
  if (opened) sessionStorage.setItem(BLADE_MODE_KEY, '1');
  return opened || sessionStorage.getItem(BLADE_MODE_KEY) === '1';
}

export function showsExtensionBanner(location: { pathname: string; search: string }): boolean {
  if (isBladeMode(location)) return false;
  return bannerPageAt(location.pathname);
}
