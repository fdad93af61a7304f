import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  CART_MESSAGES,
  cartTotal,
  checkoutWebProtection,
  claimBalanceMessage,
  claimMinimumBalance,
  extendPrice,
  formatAmount,
  hasClaimBalance,
  premiumEndsAt,
  priceForTerm,
  releasePremiumUsd,
  subscriptionPriceHbar,
  TERM_MONTHS,
  usdEquivalent,
  usdToHbar,
  yearlyWebProtection,
} from './pricing';

describe('pricing', () => {
  it('prices a term as basePrice × months / 12', () => {
    expect(TERM_MONTHS).toEqual([12, 24, 36, 48]);
    expect(TERM_MONTHS.map((months) => priceForTerm(10, months))).toEqual([10, 20, 30, 40]);
    expect(formatAmount(priceForTerm(7.33, 24))).toBe('14.66');
  });

  it('shows two decimals', () => {
    expect(formatAmount(1.005)).toBe('1.01');
    expect(formatAmount(10)).toBe('10.00');
  });

  it('charges web protection 25 % at checkout and 10 % a year in its modal', () => {
    expect(checkoutWebProtection(40)).toBe(10);
    expect(yearlyWebProtection(10)).toBe(1);
  });

  it('extends for months × price / 12', () => {
    expect(extendPrice(60, 10)).toBe(50);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.double({ min: 0.01, max: 1e4, noNaN: true }),
        (years, price) => {
          expect(extendPrice(years * 12, price)).toBeCloseTo(years * price, 6);
        },
      ),
    );
  });

  it('turns a USD subscription into HBAR at the current rate', () => {
    expect(subscriptionPriceHbar(10, 0.05)).toBeCloseTo(200, 9);
    expect(subscriptionPriceHbar(10, 0.05, 24)).toBeCloseTo(400, 9);
    expect(() => subscriptionPriceHbar(10, 0)).toThrow(RangeError);
  });

  it('prices a USD amount in HBAR at the rate, two decimals, and every price derived from it follows', () => {
    const base = usdToHbar(10, 0.05);
    expect(base).toBe(200);
    expect(priceForTerm(base, 36)).toBe(600);
    expect(extendPrice(24, base)).toBe(400);
    expect(checkoutWebProtection(base)).toBe(50);
    expect(yearlyWebProtection(base)).toBe(20);
    expect(claimMinimumBalance(base)).toBe(200.2);
    // 10 / 0.0537 = 186.2197…; a rate of 0.08 gives 125.
    expect(usdToHbar(10, 0.0537)).toBe(186.22);
    expect(usdToHbar(10, 0.08)).toBe(125);
    // No rate is never a price of 0 or Infinity.
    for (const rate of [0, -0.05, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => usdToHbar(10, rate)).toThrow(RangeError);
  });

  it('gives the USD equivalent', () => {
    expect(usdEquivalent(10, 0.123)).toBeCloseTo(1.23, 9);
  });

  it('needs price + 0.2 HBAR to claim', () => {
    expect(claimMinimumBalance(10)).toBe(10.2);
    expect(hasClaimBalance(10.2, 10)).toBe(true);
    expect(hasClaimBalance(10.19, 10)).toBe(false);
    expect(claimBalanceMessage(10)).toBe('Wallet must have at least 10.2 HBAR');
  });
});

describe('cart rules', () => {
  it('ignores duplicates and holds at most 2 domains', () => {
    const one = addToCart([], { itemName: 'a.hbar' });
    expect(one).toEqual({ items: [{ itemName: 'a.hbar' }], added: true });
    expect(addToCart(one.items, { itemName: 'a.hbar' })).toEqual({ items: one.items, added: false });
    const two = addToCart(one.items, { itemName: 'b.hbar' });
    expect(two.items).toHaveLength(2);
    expect(addToCart(two.items, { itemName: 'c.hbar' })).toEqual({
      items: two.items,
      added: false,
      error: CART_MESSAGES.limit,
    });
  });

  it('leaves sold-out lines out of the total', () => {
    expect(
      cartTotal([
        { price: 10, soldOut: 0, webProtection: 2.5, isWebProtectionOn: true },
        { price: 20, soldOut: 1 },
      ]),
    ).toBe(12.5);
  });

  it("prices a released name's premium: halved every day from the start, nothing from day 21", () => {
    const releasedAt = new Date('2026-01-01T00:00:00Z');
    const day = (days: number) => new Date(releasedAt.getTime() + days * 24 * 60 * 60 * 1000);
    expect(releasePremiumUsd(1000, releasedAt, day(0))).toBe(1000);
    expect(releasePremiumUsd(1000, releasedAt, day(1))).toBe(500);
    expect(releasePremiumUsd(1000, releasedAt, day(2))).toBe(250);
    // 1000 / 1024 less 1000 / 2^21: what day 21 would still be is taken off every day.
    expect(releasePremiumUsd(1000, releasedAt, day(10))).toBe(0.98);
    expect(releasePremiumUsd(100_000_000, releasedAt, day(20))).toBe(47.68);
    expect(releasePremiumUsd(100_000_000, releasedAt, day(20.999))).toBe(0.03);
    expect(releasePremiumUsd(1000, releasedAt, day(21))).toBe(0);
    expect(releasePremiumUsd(1000, releasedAt, day(400))).toBe(0);
    expect(releasePremiumUsd(0, releasedAt, day(0))).toBe(0);
    expect(premiumEndsAt(releasedAt)).toEqual(day(21));
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 25, noNaN: true }),
        fc.double({ min: 0, max: 25, noNaN: true }),
        (a, b) => {
          const [early, late] = a <= b ? [a, b] : [b, a];
          return (
            releasePremiumUsd(5000, releasedAt, day(early)) >= releasePremiumUsd(5000, releasedAt, day(late))
          );
        },
      ),
    );
  });
});
