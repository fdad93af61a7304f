import { describe, expect, it } from 'vitest';
import type { PaidActionOutcome } from '@registry/paid-flow';
import { subdomainStageTexts } from './subdomain-stages';

const done = (delivered: string[]) =>
  ({
    ok: true,
    result: 1,
    delivered,
    pending: delivered.length ? [] : ['a.b.hbar'],
  }) as unknown as PaidActionOutcome;

describe('the subdomain stages', () => {
  it('say what the payment and the minting are doing, in the spec’s words', () => {
    expect(subdomainStageTexts(null, null)).toEqual([]);
    expect(subdomainStageTexts('approval', null)).toEqual(['Payment is on progress']);
    expect(subdomainStageTexts('confirmation', null)).toEqual([
      'Payment has been done',
      'Wait for minting is on progress',
    ]);
    expect(subdomainStageTexts('delivery', done(['a.b.hbar']))).toEqual([
      'Payment has been done',
      'Subdomain has been minted',
      'Completed',
    ]);
    expect(subdomainStageTexts('delivery', done([]))).toEqual([
      'Payment has been done',
      'Wait for minting is on progress',
    ]);
  });
});
