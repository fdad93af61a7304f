import { describe, expect, it } from 'vitest';
import { recordFailureMessage } from './record-codes';

describe('record failure messages (spec section 8)', () => {
  it('gives the web2 address row its TR and W2A codes, spelling and trailing spaces included', () => {
    expect(recordFailureMessage('payment', 'siteAddress', 'own').title).toBe(
      'Some thing went wrong [TR-478232] ',
    );
    expect(recordFailureMessage('activation', 'siteAddress', 'own').title).toBe(
      'Some thing went wrong [TR-409232] ',
    );
    expect(recordFailureMessage('update-bad-answer', 'siteAddress', 'own')).toEqual({
      title: 'Something went wrong',
      message: '[W2A-73483]',
    });
    expect(recordFailureMessage('update-status', 'siteAddress', 'own').message).toBe('[W2A-73903]');
    expect(recordFailureMessage('fee', 'siteAddress', 'own').message).toBe('[W2A-70483]');
    expect(recordFailureMessage('update-network', 'siteAddress', 'own').message).toBe('[W2A-06483]');
  });

  it('gives the other rows OAST3 codes, and another provider’s domain OAST codes', () => {
    expect(recordFailureMessage('payment', 'twitter', 'own').message).toBe('[OAST3-478232]');
    expect(recordFailureMessage('update-network', 'web3Asset', 'own').message).toBe('[OAST3-06483]');
    expect(recordFailureMessage('activation', 'siteAddress', 'other').message).toBe('[OAST-409232]');
    expect(recordFailureMessage('update-bad-answer', 'instagram', 'other').message).toBe('[OAST-73483]');
  });

  it('asks to check the wallet when none is connected', () => {
    expect(recordFailureMessage('no-wallet', 'facebook', 'own').title).toBe('Please check wallet connection');
  });
});
