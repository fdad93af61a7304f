/**
 * The default suite (`npm run bench`): the API's hot paths under load, each beside a bare Fastify route
 * measured in the same run (the floor), on the embedded database and on PostgreSQL; the purchase
 * pipeline; two servers on one database; scale; server starts and memory; the pages; the ledger modes;
 * and the fixed cost of a request. Everything in bench/results/api.json and SUMMARY.md.
 */
import path from 'node:path';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { withPostgresDatabase } from '../lib/databases';
import { HOT_PATHS, load, type Measure } from '../lib/load';
import { args, CONNECTIONS, DURATION_S, PIPELINE_BUYERS, PIPELINE_CONCURRENCY } from '../lib/options';
import { measurePipeline, type PipelineMeasure } from '../lib/pipeline';
import {
  buildServer,
  rssMb,
  startFloorServer,
  startProductServer,
  type Running,
  type ServerRunner,
} from '../lib/processes';
import { startRoundRobinProxy } from '../lib/round-robin-proxy';
import { measureScale, type ScaleStep } from '../lib/scale';
import type { Suite } from '../lib/suite';
import { fixedCostSummary, measureFixedCost, type FixedCost } from './fixed-cost';
import { ledgerSummary, measureLedger, type LedgerResult } from './ledger';
import { measurePages, pagesSummary, type PageMeasure } from './pages';

/** Powers of ten of registered names for the scale figures (`--scale=4,5,6`; `--scale=none` skips them). */
const SCALE_SIZES =
  args.get('scale') === 'none'
    ? []
    : (args.get('scale') ?? '4,5,6').split(',').map((power) => 10 ** Number(power));

async function floors(databaseUrl?: string): Promise<{ bare: Measure; oneQuery: Measure }> {
  const server = await startFloorServer(databaseUrl);
  try {
    return {
      bare: await load(server.origin, { name: 'bare Fastify JSON route (floor)', path: () => '/json' }),
      oneQuery: await load(server.origin, {
        name: 'Fastify route with one indexed query (query floor)',
        path: () => '/one-query',
      }),
    };
  } finally {
    await server.stop();
  }
}

type EngineResult = {
  engine: string;
  pipeline: PipelineMeasure;
  /** The same purchases with no client confirm: the ledger watcher settles each payment. */
  watcherPipeline: PipelineMeasure;
  startMs: number;
  rssAfterStartMb: number;
  rssAfterLoadMb: number;
  floor: Measure;
  queryFloor: Measure;
  paths: Measure[];
};

const ratio = (measure: Measure, floor: Measure) =>
  Math.round((measure.reqPerSec / floor.reqPerSec) * 1000) / 1000;

async function measureEngine(engine: string, env: Record<string, string>): Promise<EngineResult> {
  // The floors are measured right before the engine's paths, in the same conditions.
  const floor = await floors(env.DATABASE_URL);
  const server: Running = await startProductServer(env);
  try {
    const rssAfterStartMb = await rssMb(server.pid);
    const paths: Measure[] = [];
    for (const hot of HOT_PATHS) {
      const measure = await load(server.origin, hot);
      measure.ratio = ratio(measure, floor.bare);
      measure.queryRatio = ratio(measure, floor.oneQuery);
      paths.push(measure);
      console.log(
        `${engine.padEnd(10)} ${hot.name.padEnd(20)} ${String(measure.reqPerSec).padStart(7)} req/s  p50 ${measure.p50Ms} ms  p99 ${measure.p99Ms} ms  ${measure.ratio}× floor  ${measure.queryRatio}× query floor`,
      );
    }
    const pipeline = await measurePipeline([server.origin], {
      buyers: PIPELINE_BUYERS,
      concurrency: PIPELINE_CONCURRENCY,
      run: `b${Date.now().toString(36)}`,
    });
    console.log(
      `${engine.padEnd(10)} purchase pipeline    ${pipeline.ordersPerSec} orders/s  payment → delivered p50 ${pipeline.paymentToDeliveredP50Ms} ms  p99 ${pipeline.paymentToDeliveredP99Ms} ms  failures ${pipeline.failures}`,
    );
    const watcherPipeline = await measurePipeline([server.origin], {
      buyers: PIPELINE_BUYERS,
      concurrency: PIPELINE_CONCURRENCY,
      run: `w${Date.now().toString(36)}`,
      confirm: false,
    });
    console.log(
      `${engine.padEnd(10)} watcher pipeline     ${watcherPipeline.ordersPerSec} orders/s  payment → delivered p50 ${watcherPipeline.paymentToDeliveredP50Ms} ms  p99 ${watcherPipeline.paymentToDeliveredP99Ms} ms  failures ${watcherPipeline.failures}`,
    );
    return {
      engine,
      pipeline,
      watcherPipeline,
      startMs: server.startMs,
      rssAfterStartMb,
      rssAfterLoadMb: await rssMb(server.pid),
      floor: floor.bare,
      queryFloor: floor.oneQuery,
      paths,
    };
  } finally {
    await server.stop();
  }
}

