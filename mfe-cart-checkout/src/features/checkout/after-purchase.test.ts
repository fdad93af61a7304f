import { describe, expect, it } from 'vitest';
import { destinationAfterPurchase } from './after-purchase';

describe('where a confirmed purchase goes', () => {
  it('one delivered name: its detail page', () => {
    expect(destinationAfterPurchase(['alice.hbar'], ['alice.hbar'])).toEqual({
      to: '/gui/domain/web3/detail?domain=alice.hbar',
    });
  });
  it('one name still on its way: the Pending list, with the note', () => {
    expect(destinationAfterPurchase(['alice.hbar'], [])).toEqual({
      to: '/gui/nbsafhukfhus',
      message: 'Very soon your booked domain will be transferd to your wallet',
    });
  });
  it('several: home when all were delivered, else the Pending list', () => {
    expect(destinationAfterPurchase(['a.hbar', 'b.hbar'], ['b.hbar', 'a.hbar'])).toEqual({
      to: '/gui/domains/web3',
    });
    expect(destinationAfterPurchase(['a.hbar', 'b.hbar'], ['a.hbar'])).toEqual({ to: '/gui/nbsafhukfhus' });
  });
});
