import { randomBytes, randomInt } from 'node:crypto';
import { fail } from './ledger-state';
import type { PrngResult } from './schema';

/**
 * The utility service's PRNG, as Hedera answers it: within a positive range a number from 0 up to the
 * range (exclusive); without one, 384 bits (48 bytes, the size of the running hash Hedera draws them from).
 */
export function pseudorandom(range: number | null | undefined): PrngResult {
  if (range !== null && range !== undefined && range < 0) return fail('INVALID_PRNG_RANGE');
  if (range) return { number: randomInt(range) };
  return { bytes: randomBytes(48).toString('base64') };
}
