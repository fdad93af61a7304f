/** Prices, terms and limits of spec sections 4, 5 and 9. Amounts are HBAR unless named USD. */

export const TERM_MONTHS = [12, 24, 36, 48] as const;
export type TermMonths = (typeof TERM_MONTHS)[number];
export const DEFAULT_TERM_MONTHS: TermMonths = 12;

/** Extend Validity: 1 to 5 years. */
export const EXTEND_MONTHS = [12, 24, 36, 48, 60] as const;
export type ExtendMonths = (typeof EXTEND_MONTHS)[number];

/** Web protection and subscription are sold for one year only. */
export const YEARLY_MONTHS = 12;
export const SUBDOMAIN_TERM_MONTHS = 120;
export const CLAIM_TERM_MONTHS = 12;

export const WEB_PROTECTION_CHECKOUT_RATE = 0.25;
export const WEB_PROTECTION_YEARLY_RATE = 0.1;
export const CLAIM_BALANCE_MARGIN_HBAR = 0.2;
export const CART_LIMIT = 2;
export const TAX = 0;

/** Amounts are shown and paid with two decimals. */
export function roundAmount(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

export function formatAmount(amount: number): string {
  return roundAmount(amount).toFixed(2);
}

/** price = basePrice × months / 12, where basePrice is the 12-month price. */
export function priceForTerm(basePrice: number, months: number): number {
  return (basePrice * months) / 12;
}

/** Web protection added at checkout: 25 % of the line's price. */
export function checkoutWebProtection(price: number): number {
  return price * WEB_PROTECTION_CHECKOUT_RATE;
}

/** Web protection bought later in its modal: 10 % of the domain's yearly price, one year. */
export function yearlyWebProtection(yearlyPrice: number): number {
  return yearlyPrice * WEB_PROTECTION_YEARLY_RATE;
}

/** Extend Validity: months × price / 12. */
export function extendPrice(months: number, yearlyPrice: number): number {
  return (months * yearlyPrice) / 12;
}

/** A USD amount paid in HBAR at `usdPerHbar` USD for one HBAR, with two decimals. */
export function usdToHbar(usd: number, usdPerHbar: number): number {
  if (!(usdPerHbar > 0) || !Number.isFinite(usdPerHbar))
    throw new RangeError('the HBAR rate must be positive');
  return roundAmount(usd / usdPerHbar);
}

/** Days over which a released name's premium falls to nothing (ENS's temporary premium). */
export const RELEASE_PREMIUM_DAYS = 21;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The premium (USD, two decimals) on a name released after its grace period: `startUsd` at release,
 * halved every day, less what the halving would still be at day 21, so that it reaches exactly 0
 * there: a bot cannot take every released name at the base price the moment it frees up.
 */
export function releasePremiumUsd(startUsd: number, releasedAt: Date, now: Date): number {
  const days = (now.getTime() - releasedAt.getTime()) / DAY_MS;
  if (!(startUsd > 0) || days >= RELEASE_PREMIUM_DAYS) return 0;
  const premium = startUsd * (2 ** -Math.max(0, days) - 2 ** -RELEASE_PREMIUM_DAYS);
  return roundAmount(Math.max(0, premium));
}

/** When a released name's premium is gone. */
export const premiumEndsAt = (releasedAt: Date) =>
  new Date(releasedAt.getTime() + RELEASE_PREMIUM_DAYS * DAY_MS);

/** Subscription priced in USD per year, paid in HBAR at the current rate. */
export function subscriptionPriceHbar(
  usdPerYear: number,
  usdPerHbar: number,
  months = YEARLY_MONTHS,
): number {
  if (!(usdPerHbar > 0)) throw new RangeError('the HBAR rate must be positive');
  return (usdPerYear / usdPerHbar) * (months / 12);
}

export function usdEquivalent(amountHbar: number, usdPerHbar: number): number {
  return amountHbar * usdPerHbar;
}

/** A claim needs the price plus 0.2 HBAR in the wallet. */
export function claimMinimumBalance(price: number): number {
  return roundAmount(price + CLAIM_BALANCE_MARGIN_HBAR);
}

export function hasClaimBalance(balance: number, price: number): boolean {
  return balance >= claimMinimumBalance(price);
}

export function claimBalanceMessage(price: number): string {
  return `Wallet must have at least ${claimMinimumBalance(price)} HBAR`;
}

export const CART_MESSAGES = {
  limit: 'Maximum 2 domains allowed!',
  limitExceeded: 'Cart limit exceeded!',
  /** The stored cart did not decrypt or was not a cart (edited by hand, or from another browser). */
  unreadable: 'Your saved cart could not be read, so it was emptied.',
} as const;

export type CartAddResult<T> = { items: T[]; added: boolean; error?: string };

/** Adds a line to the cart: duplicates are ignored and the cart holds at most 2 domains. */
export function addToCart<T extends { itemName: string }>(items: T[], item: T): CartAddResult<T> {
  if (items.some((existing) => existing.itemName === item.itemName)) return { items, added: false };
  if (items.length >= CART_LIMIT) return { items, added: false, error: CART_MESSAGES.limit };
  return { items: [...items, item], added: true };
}

/** Lines flagged sold out are left out of totals. */
export function cartTotal(
  lines: { price: number; soldOut?: 0 | 1; webProtection?: number; isWebProtectionOn?: boolean }[],
): number {
  return lines
    .filter((line) => line.soldOut !== 1)
    .reduce((sum, line) => sum + line.price + (line.isWebProtectionOn ? (line.webProtection ?? 0) : 0), 0);
}
