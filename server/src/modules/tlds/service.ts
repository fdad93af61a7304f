import type { TldListResponse } from '@registry/contracts/tld';
import { cachedValue } from '../../cache/cached-value';
import type { Db } from '../../db/database';
import {
  collectionCreationOf,
  collectionOf,
  dropCollectionCreation,
  keepCollectionCreation,
  listActiveTldNames,
  listCollections,
  recordCollection,
  type CollectionCreation,
} from './repo';

/** The top-level domains on sale, read from the database at most once per `cacheMs`. */
export function createTldService(db: Db, { cacheMs }: { cacheMs: number }) {
  const activeNames = cachedValue(() => listActiveTldNames(db), cacheMs);
  return {
    activeNames,
    /** The domain collections on the ledger (read fresh: a first mint makes one). */
    collections: () => listCollections(db),
    /** One domain's collection: undefined for an unknown domain, null before its first mint. */
    collectionOf: (tld: string) => collectionOf(db, tld),
    /** The transaction that creates a domain's collection, shared by every server (null: none yet). */
    collectionCreation: (tld: string) => collectionCreationOf(db, tld),
    /** Keeps a prepared creation unless another server's stands; answers the one to submit. */
    keepCollectionCreation: (tld: string, creation: CollectionCreation) =>
      keepCollectionCreation(db, tld, creation),
    dropCollectionCreation: (tld: string, transactionId: string) =>
      dropCollectionCreation(db, tld, transactionId),
    /** The first collection recorded for a domain wins (several servers may mint its first name). */
    recordCollection: (tld: string, tokenId: string) => recordCollection(db, tld, tokenId),
    async isActive(tld: string): Promise<boolean> {
      return (await activeNames()).includes(tld);
    },
    async list(): Promise<TldListResponse> {
      return { tlds: (await activeNames()).map((itemName) => ({ itemName })) };
    },
  };
}
export type TldService = ReturnType<typeof createTldService>;
