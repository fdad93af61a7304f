import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app/build-app';
import type { Database } from '../../db/database';
import { engineCases } from '../../testing/test-databases';
import { testConfig } from '../../testing/test-config';

/** Short, so the test can wait it out. */
const CACHE_MS = 400;

describe.each(engineCases)('GET /api/tlds on $engine', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await open();
    app = await buildApp({ config: testConfig({ REFERENCE_CACHE_MS: String(CACHE_MS) }), database });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('lists the active top-level domains, hbar first', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/tlds' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tlds: [
        { itemName: 'hbar' },
        { itemName: 'blade' },
        { itemName: 'hangry' },
        { itemName: 'bhc' },
        { itemName: 'koala' },
      ],
    });
  });

  it('leaves out a top-level domain taken off sale once the kept list is older than REFERENCE_CACHE_MS', async () => {
    const names = async () =>
      (await app.inject({ method: 'GET', url: '/api/tlds' }))
        .json()
        .tlds.map((tld: { itemName: string }) => tld.itemName);
    expect(await names()).toContain('koala');
    await database.db.execute(sql`update tlds set active = false where name = 'koala'`);
    // Availability reads the same kept list: a name under it is still on sale until the list is read again.
    const search = () => app.inject({ method: 'GET', url: '/api/domains/availability?name=bear.koala' });
    expect((await search()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS));
    expect(await names()).not.toContain('koala');
    expect((await search()).json()).toMatchObject({ code: 'UNKNOWN_TLD' });
  });
});
