import type { TldListResponse } from '@registry/contracts/tld';
import type { Db } from '../../db/database';
import { listActiveTldNames } from './repo';

export function createTldService(db: Db) {
  return {
    async list(): Promise<TldListResponse> {
      const names = await listActiveTldNames(db);
      return { tlds: names.map((itemName) => ({ itemName })) };
    },
  };
}
export type TldService = ReturnType<typeof createTldService>;
