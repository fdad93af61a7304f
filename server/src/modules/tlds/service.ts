import type { TldListResponse } from '@registry/contracts/tld';
import { cachedValue } from '../../cache/cached-value';
import type { Db } from '../../db/database';
import { listActiveTldNames, listCollections } from './repo';

/** The top-level domains on sale, read from the database at most once per `cacheMs`. */
export function createTldService(db: Db, { cacheMs }: { cacheMs: number }) {
  const activeNames = cachedValue(() => listActiveTldNames(db), cacheMs);
  return {
    activeNames,
    /** The domain collections on the ledger (read fresh: a first mint makes one). */
    collections: () => listCollections(db),
    async isActive(tld: string): Promise<boolean> {
      return (await activeNames()).includes(tld);
    },
    async list(): Promise<TldListResponse> {
      return { tlds: (await activeNames()).map((itemName) => ({ itemName })) };
    },
  };
}
export type TldService = ReturnType<typeof createTldService>;
