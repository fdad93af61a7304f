import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import type { Database } from '../../db/database';
import { engineCases } from '../../testing/test-databases';
import { testConfig } from '../../testing/test-config';

describe.each(engineCases)('GET /api/tlds on $engine', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await open();
    app = await buildApp({ config: testConfig(), database });
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

  it('leaves out a top-level domain taken off sale', async () => {
    await database.db.execute(sql`update tlds set active = false where name = 'koala'`);
    const response = await app.inject({ method: 'GET', url: '/api/tlds' });
    expect(response.json().tlds.map((tld: { itemName: string }) => tld.itemName)).not.toContain('koala');
  });
});
