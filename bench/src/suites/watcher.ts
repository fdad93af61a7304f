/**
 * How far and how fast the ledger watcher follows the ledger: the server in the real-network mode
 * against `npx local-ledger` on PostgreSQL, its mirror reads counted through a proxy, with `names`
 * delivered names loaded in bulk. Measured: the mirror requests an idle registry makes per minute, and
 * the time from an NFT transfer between wallets to the receiver's list showing the name.
 */
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { LedgerClient } from '@registry/ledger-client/ledger-client';
import { withPostgresDatabase } from '../lib/databases';
import { args, PIPELINE_BUYERS, PIPELINE_CONCURRENCY } from '../lib/options';
import { measurePipeline, type PipelineMeasure } from '../lib/pipeline';
import { buildServer, startLocalLedger, startProductServer } from '../lib/processes';
import type { Suite } from '../lib/suite';
import { buildLocalLedger, realNetworkEnv } from './ledger';
import { startRoundRobinProxy } from '../lib/round-robin-proxy';
import { startBackgroundTraffic } from '../lib/background-traffic';
import { percentile } from '../lib/statistics';

const DELIVERED = 22;
/** How long the idle registry's mirror reads are counted. */
const IDLE_MS = 60_000;
const REACH_TIMEOUT_MS = 600_000;

export type WatcherReach = {
  names: number;
  /** Unrelated transfers a second the network carried meanwhile (asked, and reached). */
  background: { asked: number; perSecond: number; failed: number; skipped: number };
  /** Mirror requests per minute of the idle registry, by what was read. */
  idleRequestsPerMinute: {
    payments: number;
    transfersFeed: number;
    collectionSweep: number;
    other: number;
    total: number;
  };
  transfers: number;
  /** From the transfer to the resolver answering the receiver (what the transfers feed moves). */
  transferToListP50Ms: number;
  transferToListP99Ms: number;
  transferToListMaxMs: number;
  /** The serials the sweep reads a second, from the reads counted while the transfers were followed. */
  serialsPerSecond: number;
};

/**
 * Kinds of mirror read: the payments feed (the treasury's transactions), the network's transfers, a
 * collection's NFTs (the sweep), the rest.
 */
function byKind(requests: Map<string, number>) {
  let payments = 0;
  let transfersFeed = 0;
  let collectionSweep = 0;
  let other = 0;
  for (const [key, count] of requests) {
    if (/\/api\/v1\/transactions\?.*account\.id/.test(key)) payments += count;
    else if (/\/api\/v1\/transactions\?.*transactiontype/.test(key)) transfersFeed += count;
    else if (/\/api\/v1\/tokens\/[\d.]+\/nfts$/.test(key)) collectionSweep += count;
    else other += count;
  }
  return {
    payments,
    transfersFeed,
    collectionSweep,
    other,
    total: payments + transfersFeed + collectionSweep + other,
  };
}

/**
 * Adds `from + 1 … names` NFTs to the collection on the ledger and their delivered domains to the
 * registry; every `names / transfers`-th serial is the seller's, the others a stranger's.
 */
