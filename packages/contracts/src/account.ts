import * as z from 'zod/mini';

const ENTITY_ID_PATTERN = /^(\d{1,5})\.(\d{1,5})\.(\d{1,19})$/;
const MAX_ENTITY_NUM = 2n ** 63n - 1n;

/**
 * The one spelling of a Hedera entity id (`shard.realm.num`, no leading zeros), or null when the
 * value is not one. `0.0.0001098` and `0.0.1098` are the same account and must be one identity.
 */
export function canonicalEntityId(value: string): string | null {
  const match = ENTITY_ID_PATTERN.exec(value.trim());
  if (!match) return null;
  const [shard, realm, num] = [BigInt(match[1]!), BigInt(match[2]!), BigInt(match[3]!)];
  if (shard > 32767n || realm > 65535n || num > MAX_ENTITY_NUM) return null;
  return `${shard}.${realm}.${num}`;
}

/** A Hedera account id, `shard.realm.num`, answered in its canonical form. */
export const AccountIdSchema = z.pipe(
  z.string(),
  z.transform((value: string, context) => {
    const canonical = canonicalEntityId(value);
    if (canonical === null) {
      context.issues.push({
        code: 'custom',
        message: 'must be an account id such as 0.0.1234',
        input: value,
      });
      return z.NEVER;
    }
    return canonical;
  }),
);
export type AccountId = z.infer<typeof AccountIdSchema>;

/**
 * An account's long-zero EVM address: the 20 bytes that name it to EVM tools (shard in 4 bytes, realm
 * and number in 8 each), as the mirror node answers for an account without an EVM alias.
 */
export function longZeroEvmAddress(accountId: string): string {
  const canonical = canonicalEntityId(accountId);
  if (canonical === null) throw new Error(`${accountId} is not an account id`);
  const [shard, realm, num] = canonical.split('.').map(BigInt) as [bigint, bigint, bigint];
  return `0x${shard.toString(16).padStart(8, '0')}${realm.toString(16).padStart(16, '0')}${num.toString(16).padStart(16, '0')}`;
}
