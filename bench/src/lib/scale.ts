import autocannon from 'autocannon';
import pg from 'pg';
import { LedgerClient } from '@registry/ledger-client/ledger-client';
import { startProductServer } from './processes';

/** Tables every purchase adds rows to: their look-ups must stay index scans as they grow. */
const GROWING_TABLES = ['domains', 'orders', 'order_lines', 'name_holds', 'jobs', 'ledger_transactions'];
/** The bench owner's own purchases at every size, so "my domains" and "my orders" answer the same rows. */
const OWNER_PURCHASES = 20;

export type ScalePath = {
  name: string;
  p50Ms: number;
  p99Ms: number;
  reqPerSec: number;
  /** Sequential scans of the growing tables during this path's load (0: index scans only). */
  seqScans: number;
};
export type ScaleStep = { names: number; loadSeconds: number; paths: ScalePath[] };

/**
 * Loads what `from + 1 … to` purchases leave behind, in bulk: an order, its line, its expired name hold,
 * the domain, the finished mint job and the payment on the ledger. The first OWNER_PURCHASES are the
 * owner's.
 */
async function loadPurchases(client: pg.Client, from: number, to: number, owner: string) {
  await client.query(
    `
    with bought as (
      insert into orders (account_id, kind, status, total_hbar, amount_tinybars, transaction_id, expires_at, paid_at)
      select case when n <= $3 then $4 else '0.0.' || (5000 + n % 997) end, 'domains', 'completed', 10, 1000000000,
             '0.0.' || (5000 + n % 997) || '-1700000000-' || n, now() - interval '1 day', now() - interval '1 day'
      from generate_series($1::int + 1, $2::int) as n
      returning id, account_id, transaction_id
    ), numbered as (
      select id, account_id, transaction_id, split_part(transaction_id, '-', 3)::int as n from bought
    ), lines as (
      insert into order_lines (order_id, item_name, months, price)
      select id, 'scale' || n || '.hbar', 12, 10 from numbered
    ), holds as (
      insert into name_holds (name, order_id, account_id, expires_at)
      select 'scale' || n || '.hbar', id, account_id, now() - interval '1 day' from numbered
    ), minted as (
      insert into jobs (kind, unique_key, payload, status, attempts)
      select 'mint', 'scale-mint:' || n, '{}'::jsonb, 'done', 1 from numbered
    ), paid as (
      insert into ledger_transactions (consensus_ns, consensus_timestamp, transaction_id, payer_account,
        valid_start_timestamp, name, result, charged_tx_fee, max_fee, valid_duration_seconds, transaction_hash)
      select 1000000000000000000 + n, '1000000000.' || lpad(n::text, 9, '0'), transaction_id, account_id,
             '1700000000.000000000', 'CRYPTOTRANSFER', 'SUCCESS', 100000, '200000000', '120', md5(n::text)
      from numbered
    )
    insert into domains (name, tld, owner_account, months, price, expires_at, status, order_id, serial_no)
    select 'scale' || n || '.hbar', 'hbar', account_id, 12, 10, now() + interval '1 year', 22, id, n
    from numbered`,
    [from, to, OWNER_PURCHASES, owner],
  );
  await client.query('analyze');
}

async function seqScansOfGrowingTables(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ scans: string }>(
    'select coalesce(sum(seq_scan), 0)::text as scans from pg_stat_user_tables where relname = any($1)',
    [GROWING_TABLES],
  );
  return Number(rows[0]!.scans);
}

/**
 * The hot paths and the account pages at 10^4, 10^5 and 10^6 registered names on PostgreSQL: p50 and
 * p99 at each size, and how many sequential scans of the growing tables each load caused.
 */
export async function measureScale(
  url: string,
  { sizes, durationS }: { sizes: number[]; durationS: number },
): Promise<ScaleStep[]> {
  const server = await startProductServer({ DATABASE_URL: url });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const wallet = new LedgerClient(server.origin);
    const owner = await wallet.openAccount();
    const cookie = await wallet.signIn(owner);
    let counter = 0;
    const fresh = () => `fresh${Date.now().toString(36)}${(counter += 1).toString(36)}`;
    const known = (size: number) => `scale${1 + ((counter += 7919) % size)}`;
    const steps: ScaleStep[] = [];
    let loaded = 0;
    for (const size of sizes) {
      const started = Date.now();
      await loadPurchases(client, loaded, size, owner.accountId);
      loaded = size;
      const loadSeconds = Math.round((Date.now() - started) / 100) / 10;
      const paths: {
        name: string;
        path: () => string;
        method?: 'POST';
        body?: () => string;
        auth?: boolean;
      }[] = [
        { name: 'availability (free name)', path: () => `/api/domains/availability?name=${fresh()}.hbar` },
        {
          name: 'availability (taken name)',
          path: () => `/api/domains/availability?name=${known(size)}.hbar`,
        },
        { name: 'suggestions', path: () => `/api/domains/suggestions?name=${known(size)}.hbar` },
        {
          name: 'taken-check',
          method: 'POST',
          path: () => '/api/domains/taken',
          body: () => JSON.stringify({ names: [`${known(size)}.hbar`, `${fresh()}.hbar`] }),
        },
        { name: 'my domains', path: () => '/api/my/domains', auth: true },
        { name: 'my orders', path: () => '/api/my/orders', auth: true },
      ];
      const measured: ScalePath[] = [];
      for (const hot of paths) {
        const scansBefore = await seqScansOfGrowingTables(client);
        const result = await autocannon({
          url: server.origin,
          connections: 20,
          duration: durationS,
          requests: [
            {
              method: hot.method ?? 'GET',
              headers: { 'content-type': 'application/json', ...(hot.auth ? { cookie } : {}) },
              setupRequest: (request) => ({
                ...request,
                path: hot.path(),
                ...(hot.body ? { body: hot.body() } : {}),
              }),
            },
          ],
        });
        if (result.non2xx > 0) throw new Error(`${hot.name}: ${result.non2xx} answers were not 2xx`);
        // Statistics are flushed at the end of each transaction; give the collector a moment.
        await new Promise((resolve) => setTimeout(resolve, 600));
        measured.push({
          name: hot.name,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          reqPerSec: Math.round(result.requests.average),
          seqScans: (await seqScansOfGrowingTables(client)) - scansBefore,
        });
        const last = measured.at(-1)!;
        console.log(
          `scale 10^${Math.log10(size)} ${last.name.padEnd(26)} p50 ${last.p50Ms} ms  p99 ${last.p99Ms} ms  ${last.reqPerSec} req/s  seq scans ${last.seqScans}`,
        );
      }
      steps.push({ names: size, loadSeconds, paths: measured });
    }
    return steps;
  } finally {
    await client.end();
    await server.stop();
  }
}