async function loadDeliveredNames(
  ledgerUrl: string,
  registryUrl: string,
  {
    tokenId,
    from,
    names,
    seller,
    every,
  }: { tokenId: string; from: number; names: number; seller: string; every: number },
) {
  const ledger = new pg.Client({ connectionString: ledgerUrl });
  const registry = new pg.Client({ connectionString: registryUrl });
  await ledger.connect();
  await registry.connect();
  try {
    const holder = `case when n % ${every} = 0 then $4 else '0.0.' || (5000 + n % 997) end`;
    await ledger.query(
      `insert into ledger_nfts (token_id, serial_number, owner_account, metadata, created_timestamp, modified_timestamp)
       select $1, n, ${holder}, encode(convert_to('reach' || n || '.hbar', 'UTF8'), 'base64'),
              '1700000000.000000000', '1700000000.000000000'
       from generate_series($2::int + 1, $3::int) as n`,
      [tokenId, from, names, seller],
    );
    await ledger.query(
      `update ledger_tokens set total_supply = (select count(*) from ledger_nfts where token_id = $1) where token_id = $1`,
      [tokenId],
    );
    await ledger.query(
      `update ledger_token_relationships set balance = (select count(*) from ledger_nfts where token_id = $1 and owner_account = $2)
       where token_id = $1 and account_id = $2`,
      [tokenId, seller],
    );
    await registry.query(
      `insert into domains (name, tld, owner_account, months, price, expires_at, status, token_id, serial_no)
       select 'reach' || n || '.hbar', 'hbar', ${holder}, 12, 10, now() + interval '1 year', ${DELIVERED}, $1, n
       from generate_series($2::int + 1, $3::int) as n`,
      [tokenId, from, names, seller],
    );
    await ledger.query('analyze');
    await registry.query('analyze');
  } finally {
    await ledger.end();
    await registry.end();
  }
}

export async function measureWatcherReach({
  names,
  transfers,
  background,
}: {
  names: number;
  transfers: number;
  /** Unrelated transfers a second on the network while the registry is measured. */
  background: number;
}): Promise<WatcherReach | null> {
  return withPostgresDatabase((ledgerUrl) =>
    withPostgresDatabase(async (registryUrl) => {
      const ledger = await startLocalLedger({ databaseUrl: ledgerUrl });
      const mirror = await startRoundRobinProxy([ledger.origin]);
      const server = await startProductServer({
        DATABASE_URL: registryUrl,
        ...(await realNetworkEnv(ledger, mirror.origin)),
      });
      try {
        const client = new LedgerClient(server.origin, { ledgerOrigin: ledger.origin });
        const seller = await client.openAccount();
        const receiver = await client.openAccount();
        const sellerCookie = await client.signIn(seller);
        // The first purchase makes the collection; both wallets associate it.
        const firstName = `reachfirst${Date.now().toString(36)}.hbar`;
        await client.purchase(seller, sellerCookie, {
          kind: 'domains',
          items: [{ itemName: firstName, months: 12, isWebProtectionOn: false }],
        });
        await client.collect(seller, sellerCookie, firstName);
        const tokenId = (await client.collectionOf(sellerCookie, firstName))!;
        await client.associate(receiver, tokenId);

        const every = Math.floor(names / transfers);
        const started = Date.now();
        await loadDeliveredNames(ledgerUrl, registryUrl, {
          tokenId,
          from: 1,
          names,
          seller: seller.accountId,
          every,
        });
        console.log(`watcher reach: ${names} names loaded in ${Date.now() - started} ms`);
        const traffic = background > 0 ? await startBackgroundTraffic(ledger, background) : null;

        // Idle: no quote open, nothing of the registry's moving (the rest of the network goes on); the
        // watcher reads as it always does.
        await sleep(2000);
        mirror.requests.clear();
        await sleep(IDLE_MS);
        const idle = byKind(mirror.requests);
        const perMinute = (count: number) => Math.round((count * 60_000) / IDLE_MS);
        const idleRequestsPerMinute = {
          payments: perMinute(idle.payments),
          transfersFeed: perMinute(idle.transfersFeed),
          collectionSweep: perMinute(idle.collectionSweep),
          other: perMinute(idle.other),
          total: perMinute(idle.total),
        };
        console.log(
          `watcher reach: idle mirror requests per minute ${JSON.stringify(idleRequestsPerMinute)}`,
        );

        // The seller sells serials spread over the whole collection, one after another.
        const serials = Array.from({ length: transfers }, (_, index) => (index + 1) * every);
        const sentAt = new Map<string, number>();
        mirror.requests.clear();
        const followStarted = Date.now();
        for (const serial of serials) {
          await client.sendNft(seller, tokenId, serial, receiver.accountId);
          sentAt.set(`reach${serial}.hbar`, Date.now());
        }
        // The public answer (the resolver), which follows the transfers feed: a receiver's own list
        // reads its NFTs from the mirror when it loads and shows a name at once.
        const latencies: number[] = [];
        while (sentAt.size > 0 && Date.now() - followStarted < REACH_TIMEOUT_MS) {
          const names = [...sentAt.keys()].slice(0, 100);
          const answer = await fetch(`${server.origin}/api/resolve`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ names }),
          });
          const { names: resolved } = (await answer.json()) as {
            names: Record<string, { accountId: string | null } | null>;
          };
          const now = Date.now();
          for (const name of names)
            if (resolved[name]?.accountId === receiver.accountId) {
              latencies.push(now - sentAt.get(name)!);
              sentAt.delete(name);
            }
          await sleep(200);
        }
        const sent = (await traffic?.stop()) ?? { perSecond: 0, failed: 0, skipped: 0 };
        if (sentAt.size > 0) throw new Error(`${sentAt.size} names never reached the resolver`);
        const sweepSeconds = (Date.now() - followStarted) / 1000;
        const pagesRead = byKind(mirror.requests).collectionSweep;
        latencies.sort((a, b) => a - b);
        const result: WatcherReach = {
          names,
          background: {
            asked: background,
            perSecond: sent.perSecond,
            failed: sent.failed,
            skipped: sent.skipped,
          },
          idleRequestsPerMinute,
          transfers,
          transferToListP50Ms: percentile(latencies, 50),
          transferToListP99Ms: percentile(latencies, 99),
          transferToListMaxMs: latencies.at(-1)!,
          serialsPerSecond: Math.round((pagesRead * 100) / sweepSeconds),
        };
        console.log(`watcher reach: ${JSON.stringify(result)}`);
        return result;
      } finally {
        await server.stop();
        await mirror.stop();
        await ledger.stop();
      }
    }),
  ).then((result) => result ?? null);
}

