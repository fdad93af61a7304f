import type { QuoteRequest } from '@registry/contracts/orders';
import type { BranchCodes } from '@registry/paid-flow';

/** A paid action of the detail page, with its codes of spec section 8. */
export type DomainAction = {
  title: string;
  payLabel: string;
  request: QuoteRequest;
  prefix: string;
  codes: BranchCodes;
};

const TRANSACTION_FAIL = 'Transaction Fail ';

export const extendAction = (itemName: string, months: number): DomainAction => ({
  title: 'Extend Validity',
  payLabel: 'Extend',
  request: { kind: 'extend', itemName, months: months as 12 },
  prefix: TRANSACTION_FAIL,
  codes: { wallet: '[TR-7078]', badAnswer: '[UP-5078]', status: '[UP-6078]', network: '[UP-7078]' },
});

/** Several domains extended by the same term in one payment (one quote from the server). */
export const renewAction = (itemNames: string[], months: number): DomainAction => ({
  title: 'Renew Domains',
  payLabel: 'Renew',
  request: { kind: 'renew', items: itemNames.map((itemName) => ({ itemName, months: months as 12 })) },
  prefix: TRANSACTION_FAIL,
  codes: { wallet: '[TR-7078]', badAnswer: '[UP-5078]', status: '[UP-6078]', network: '[UP-7078]' },
});

export const webProtectionAction = (itemName: string): DomainAction => ({
  title: 'Enable Web Protection',
  payLabel: 'Enable',
  request: { kind: 'web-protection', itemName },
  prefix: TRANSACTION_FAIL,
  codes: { wallet: '[TR-8078]', badAnswer: '[UP-8078]', status: '[UP-8078]', network: '[UP-8078]' },
});

export const subscriptionAction = (itemName: string): DomainAction => ({
  title: 'Subscription',
  payLabel: 'Subscribe',
  request: { kind: 'subscription', itemName },
  prefix: TRANSACTION_FAIL,
  codes: { wallet: '[SBC-9067]', badAnswer: '[SBC-9068]', status: '[SBC-9065]', network: '[SBC-9066]' },
});

/** Extend Validity offers 1 to 5 years. */
export const EXTEND_YEARS = [1, 2, 3, 4, 5] as const;
