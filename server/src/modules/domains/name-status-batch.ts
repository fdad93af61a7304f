import DataLoader from 'dataloader';
import type { Db } from '../../db/database';
import * as repo from './repo';

/** One name's state for a search: cannot be bought, released (with its expiry), or free. */
type NameState = { taken: true } | { taken: false; releasedExpiry: Date } | null;

const TAKEN: NameState = { taken: true };

/** More names than this in one turn go out in several queries, each still one statement. */
const MAX_NAMES_PER_QUERY = 256;

/**
 * The search's name look-ups (availability, suggestions, the cart's taken check), gathered: every name
 * asked while the server reads a burst of requests is looked up in one query when the burst is read
 * (`setImmediate`, after the event loop's I/O callbacks). A query's fixed cost (a pool connection and a
 * round trip on PostgreSQL, a call into the embedded database and its transaction on PGlite) is paid once
 * per burst instead of once per request; a lone request waits for nothing but the end of its turn.
 * Nothing is cached: each name is read when its request asks. A failing query fails the requests whose
 * names it carried.
 */
export function createNameStatusBatch(db: Db, clock: () => { now: Date; releasedBefore: Date }) {
  const loader = new DataLoader<string, NameState>(
    async (names) => {
      const { taken, released } = await repo.nameStatus(db, [...names], clock());
      return names.map((name) => {
        if (taken.has(name)) return TAKEN;
        const releasedExpiry = released.get(name);
        return releasedExpiry ? { taken: false, releasedExpiry } : null;
      });
    },
    {
      cache: false,
      maxBatchSize: MAX_NAMES_PER_QUERY,
      batchScheduleFn: (dispatch) => setImmediate(dispatch),
    },
  );

  /** As `repo.nameStatus` with nobody excepted: which of `names` are taken, and the released ones' expiry. */
  return async function nameStatus(names: string[]): Promise<repo.NameStatus> {
    const status: repo.NameStatus = { taken: new Set(), released: new Map() };
    if (names.length === 0) return status;
    const states = await loader.loadMany(names);
    states.forEach((state, index) => {
      if (state instanceof Error) throw state;
      if (state?.taken) status.taken.add(names[index]!);
      else if (state) status.released.set(names[index]!, state.releasedExpiry);
    });
    return status;
  };
}