export function watcherReachSummary(reaches: WatcherReach[]): string[] {
  const [first] = reaches;
  if (!first) return [];
  const background = first.background;
  return [
    '## How far the ledger watcher reaches',
    '',
    'The server in the real-network mode against `npx local-ledger` (both on PostgreSQL), the delivered',
    'names in one collection loaded in bulk; its mirror reads counted through a proxy. Meanwhile the rest',
    `of the network: ${background.asked} transfers a second asked of unrelated accounts (HBAR and NFTs of another collection,`,
    'over gRPC), reached as the table says.',
    '',
    'Idle (no quote open, nothing of the registry moving), mirror requests per minute, by what was read:',
    '',
    '| names | background transfers/s | total | payments feed | transfers feed | collection sweep | other | ratio to the smallest |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...reaches
      .map(({ names, background: traffic, idleRequestsPerMinute: idle }) =>
        [
          names,
          traffic.perSecond,
          idle.total,
          idle.payments,
          idle.transfersFeed,
          idle.collectionSweep,
          idle.other,
          `${(idle.total / first.idleRequestsPerMinute.total).toFixed(2)}×`,
        ].join(' | '),
      )
      .map((row) => `| ${row} |`),
    '',
    `${first.transfers} NFTs spread over the collection sent from one wallet to another at once; from each`,
    "transfer to the resolver answering the receiver (the transfers feed; the receiver's own list reads its",
    'NFTs when it loads, and owner-only writes read the holder at the moment of the write):',
    '',
    '| names | background transfers/s | transfers | p50 ms | p99 ms | max ms | serials swept per second |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...reaches.map(
      (reach) =>
        `| ${reach.names} | ${reach.background.perSecond} | ${reach.transfers} | ${reach.transferToListP50Ms} | ${reach.transferToListP99Ms} | ${reach.transferToListMaxMs} | ${reach.serialsPerSecond} |`,
    ),
    '',
  ];
}

