import { roundAmount } from './pricing';

/** Which discount groups the buyer belongs to, from token balances read on the ledger. */
export type DiscountEntitlements = {
  earlyAccess: boolean;
  collectibleHolder: boolean;
  normalHolder: boolean;
  partnerHolder: boolean;
  koalaHolder: boolean;
};

export const NO_ENTITLEMENTS: DiscountEntitlements = {
  earlyAccess: false,
  collectibleHolder: false,
  normalHolder: false,
  partnerHolder: false,
  koalaHolder: false,
};

export type DiscountConfig = {
  earlyAccessEnabled: boolean;
  /** Fraction taken off for early-access members, e.g. 0.25. */
  earlyAccessFraction: number;
  /** Discount on every domain for everyone; 0 by default. */
  baseDomainFraction: number;
};

export const DEFAULT_DISCOUNT_CONFIG: DiscountConfig = {
  earlyAccessEnabled: true,
  earlyAccessFraction: 0.25,
  baseDomainFraction: 0,
};

type DiscountRule = {
  id: string;
  label: string;
  applies(entitlements: DiscountEntitlements, config: DiscountConfig): number;
  /** Which lines it reduces. */
  matches(itemName: string): boolean;
};

const endsWith = (suffix: string) => (itemName: string) => itemName.endsWith(suffix);

/** The spec's order: each rule works on the running amounts the previous ones left. */
const RULES: DiscountRule[] = [
  { id: 'base', label: 'Domain discount', applies: (_e, c) => c.baseDomainFraction, matches: () => true },
  {
    id: 'early-access',
    label: 'Early access discount',
    applies: (e, c) => (c.earlyAccessEnabled && e.earlyAccess ? c.earlyAccessFraction : 0),
    matches: () => true,
  },
  {
    id: 'collectible',
    label: 'Collectible holders discount',
    applies: (e) => (e.collectibleHolder ? 0.25 : 0),
    matches: endsWith('hangry'),
  },
  {
    id: 'holder',
    label: 'Holders discount',
    applies: (e) => (e.normalHolder ? 0.25 : 0),
    matches: endsWith('hangry'),
  },
  {
    id: 'partner',
    label: 'Partner discount',
    applies: (e) => (e.partnerHolder ? 0.25 : 0),
    matches: endsWith('bhc'),
  },
  {
    id: 'koala',
    label: 'Koala discount',
    applies: (e) => (e.koalaHolder ? 0.1 : 0),
    matches: endsWith('koala'),
  },
];

export type DiscountLine = { id: string; label: string; percent: number; amount: number };

export type DiscountResult = {
  subtotal: number;
  discounts: DiscountLine[];
  total: number;
};

/** Applies the discounts in order to the running amounts of the lines. */
export function applyDiscounts(
  lines: { itemName: string; amount: number }[],
  entitlements: DiscountEntitlements,
  config: DiscountConfig = DEFAULT_DISCOUNT_CONFIG,
): DiscountResult {
  const running = lines.map((line) => ({ ...line }));
  const subtotal = running.reduce((sum, line) => sum + line.amount, 0);
  const discounts: DiscountLine[] = [];
  for (const rule of RULES) {
    const fraction = rule.applies(entitlements, config);
    if (fraction <= 0) continue;
    let amount = 0;
    for (const line of running) {
      if (!rule.matches(line.itemName)) continue;
      const cut = line.amount * fraction;
      line.amount -= cut;
      amount += cut;
    }
    if (amount > 0)
      discounts.push({
        id: rule.id,
        label: rule.label,
        percent: Math.round(fraction * 100),
        amount: roundAmount(amount),
      });
  }
  const total = running.reduce((sum, line) => sum + line.amount, 0);
  return { subtotal: roundAmount(subtotal), discounts, total: roundAmount(total) };
}

/** Token ids of the discount groups (configuration; unset groups give nothing). */
export type DiscountTokenIds = {
  earlyAccess?: string;
  collectible?: string;
  normalHolder?: string;
  partner?: string;
  koala?: string;
};

/** Which groups an account belongs to, from its token balances (fungible amount or NFT count). */
export function entitlementsFromHoldings(
  holdings: { tokenId: string; balance: number }[],
  tokens: DiscountTokenIds,
): DiscountEntitlements {
  const holds = (tokenId: string | undefined) =>
    Boolean(tokenId) && holdings.some((holding) => holding.tokenId === tokenId && holding.balance > 0);
  return {
    earlyAccess: holds(tokens.earlyAccess),
    collectibleHolder: holds(tokens.collectible),
    normalHolder: holds(tokens.normalHolder),
    partnerHolder: holds(tokens.partner),
    koalaHolder: holds(tokens.koala),
  };
}