type TwoServersResult = {
  availability: { one: Measure; two: Measure };
  pipeline: { one: PipelineMeasure; two: PipelineMeasure };
  /** After both runs: every paid name minted exactly once, in one collection, with no job left. */
  check: { delivered: number; nfts: number; collections: number; openJobs: number };
};

/**
 * Two server processes on one PostgreSQL database behind one address (a round-robin proxy in this
 * process): the availability path and the purchase pipeline through the proxy with one server behind
 * it, then with two.
 */
async function measureTwoServers(url: string): Promise<TwoServersResult> {
  const availability = HOT_PATHS[0]!;
  const first = await startProductServer({ DATABASE_URL: url });
  let second: Running | null = null;
  try {
    const one = await startRoundRobinProxy([first.origin]);
    const oneAvailability = await load(one.origin, availability);
    const onePipeline = await measurePipeline([one.origin], {
      buyers: PIPELINE_BUYERS,
      concurrency: PIPELINE_CONCURRENCY,
      run: `one${Date.now().toString(36)}`,
    });
    await one.stop();
    second = await startProductServer({ DATABASE_URL: url });
    const two = await startRoundRobinProxy([first.origin, second.origin]);
    const twoAvailability = await load(two.origin, availability);
    const twoPipeline = await measurePipeline([two.origin], {
      buyers: PIPELINE_BUYERS,
      concurrency: PIPELINE_CONCURRENCY,
      run: `two${Date.now().toString(36)}`,
    });
    await two.stop();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const [counts] = (
      await client.query<{ delivered: string; nfts: string; collections: string; open_jobs: string }>(`
        select (select count(*) from domains where tld = 'hbar' and status = 22) as delivered,
               (select count(*) from ledger_nfts n join tlds t on t.token_id = n.token_id
                 where t.name = 'hbar') as nfts,
               (select count(*) from ledger_tokens where name = 'hbar domains') as collections,
               (select count(*) from jobs where status <> 'done') as open_jobs`)
    ).rows;
    await client.end();
    const result: TwoServersResult = {
      availability: { one: oneAvailability, two: twoAvailability },
      pipeline: { one: onePipeline, two: twoPipeline },
      check: {
        delivered: Number(counts!.delivered),
        nfts: Number(counts!.nfts),
        collections: Number(counts!.collections),
        openJobs: Number(counts!.open_jobs),
      },
    };
    console.log(
      `two servers availability ${oneAvailability.reqPerSec} → ${twoAvailability.reqPerSec} req/s; pipeline ${onePipeline.ordersPerSec} → ${twoPipeline.ordersPerSec} orders/s; ${JSON.stringify(result.check)}`,
    );
    return result;
  } finally {
    await second?.stop();
    await first.stop();
  }
}

type StartMeasure = {
  runner: ServerRunner;
  folder: 'new' | 'existing';
  startMs: number;
  rssAfterStartMb: number;
};

/**
 * Start time and memory of the embedded-database server, compiled (as `npm start` runs it) and through
 * tsx, on a new data folder (first start: the database is created) and on the same folder again.
 */
