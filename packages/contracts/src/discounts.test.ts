import { describe, expect, it } from 'vitest';
import { applyDiscounts, NO_ENTITLEMENTS } from './discounts';
import { similarityPercent } from './similarity';

describe('discounts', () => {
  it('gives nothing without entitlements', () => {
    expect(applyDiscounts([{ itemName: 'a.hbar', amount: 10 }], NO_ENTITLEMENTS)).toEqual({
      subtotal: 10,
      discounts: [],
      total: 10,
    });
  });

  it('applies early access first, then the holder discounts to the running amounts', () => {
    const result = applyDiscounts(
      [
        { itemName: 'a.hangry', amount: 40 },
        { itemName: 'b.hbar', amount: 10 },
      ],
      { ...NO_ENTITLEMENTS, earlyAccess: true, collectibleHolder: true, normalHolder: true },
    );
    // early access 25 % of 50 = 12.5; a.hangry 30 → 22.5 (collectible) → 16.875 (holder)
    expect(result.discounts.map((line) => [line.id, line.percent, line.amount])).toEqual([
      ['early-access', 25, 12.5],
      ['collectible', 25, 7.5],
      ['holder', 25, 5.63],
    ]);
    expect(result.total).toBe(24.38);
  });

  it('gives partners 25 % on bhc and koala holders 10 % on koala only', () => {
    const result = applyDiscounts(
      [
        { itemName: 'a.bhc', amount: 10 },
        { itemName: 'b.koala', amount: 10 },
        { itemName: 'c.hbar', amount: 10 },
      ],
      { ...NO_ENTITLEMENTS, partnerHolder: true, koalaHolder: true },
    );
    expect(result.discounts.map((line) => [line.id, line.amount])).toEqual([
      ['partner', 2.5],
      ['koala', 1],
    ]);
    expect(result.total).toBe(26.5);
  });

  it('ignores early access when it is switched off', () => {
    const result = applyDiscounts(
      [{ itemName: 'a.hbar', amount: 10 }],
      { ...NO_ENTITLEMENTS, earlyAccess: true },
      {
        earlyAccessEnabled: false,
        earlyAccessFraction: 0.25,
        baseDomainFraction: 0,
      },
    );
    expect(result.total).toBe(10);
  });
});

describe('suggestion similarity', () => {
  it('counts characters equal at the same position over the longer length', () => {
    expect(similarityPercent('alpha', 'alpha')).toBe(100);
    expect(similarityPercent('alpha', 'alpha1')).toBe(83);
    expect(similarityPercent('alpha', 'beta')).toBe(0);
    expect(similarityPercent('', '')).toBe(100);
  });
});

describe('entitlements from token holdings', () => {
  it('maps held configured tokens to their groups and ignores empty or unconfigured ones', async () => {
    const { entitlementsFromHoldings } = await import('./discounts');
    expect(
      entitlementsFromHoldings(
        [
          { tokenId: '0.0.100', balance: 1 },
          { tokenId: '0.0.200', balance: 0 },
          { tokenId: '0.0.300', balance: 3 },
        ],
        { earlyAccess: '0.0.100', collectible: '0.0.200', partner: '0.0.300' },
      ),
    ).toEqual({
      earlyAccess: true,
      collectibleHolder: false,
      normalHolder: false,
      partnerHolder: true,
      koalaHolder: false,
    });
  });
});
