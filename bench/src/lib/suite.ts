import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from './processes';

/** Where every suite writes its figures. */
export const RESULTS = path.join(ROOT, 'bench', 'results');

/**
 * One `npm run bench -- --only=<name>`: what it measures, how to run it, and how its figures read.
 * `run` answers the figures as written to `results/<json>`; `summary` is the Markdown written beside
 * them (and printed).
 */
export type Suite<Figures> = {
  name: string;
  /** One line: what it measures (`npm run bench -- --list` prints it). */
  measures: string;
  /** About how long a run takes on the 2-core machine. */
  takes: string;
  files: { json: string; markdown: string };
  run(): Promise<Figures>;
  summary(figures: Figures): string[];
};

/** Runs a suite and writes its two files under bench/results. */
export async function runSuite<Figures>(suite: Suite<Figures>): Promise<void> {
  const figures = await suite.run();
  const lines = suite.summary(figures);
  await mkdir(RESULTS, { recursive: true });
  await writeFile(path.join(RESULTS, suite.files.json), `${JSON.stringify(figures, null, 2)}\n`);
  await writeFile(path.join(RESULTS, suite.files.markdown), `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
  console.log(`Results in bench/results/${suite.files.json} and ${suite.files.markdown}`);
}
