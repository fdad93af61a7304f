import { describe, expect, it } from 'vitest';
import { codedMessage } from './messages';

const EXTEND = { wallet: '[TR-7078]', badAnswer: '[UP-5078]', status: '[UP-6078]', network: '[UP-7078]' };

describe("a screen's failure codes", () => {
  it.each([
    ['wallet', 'Transaction Fail [TR-7078]'],
    ['bad-answer', 'Transaction Fail [UP-5078]'],
    ['status', 'Transaction Fail [UP-6078]'],
    ['network', 'Transaction Fail [UP-7078]'],
  ] as const)('gives the %s branch its code', (failure, message) => {
    expect(codedMessage(failure, 'Transaction Fail ', EXTEND)).toEqual({ title: message, message });
  });

  it('keeps the wallet-not-connected alert', () => {
    expect(codedMessage('no-wallet', 'Transaction Fail ', EXTEND)).toEqual({
      title: 'Wallet not connected',
      message: 'Please connect wallet to proceed',
    });
  });
});
