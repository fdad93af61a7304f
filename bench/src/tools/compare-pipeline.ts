/**
 * `npm run bench -- --compare-pipeline=<git ref>`: payment → delivered through the HTTP API on this
 * checkout's server and on another commit's (say, the one before a change to the purchase path), both
 * built as `npm start` builds them, each on a fresh database of its own, in turns (new, old, old, new)
 * in the same run, on each engine; with the page's confirm and without it (the watcher finds the
 * payment). Results go to bench/results/compare-pipeline.json and COMPARE-PIPELINE.md.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withPostgresDatabase } from '../lib/databases';
import { measurePipeline, type PipelineMeasure } from '../lib/pipeline';
import { buildServer, ROOT, startProductServer } from '../lib/processes';
import { median } from '../lib/statistics';
import { checkoutAndBuild } from './compare';

type Side = 'new' | 'old';
type Mode = 'confirm' | 'watcher';
type Row = {
  engine: string;
  mode: Mode;
  new: PipelineMeasure[];
  old: PipelineMeasure[];
};

const ORDER: Side[] = ['new', 'old', 'old', 'new'];

async function measureOn(
  engine: string,
  start: (side: Side, turn: number) => Promise<{ origin: string; stop(): Promise<void> }>,
  { buyers, concurrency }: { buyers: number; concurrency: number },
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const mode of ['confirm', 'watcher'] as const) {
    const row: Row = { engine, mode, new: [], old: [] };
    for (const [turn, side] of ORDER.entries()) {
      const server = await start(side, turn);
      try {
        const measure = await measurePipeline([server.origin], {
          buyers,
          concurrency,
          run: `${side[0]}${mode[0]}${turn}${Date.now().toString(36)}`,
          confirm: mode === 'confirm',
        });
        row[side].push(measure);
        console.log(
          `${engine.padEnd(10)} ${mode.padEnd(8)} ${side} p50 ${measure.paymentToDeliveredP50Ms} ms  p99 ${measure.paymentToDeliveredP99Ms} ms  ${measure.ordersPerSec} orders/s  failures ${measure.failures}`,
        );
      } finally {
        await server.stop();
      }
    }
    rows.push(row);
  }
  return rows;
}

const medianOf = (measures: PipelineMeasure[], pick: (measure: PipelineMeasure) => number) =>
  Math.round(median(measures.map(pick)));

function table(ref: string, sha: string, rows: Row[], options: { buyers: number; concurrency: number }) {
  const lines = [
    `# Payment → delivered: this checkout against ${ref} (${sha.slice(0, 7)})`,
    '',
    `Each server built as \`npm start\` builds it and started on a fresh database, ${ORDER.length} turns (${ORDER.join(', ')}), each`,
    `turn ${options.buyers} buyers, ${options.concurrency} at a time, quoting, paying on the ledger and (with confirm) confirming one`,
    'name each until the API lists it delivered. The median of the two turns of each side; old/new above 1:',
    'this checkout delivers sooner.',
    '',
    '| engine | path | new p50 ms | old p50 ms | old/new p50 | new p99 ms | old p99 ms | new orders/s | old orders/s | failures |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const newP50 = medianOf(row.new, (each) => each.paymentToDeliveredP50Ms);
    const oldP50 = medianOf(row.old, (each) => each.paymentToDeliveredP50Ms);
    const failures = [...row.new, ...row.old].reduce((sum, each) => sum + each.failures, 0);
    lines.push(
      `| ${row.engine} | ${row.mode === 'confirm' ? 'with confirm' : 'watcher (no confirm)'} | ${newP50} | ${oldP50} | ${Math.round((oldP50 / newP50) * 100) / 100} | ${medianOf(row.new, (each) => each.paymentToDeliveredP99Ms)} | ${medianOf(row.old, (each) => each.paymentToDeliveredP99Ms)} | ${Math.round(median(row.new.map((each) => each.ordersPerSec)) * 10) / 10} | ${Math.round(median(row.old.map((each) => each.ordersPerSec)) * 10) / 10} | ${failures} |`,
    );
  }
  return lines.join('\n');
}

export async function comparePipelineWith(ref: string, options: { buyers: number; concurrency: number }) {
  const old = checkoutAndBuild(ref);
  try {
    buildServer();
    const rootOf = (side: Side) => (side === 'new' ? ROOT : old.dir);
    const rows = await measureOn('PGlite', (side) => startProductServer({}, { root: rootOf(side) }), options);
    const onPostgres = await withPostgresDatabase(async () => {
      const measured: Row[] = [];
      // A fresh database for every turn: no side inherits the other's names.
      const start = (side: Side) =>
        new Promise<{ origin: string; stop(): Promise<void> }>((resolve, reject) => {
          void withPostgresDatabase(async (url) => {
            const server = await startProductServer({ DATABASE_URL: url }, { root: rootOf(side) });
            await new Promise<void>((stopped) =>
              resolve({
                origin: server.origin,
                stop: async () => {
                  await server.stop();
                  stopped();
                },
              }),
            );
          }).catch(reject);
        });
      measured.push(...(await measureOn('PostgreSQL', start, options)));
      return measured;
    });
    if (onPostgres) rows.push(...onPostgres);
    const markdown = table(ref, old.sha, rows, options);
    const resultsDir = path.join(ROOT, 'bench', 'results');
    await mkdir(resultsDir, { recursive: true });
    await writeFile(
      path.join(resultsDir, 'compare-pipeline.json'),
      `${JSON.stringify({ ref, sha: old.sha, ...options, rows }, null, 2)}\n`,
    );
    await writeFile(path.join(resultsDir, 'COMPARE-PIPELINE.md'), `${markdown}\n`);
    console.log(`\n${markdown}`);
  } finally {
    old.remove();
  }
}
