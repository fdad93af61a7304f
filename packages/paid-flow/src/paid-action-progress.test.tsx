import { describe, expect, it } from 'vitest';
import { priceFixedText } from './paid-action-progress';

describe('the quote on a paid page', () => {
  it('says until when its HBAR amount is fixed, in local time, with two decimals', () => {
    const expiresAt = new Date(2026, 10, 25, 9, 7).toISOString();
    expect(priceFixedText({ totalHbar: 372.44, expiresAt })).toBe('Price fixed until 09:07: 372.44 HBAR');
    expect(priceFixedText({ totalHbar: 200, expiresAt })).toBe('Price fixed until 09:07: 200.00 HBAR');
  });
});
