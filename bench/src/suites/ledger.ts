/**
 * The local ledger as its own process (`npx local-ledger`): its start time and memory, and the purchase
 * pipeline of a server in the real-network mode (LEDGER=hedera: the SDK over gRPC, the mirror REST)
 * pointed at it, beside the embedded mode's of the same run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { LedgerClient } from '@registry/ledger-client/ledger-client';
import { measurePipeline, type PipelineMeasure } from '../lib/pipeline';
import { median } from '../lib/statistics';
import { PIPELINE_BUYERS, PIPELINE_CONCURRENCY } from '../lib/options';
import {
  buildServer,
  ROOT,
  rssMb,
  startLocalLedger,
  startProductServer,
  type RunningLedger,
} from '../lib/processes';
import type { Suite } from '../lib/suite';

export type LedgerStart = {
  state: 'temporary folder' | 'new folder' | 'existing folder';
  startMs: number;
  rssMb: number;
};
/** Starts of one state: each start, then the median and the slowest. */
export type LedgerStarts = {
  state: LedgerStart['state'];
  startsMs: number[];
  medianStartMs: number;
  slowestStartMs: number;
  medianRssMb: number;
};
export type ModePipelines = { mode: string; pipeline: PipelineMeasure; watcherPipeline: PipelineMeasure };
export type LedgerResult = {
  /**
   * The first start of this build in the run: on a machine that has not run it, it also makes the
   * database template kept in the temporary folder (and the descriptors' copy), which later starts copy.
   */
  firstStart: LedgerStart;
  starts: LedgerStarts[];
  rssAfterHederaPipelinesMb: number;
  modes: ModePipelines[];
};

/** Compiles the local ledger's command (its bin runs the sources through tsx while they are newer). */
export function buildLocalLedger(root = ROOT) {
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: path.join(root, 'packages', 'local-ledger'),
    stdio: 'inherit',
  });
}

/**
 * A server's settings for the real-network mode on `ledger`, paying with a new account of it; its mirror
 * read at `mirrorOrigin` (the ledger's own unless a proxy stands in front).
 */
export async function realNetworkEnv(ledger: RunningLedger, mirrorOrigin = ledger.origin) {
  const operator = await new LedgerClient(ledger.origin).openAccount();
  return {
    LEDGER: 'hedera',
    HEDERA_NETWORK: 'local',
    HEDERA_NODES: `${ledger.grpc}=0.0.3`,
    HEDERA_OPERATOR_ID: operator.accountId,
    HEDERA_OPERATOR_KEY: operator.privateKey.toStringDer(),
    MIRROR_NODE_URL: `${mirrorOrigin}/ledger`,
  };
}

/** Starts measured per state: the machine is shared, one start is within its noise of two seconds. */
const STARTS_PER_STATE = 5;

async function measureStart(state: LedgerStart['state'], dataDir?: string): Promise<LedgerStart> {
  const ledger = await startLocalLedger({ dataDir });
  // Memory once the start's own work has settled.
  await sleep(2000);
  const start = { state, startMs: ledger.startMs, rssMb: await rssMb(ledger.pid) };
  await ledger.stop();
  console.log(`local ledger ${state.padEnd(16)} start ${start.startMs} ms  RSS ${start.rssMb} MB`);
  return start;
}

