// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createCartVault, indexedDbKey, UnreadableValueError } from './cart-vault';

describe("the browser's cart key", () => {
  it('is made once, kept in IndexedDB and not extractable, even when two tabs ask at once', async () => {
    const [first, second] = await Promise.all([indexedDbKey(), indexedDbKey()]);
    const later = await indexedDbKey();
    expect(first.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', first)).rejects.toThrow();
    const sealed = await createCartVault(async () => first).seal({ itemName: 'a.hbar' });
    for (const key of [second, later])
      expect(await createCartVault(async () => key).open(sealed)).toEqual({ itemName: 'a.hbar' });
  });

  it('seals each value with a fresh IV and refuses a value in another format', async () => {
    const vault = createCartVault(indexedDbKey);
    expect(await vault.seal(1)).not.toBe(await vault.seal(1));
    await expect(vault.open('{"items":[]}')).rejects.toBeInstanceOf(UnreadableValueError);
    await expect(vault.open('v1.AAAA.AAAA')).rejects.toBeInstanceOf(UnreadableValueError);
  });
});