type Delivery = { engine: string; pipeline: PipelineMeasure; watcherPipeline: PipelineMeasure };
export type WatcherFigures = { startedAt: string; delivery: Delivery[]; reaches: WatcherReach[] };

/** Delivery with and without the page's confirm, on each engine in the same run, then the watcher's reach. */
async function measureWatcher(): Promise<WatcherFigures> {
  const startedAt = new Date().toISOString();
  buildServer();
  buildLocalLedger();
  const delivery: Delivery[] = [];
  const deliveryOn = async (engine: string, env: Record<string, string>) => {
    const server = await startProductServer(env);
    try {
      const options = { buyers: PIPELINE_BUYERS, concurrency: PIPELINE_CONCURRENCY };
      const run = `${engine.slice(0, 2).toLowerCase()}${Date.now().toString(36)}`;
      const pipeline = await measurePipeline([server.origin], { ...options, run: `${run}c` });
      const watcherPipeline = await measurePipeline([server.origin], {
        ...options,
        run: `${run}w`,
        confirm: false,
      });
      console.log(
        `${engine.padEnd(10)} delivery p50 confirm ${pipeline.paymentToDeliveredP50Ms} ms, no confirm ${watcherPipeline.paymentToDeliveredP50Ms} ms`,
      );
      delivery.push({ engine, pipeline, watcherPipeline });
    } finally {
      await server.stop();
    }
  };
  await deliveryOn('PGlite', {});
  await withPostgresDatabase((url) => deliveryOn('PostgreSQL', { DATABASE_URL: url }));
  const reaches: WatcherReach[] = [];
  // Each size in the same run, so that what the mirror is asked can be compared across them.
  for (const names of String(args.get('names') ?? '10000,1000000').split(',')) {
    const reach = await measureWatcherReach({
      names: Number(names),
      transfers: Number(args.get('transfers') ?? 20),
      background: Number(args.get('background') ?? 50),
    });
    if (reach) reaches.push(reach);
  }
  return { startedAt, delivery, reaches };
}

function watcherSummary({ startedAt, delivery, reaches }: WatcherFigures): string[] {
  return [
    '# The ledger watcher: delivery without the page, and its reach',
    '',
    `\`npm run bench -- --only=watcher\`, ${startedAt}. ${PIPELINE_BUYERS} buyers, ${PIPELINE_CONCURRENCY} at a time, each`,
    "quote and pay a name of their own on the local ledger; with the page's confirm, then with none (the",
    'tab closed after paying: the watcher finds the payment on the mirror).',
    '',
    '| engine | path | orders/s | payment → delivered p50 ms | p99 ms | failures |',
    '|---|---|---:|---:|---:|---:|',
    ...delivery.flatMap(({ engine, pipeline, watcherPipeline }) =>
      (
        [
          ['confirm', pipeline],
          ['no confirm', watcherPipeline],
        ] as const
      ).map(
        ([label, measure]) =>
          `| ${engine} | ${label} | ${measure.ordersPerSec} | ${measure.paymentToDeliveredP50Ms} | ${measure.paymentToDeliveredP99Ms} | ${measure.failures} |`,
      ),
    ),
    '',
    ...(reaches.length > 0
      ? watcherReachSummary(reaches)
      : ['PostgreSQL was not reachable: no reach figures.', '']),
  ];
}

export const watcherSuite: Suite<WatcherFigures> = {
  name: 'watcher',
  measures:
    "Pay → delivered with and without the page's confirm on each engine; how fast a transfer reaches the resolver and what an idle registry asks of the mirror at 10^4 and 10^6 names (`--names=a,b`), with 50 unrelated transfers a second on the network (`--background`)",
  takes: 'about 30 minutes at 10,000 and 1,000,000 names',
  files: { json: 'watcher-reach.json', markdown: 'WATCHER-REACH.md' },
  run: measureWatcher,
  summary: watcherSummary,
};