async function measureStarts(): Promise<StartMeasure[]> {
  const measures: StartMeasure[] = [];
  for (const runner of ['compiled', 'tsx'] as const) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-bench-start-'));
    try {
      for (const folder of ['new', 'existing'] as const) {
        const server = await startProductServer({}, { runner, dataDir });
        // Memory once the start's own work has settled.
        await sleep(2000);
        measures.push({ runner, folder, startMs: server.startMs, rssAfterStartMb: await rssMb(server.pid) });
        await server.stop();
        const last = measures.at(-1)!;
        console.log(
          `start      ${runner.padEnd(9)} ${folder.padEnd(9)} folder  ${last.startMs} ms  RSS ${last.rssAfterStartMb} MB`,
        );
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return measures;
}

function summary(
  results: EngineResult[],
  starts: StartMeasure[],
  twoServers: TwoServersResult | null,
  scale: ScaleStep[] | null,
  pages: PageMeasure[],
  startedAt: string,
  ledger: LedgerResult,
): string[] {
  const lines = [
    '# Benchmark results',
    '',
    `Run ${startedAt} on ${process.platform} ${process.arch}, Node ${process.version}: autocannon, ${DURATION_S} s,`,
    `${CONNECTIONS} connections per path, every request a name not asked for before. Each ratio is the`,
    'path’s requests per second over a bare Fastify JSON route measured in the same run.',
    '',
  ];
  for (const result of results) {
    lines.push(
      `## API hot paths on ${result.engine}`,
      '',
      `Floor: ${result.floor.reqPerSec} req/s, p50 ${result.floor.p50Ms} ms, p99 ${result.floor.p99Ms} ms.`,
      `Query floor (the same route running one indexed look-up on ${result.engine}): ${result.queryFloor.reqPerSec} req/s, p50 ${result.queryFloor.p50Ms} ms, p99 ${result.queryFloor.p99Ms} ms (${ratio(result.queryFloor, result.floor)}× floor).`,
      `Server start ${result.startMs} ms; memory (RSS) ${result.rssAfterStartMb} MB after start, ${result.rssAfterLoadMb} MB after the load.`,
      '',
      '| path | req/s | p50 ms | p99 ms | × floor | × query floor | unexpected non-2xx | errors |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...result.paths.map(
        (measure) =>
          `| ${measure.name} | ${measure.reqPerSec} | ${measure.p50Ms} | ${measure.p99Ms} | ${measure.ratio} | ${measure.queryRatio} | ${measure.non2xx} | ${measure.errors} |`,
      ),
      '',
    );
  }
  const postgresOrders = results.find(({ engine }) => engine === 'PostgreSQL')?.pipeline.ordersPerSec;
  /** Orders per second over PostgreSQL's in the same run (the embedded database's share). */
  const overPostgres = (ordersPerSec: number) =>
    postgresOrders ? Math.round((ordersPerSec / postgresOrders) * 100) / 100 : '–';
  lines.push(
    '## Purchase pipeline',
    '',
    `${PIPELINE_BUYERS} buyers (Local Wallet accounts made by the bench, each holding the collection already),`,
    `${PIPELINE_CONCURRENCY} at a time, each quote, pay on the local ledger and confirm a name of their own`,
    'through the HTTP API until it is listed delivered (status 22).',
    '',
    '| engine | orders/s | × PostgreSQL | payment → delivered p50 ms | p99 ms | failures |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map(
      ({ engine, pipeline }) =>
        `| ${engine} | ${pipeline.ordersPerSec} | ${overPostgres(pipeline.ordersPerSec)} | ${pipeline.paymentToDeliveredP50Ms} | ${pipeline.paymentToDeliveredP99Ms} | ${pipeline.failures} |`,
    ),
    '',
    'The same purchases with no client confirm (the tab closed after paying): the ledger watcher reads each',
    'payment from the mirror node and settles it. Beside the confirm path of the same run:',
    '',
    '| engine | orders/s | × confirm path | payment → delivered p50 ms | p99 ms | failures |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map(
      ({ engine, pipeline, watcherPipeline: watched }) =>
        `| ${engine} | ${watched.ordersPerSec} | ${Math.round((watched.ordersPerSec / pipeline.ordersPerSec) * 100) / 100} | ${watched.paymentToDeliveredP50Ms} | ${watched.paymentToDeliveredP99Ms} | ${watched.failures} |`,
    ),
    '',
  );
  if (twoServers) {
    const { availability, pipeline, check } = twoServers;
    lines.push(
      '## Two servers, one PostgreSQL database',
      '',
      'The same figures through one address (a round-robin proxy) with one server behind it, then two.',
      '',
      '| | one server | two servers | two / one |',
      '|---|---:|---:|---:|',
      `| availability req/s | ${availability.one.reqPerSec} | ${availability.two.reqPerSec} | ${ratio(availability.two, availability.one)} |`,
      `| availability p99 ms | ${availability.one.p99Ms} | ${availability.two.p99Ms} | |`,
      `| purchase pipeline orders/s | ${pipeline.one.ordersPerSec} | ${pipeline.two.ordersPerSec} | ${Math.round((pipeline.two.ordersPerSec / pipeline.one.ordersPerSec) * 100) / 100} |`,
      `| failures | ${pipeline.one.failures} | ${pipeline.two.failures} | |`,
      '',
      `After both runs: ${check.delivered} .hbar names delivered, ${check.nfts} NFTs minted in ${check.collections} collection(s), ${check.openJobs} jobs not done.`,
      '',
    );
  }
  if (scale?.length) {
    const names = scale[0]!.paths.map((path) => path.name);
    lines.push(
      '## Scale on PostgreSQL',
      '',
      'Registered names loaded in bulk with every row a purchase leaves (order, order line, expired hold,',
      'domain, finished mint job, ledger payment); the bench owner has 20 of them at every size. 20',
      `connections, ${scale[0]!.paths.length} paths. Sequential scans: of the growing tables, during the path's load.`,
      '',
      `| path | ${scale.map((step) => `10^${Math.log10(step.names)} p50 / p99 ms`).join(' | ')} | seq scans |`,
      `|---|${scale.map(() => '---:').join('|')}|---:|`,
      ...names.map((name) => {
        const cells = scale.map((step) => {
          const path = step.paths.find((each) => each.name === name)!;
          return `${path.p50Ms} / ${path.p99Ms}`;
        });
        const scans = scale.reduce(
          (sum, step) => sum + step.paths.find((each) => each.name === name)!.seqScans,
          0,
        );
        return `| ${name} | ${cells.join(' | ')} | ${scans} |`;
      }),
      '',
      `Bulk load: ${scale.map((step) => `10^${Math.log10(step.names)} in ${step.loadSeconds} s`).join(', ')} (cumulative).`,
      '',
    );
  }
  lines.push(...pagesSummary(pages));
  lines.push(...ledgerSummary(ledger, PIPELINE_BUYERS));
  lines.push(
    '## Server start on the embedded database',
    '',
    'Compiled is how `npm start` runs the server (`server/dist/main.js`, plain node); tsx transpiles the',
    'sources on load. A new folder means the first start, when the database is created.',
    '',
    '| runner | data folder | start ms | RSS after start MB |',
    '|---|---|---:|---:|',
    ...starts.map(
      (start) => `| ${start.runner} | ${start.folder} | ${start.startMs} | ${start.rssAfterStartMb} |`,
    ),
    '',
  );
  return lines;
}