async function measureStarts(): Promise<Pick<LedgerResult, 'firstStart' | 'starts'>> {
  const firstStart = await measureStart('temporary folder');
  const byState = new Map<LedgerStart['state'], LedgerStart[]>();
  const record = (start: LedgerStart) =>
    byState.set(start.state, [...(byState.get(start.state) ?? []), start]);
  // Interleaved, so a slow stretch of the machine falls on every state alike.
  for (let round = 0; round < STARTS_PER_STATE; round += 1) {
    record(await measureStart('temporary folder'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-bench-ledger-'));
    try {
      record(await measureStart('new folder', dataDir));
      record(await measureStart('existing folder', dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const starts = [...byState].map(([state, each]) => ({
    state,
    startsMs: each.map((start) => start.startMs),
    medianStartMs: median(each.map((start) => start.startMs)),
    slowestStartMs: Math.max(...each.map((start) => start.startMs)),
    medianRssMb: median(each.map((start) => start.rssMb)),
  }));
  return { firstStart, starts };
}

async function pipelines(
  mode: string,
  origin: string,
  options: { buyers: number; concurrency: number; ledgerOrigin?: string },
): Promise<ModePipelines> {
  const run = `${mode.slice(0, 1)}${Date.now().toString(36)}`;
  const pipeline = await measurePipeline([origin], { ...options, run: `${run}c` });
  const watcherPipeline = await measurePipeline([origin], { ...options, run: `${run}w`, confirm: false });
  for (const [label, measure] of [
    ['confirm', pipeline],
    ['watcher', watcherPipeline],
  ] as const)
    console.log(
      `${mode.padEnd(10)} ${label} pipeline  ${measure.ordersPerSec} orders/s  payment → delivered p50 ${measure.paymentToDeliveredP50Ms} ms  p99 ${measure.paymentToDeliveredP99Ms} ms  failures ${measure.failures}`,
    );
  return { mode, pipeline, watcherPipeline };
}

/**
 * `embedded`: the embedded mode's pipelines of this run on the same engine (PGlite), measured here when
 * not given.
 */
export async function measureLedger(options: {
  buyers: number;
  concurrency: number;
  embedded?: ModePipelines;
}): Promise<LedgerResult> {
  buildLocalLedger();
  const { firstStart, starts } = await measureStarts();
  const modes: ModePipelines[] = [];
  if (options.embedded) modes.push(options.embedded);
  else {
    const server = await startProductServer({});
    try {
      modes.push(await pipelines('embedded', server.origin, options));
    } finally {
      await server.stop();
    }
  }
  const ledger = await startLocalLedger();
  try {
    const server = await startProductServer(await realNetworkEnv(ledger));
    try {
      modes.push(await pipelines('hedera', server.origin, { ...options, ledgerOrigin: ledger.origin }));
    } finally {
      await server.stop();
    }
    return { firstStart, starts, rssAfterHederaPipelinesMb: await rssMb(ledger.pid), modes };
  } finally {
    await ledger.stop();
  }
}

export function ledgerSummary(result: LedgerResult, buyers: number): string[] {
  const [embedded] = result.modes;
  return [
    '## The local ledger in a process of its own, and the real-network mode',
    '',
    '`npx local-ledger` as its command runs it (compiled; one V8 worker thread, a 160 MB heap). Start: until',
    `its mirror REST answers (asked every 20 ms); RSS 2 s after. ${STARTS_PER_STATE} starts per state, interleaved.`,
    '',
    '| state | median start ms | slowest ms | each start ms | median RSS MB |',
    '|---|---:|---:|---|---:|',
    ...result.starts.map(
      (start) =>
        `| ${start.state} | ${start.medianStartMs} | ${start.slowestStartMs} | ${start.startsMs.join(', ')} | ${start.medianRssMb} |`,
    ),
    '',
    `The run's first start (a temporary folder) took ${result.firstStart.startMs} ms (RSS ${result.firstStart.rssMb} MB): on a`,
    'machine that had not run this build, it also made the database template and the descriptors kept in the',
    'temporary folder, which every later start copies or reads.',
    '',
    `After the real-network mode's pipelines below it held ${result.rssAfterHederaPipelinesMb} MB.`,
    '',
    `The purchase pipeline (${buyers} buyers, PGlite) with the server on the embedded local ledger, then with`,
    'LEDGER=hedera against that process: collections, mints and deliveries over gRPC, every read from its',
    'mirror REST. Buyers pay through its HTTP route in both.',
    '',
    '| mode | path | orders/s | payment → delivered p50 ms | p99 ms | p50 × embedded | failures |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...result.modes.flatMap(({ mode, pipeline, watcherPipeline }) =>
      (
        [
          ['confirm', pipeline, embedded!.pipeline],
          ['watcher', watcherPipeline, embedded!.watcherPipeline],
        ] as const
      ).map(
        ([label, measure, base]) =>
          `| ${mode} | ${label} | ${measure.ordersPerSec} | ${measure.paymentToDeliveredP50Ms} | ${measure.paymentToDeliveredP99Ms} | ${Math.round((measure.paymentToDeliveredP50Ms / base.paymentToDeliveredP50Ms) * 100) / 100} | ${measure.failures} |`,
      ),
    ),
    '',
  ];
}

export const ledgerSuite: Suite<LedgerResult> = {
  name: 'ledger',
  measures:
    '`npx local-ledger` in a process of its own (start, memory) and the real-network mode over gRPC against it, beside the embedded ledger',
  takes: 'about 5 minutes',
  files: { json: 'ledger.json', markdown: 'LEDGER.md' },
  async run() {
    buildServer();
    return measureLedger({ buyers: PIPELINE_BUYERS, concurrency: PIPELINE_CONCURRENCY });
  },
  summary: (result) => ledgerSummary(result, PIPELINE_BUYERS),
};
