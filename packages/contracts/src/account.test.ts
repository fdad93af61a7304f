import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AccountIdSchema, canonicalEntityId } from './account';

describe('account ids', () => {
  it('have one spelling: leading zeros and spaces go', () => {
    expect(canonicalEntityId('0.0.0001098')).toBe('0.0.1098');
    expect(canonicalEntityId(' 00.000.1098 ')).toBe('0.0.1098');
    expect(AccountIdSchema.parse('0.0.0001098')).toBe('0.0.1098');
  });

  it('refuse what is not shard.realm.num', () => {
    for (const bad of [
      '',
      '0.0',
      '0.0.1.2',
      '0.0.-1',
      '0.0.1e3',
      '0.0.0x10',
      '0.0.9223372036854775808',
      'a.b.c',
    ])
      expect(canonicalEntityId(bad)).toBeNull();
    expect(AccountIdSchema.safeParse('0.0.x').success).toBe(false);
  });

  it('map every spelling of one number to the same id', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), fc.nat({ max: 6 }), (num, zeros) => {
        const padded = `0.0.${'0'.repeat(zeros)}${num}`;
        return padded.length - 4 > 19 || canonicalEntityId(padded) === `0.0.${num}`;
      }),
    );
  });
});
