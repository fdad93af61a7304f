import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { createScratchPostgres, TEST_DATABASE_URL } from '../../testing/test-databases';
import { startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

/** Tables that grow with every purchase: their look-ups must go through an index. */
const GROWING_TABLES = new Set(['domains', 'orders', 'order_lines', 'name_holds', 'jobs']);
const NAMES = 100_000;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

function sequentialScans(node: PlanNode): string[] {
  const own =
    node['Node Type'].includes('Seq Scan') &&
    node['Relation Name'] &&
    GROWING_TABLES.has(node['Relation Name'])
      ? [node['Relation Name']]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap(sequentialScans)];
}

/**
 * With 10^5 names loaded as purchases leave them (order, order line, domain, and an expired hold),
 * every query a hot route runs is planned with indexes on the growing tables. Plans are deterministic
 * for a given schema and statistics; timings are not, so the plans are what is asserted.
 */
describe.runIf(TEST_DATABASE_URL)('hot query plans with 10^5 names on PostgreSQL', () => {
  let t: TestApp;
  let pool: pg.Pool;
  let owner: SignedIn;
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  const recorded: { text: string; values: unknown[] }[] = [];

  beforeAll(async () => {
    scratch = await createScratchPostgres(TEST_DATABASE_URL!);
    // Loading 10^5 purchases in one statement may take longer than a request's statement timeout.
    t = await startTestApp(() =>
      openDatabase({ engine: 'postgres', url: scratch.url, statementTimeoutMs: 180_000 }),
    );
    pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    owner = await t.signIn();
    await t.buyDomain(owner, 'owned.hbar');
    await pool.query(`
      with bought as (
        insert into orders (account_id, kind, status, total_hbar, amount_tinybars, transaction_id, expires_at, paid_at)
        select '0.0.' || (5000 + n % 997), 'domains', 'completed', 10, 1000000000,
               '0.0.' || (5000 + n % 997) || '-1700000000-' || n, now() - interval '1 day', now() - interval '1 day'
        from generate_series(1, ${NAMES}) as n
        returning id, account_id, transaction_id
      ), numbered as (
        select id, account_id, split_part(transaction_id, '-', 3)::int as n from bought
      ), lines as (
        insert into order_lines (order_id, item_name, months, price)
        select id, 'bulk' || n || '.hbar', 12, 10 from numbered
      ), holds as (
        insert into name_holds (name, order_id, account_id, expires_at)
        select 'bulk' || n || '.hbar', id, account_id, now() - interval '1 day' from numbered
      )
      insert into domains (name, tld, owner_account, months, price, expires_at, status, order_id, serial_no)
      select 'bulk' || n || '.hbar', 'hbar', account_id, 12, 10, now() + interval '1 year', 22, id, n
      from numbered`);
    await pool.query('analyze');

    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: unknown }).query = (config: unknown, values?: unknown) => {
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      const params = (
        typeof config === 'object' && config && 'values' in config ? config.values : values
      ) as unknown[];
      if (/^\s*\(?\s*select/i.test(text)) recorded.push({ text, values: params ?? [] });
      return query(config, values);
    };
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await scratch.drop();
  });

  async function plansOf(run: () => Promise<unknown>) {
    recorded.length = 0;
    await run();
    const statements = [...recorded];
    expect(statements.length).toBeGreaterThan(0);
    return Promise.all(
      statements.map(async ({ text, values }) => {
        const explained = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          `explain (format json) ${text}`,
          values,
        );
        return { text, seqScans: sequentialScans(explained.rows[0]!['QUERY PLAN'][0]!.Plan) };
      }),
    );
  }

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it.each([
    ['availability of a taken name', () => get('/api/domains/availability?name=bulk77.hbar')],
    ['availability of a free name', () => get('/api/domains/availability?name=freshname.hbar')],
    ['suggestions', () => get('/api/domains/suggestions?name=bulk77.hbar')],
    [
      'taken names of a cart',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/domains/taken',
          payload: { names: ['bulk5.hbar', 'nobody.hbar'] },
        }),
    ],
    ['my domains', () => get('/api/my/domains', owner.cookie)],
    ['my pending domains', () => get('/api/my/pending-domains', owner.cookie)],
    ['my orders', () => get('/api/my/orders', owner.cookie)],
  ])('%s uses indexes only', async (_label, run) => {
    for (const plan of await plansOf(run)) expect(plan.seqScans, plan.text).toEqual([]);
  });
});
