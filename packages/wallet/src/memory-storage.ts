import type { LocalWalletOptions } from './local-wallet';

/** A browser profile's storage held in memory: a Local Wallet outside a browser (tests, scripts) keeps its key here. */
export function memoryStorage(): NonNullable<LocalWalletOptions['storage']> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