export type ApiFigures = {
  startedAt: string;
  durationS: number;
  connections: number;
  starts: StartMeasure[];
  fixedCost: FixedCost;
  results: EngineResult[];
  twoServers: TwoServersResult | null;
  scale: ScaleStep[] | null;
  pages: PageMeasure[];
  ledger: LedgerResult;
};

async function measureApi(): Promise<ApiFigures> {
  const startedAt = new Date().toISOString();
  buildServer();
  const fixedCost = await measureFixedCost();
  const pages = args.get('pages') === 'none' ? [] : await measurePages();
  const starts = await measureStarts();
  const results: EngineResult[] = [];
  results.push(await measureEngine('PGlite', {}));
  const onPostgres = await withPostgresDatabase((url) => measureEngine('PostgreSQL', { DATABASE_URL: url }));
  if (onPostgres) results.push(onPostgres);
  const twoServers = await withPostgresDatabase(measureTwoServers);
  const ledger = await measureLedger({
    buyers: PIPELINE_BUYERS,
    concurrency: PIPELINE_CONCURRENCY,
    embedded: {
      mode: 'embedded',
      pipeline: results[0]!.pipeline,
      watcherPipeline: results[0]!.watcherPipeline,
    },
  });
  const scale = SCALE_SIZES.length
    ? await withPostgresDatabase((url) =>
        measureScale(url, { sizes: SCALE_SIZES, durationS: Math.min(DURATION_S, 5) }),
      )
    : null;
  return {
    startedAt,
    durationS: DURATION_S,
    connections: CONNECTIONS,
    starts,
    fixedCost,
    results,
    twoServers,
    scale,
    pages,
    ledger,
  };
}

export const apiSuite: Suite<ApiFigures> = {
  name: 'api',
  measures:
    'Everything at once: hot paths × floor on both engines, purchase pipelines, two servers, scale to 10^6 names, starts, pages, ledger modes, fixed cost',
  takes: 'about 60 minutes (`--scale=none --pages=none` about 25)',
  files: { json: 'api.json', markdown: 'SUMMARY.md' },
  run: measureApi,
  summary: (figures) => [
    ...summary(
      figures.results,
      figures.starts,
      figures.twoServers,
      figures.scale,
      figures.pages,
      figures.startedAt,
      figures.ledger,
    ),
    ...fixedCostSummary(figures.fixedCost),
  ],
};
