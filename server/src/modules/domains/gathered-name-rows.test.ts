import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database';
import { domains } from '../../db/schema';
import { engineCases } from '../../testing/test-databases';
import { gatheredByName } from '../../db/gathered-lookups';
import * as repo from './repo';

const DAY = 24 * 60 * 60 * 1000;

describe.each(engineCases)("the search's name look-ups gathered on $engine", ({ open }) => {
  let database: Database;
  const now = new Date();
  const releasedBefore = new Date(now.getTime() - 30 * DAY);
  const released = new Date(now.getTime() - 40 * DAY);

  beforeAll(async () => {
    database = await open();
    const registration = { tld: 'hbar', ownerAccount: '0.0.1001', months: 12, price: 200 };
    await database.db.insert(domains).values([
      { ...registration, name: 'taken-batch.hbar', expiresAt: new Date(now.getTime() + 300 * DAY) },
      { ...registration, name: 'released-batch.hbar', expiresAt: released },
    ]);
  });
  afterAll(() => database.close());

  const client = () =>
    (database.db as unknown as { $client: { query(...args: unknown[]): Promise<unknown> } }).$client;

  /** The search's look-up as the domain search makes it: rows gathered, then read at the clock's time. */
  const gathered = () => {
    const rowsOf = gatheredByName((names) => repo.nameRows(database.db, names, now));
    return async (names: string[]) => repo.nameStatusOf(await rowsOf(names), releasedBefore);
  };

  it('asks once for the names of calls made at once, and gives each call its own names', async () => {
    const queries = vi.spyOn(client(), 'query');
    const nameStatus = gathered();
    try {
      const [first, second, empty] = await Promise.all([
        nameStatus(['taken-batch.hbar', 'free-batch.hbar']),
        nameStatus(['released-batch.hbar', 'taken-batch.hbar']),
        nameStatus([]),
      ]);
      expect(queries).toHaveBeenCalledTimes(1);
      expect([...first.taken]).toEqual(['taken-batch.hbar']);
      expect(first.released.size).toBe(0);
      expect([...second.taken]).toEqual(['taken-batch.hbar']);
      expect([...second.released]).toEqual([['released-batch.hbar', released]]);
      expect(empty.taken.size + empty.released.size).toBe(0);
    } finally {
      queries.mockRestore();
    }
  });

  it('fails the calls whose names a failed query carried, and asks again for the next ones', async () => {
    const nameStatus = gathered();
    const queries = vi.spyOn(client(), 'query').mockRejectedValueOnce(new Error('connection lost'));
    try {
      const outcomes = await Promise.allSettled([
        nameStatus(['taken-batch.hbar']),
        nameStatus(['free-batch.hbar']),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
      expect([...(await nameStatus(['taken-batch.hbar'])).taken]).toEqual(['taken-batch.hbar']);
      expect(queries).toHaveBeenCalledTimes(2);
    } finally {
      queries.mockRestore();
    }
  });
});
