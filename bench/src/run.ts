/**
 * `npm run bench`: runs one suite (`--only=<name>`, `api` when left out) and writes its figures under
 * bench/results; `--list` names the suites. Tools beside them: `--compare[=<git ref>]` (this checkout's
 * server against another's), `--compare-pipeline=<git ref>` (payment → delivered against another's) and
 * `--profile=<path>` (where one hot path spends its CPU).
 * bench/README.md says what each measures and how to read its ratios.
 */
import { args } from './lib/options';
import { runSuite, type Suite } from './lib/suite';
import { apiSuite } from './suites/api';
import { fixedCostSuite } from './suites/fixed-cost';
import { ledgerSuite } from './suites/ledger';
import { pagesSuite } from './suites/pages';
import { phoneSuite } from './suites/phone';
import { walletsSuite } from './suites/wallets';
import { watcherSuite } from './suites/watcher';
import { compareWith } from './tools/compare';
import { comparePipelineWith } from './tools/compare-pipeline';
import { profilePath } from './tools/profile';

const SUITES: Suite<never>[] = [
  apiSuite,
  ledgerSuite,
  watcherSuite,
  walletsSuite,
  pagesSuite,
  phoneSuite,
  fixedCostSuite,
].map((suite) => suite as unknown as Suite<never>);

if (args.has('list')) {
  for (const suite of SUITES)
    console.log(`${suite.name.padEnd(11)} ${suite.takes}\n            ${suite.measures}`);
} else if (args.has('profile')) {
  await profilePath(args.get('profile')!, {
    at: args.get('at'),
    engine: args.get('engine') === 'pglite' ? 'pglite' : 'postgres',
    durationS: Number(args.get('duration') ?? 10),
  });
} else if (args.has('compare-pipeline')) {
  await comparePipelineWith(args.get('compare-pipeline')!, {
    buyers: Number(args.get('buyers') ?? 100),
    concurrency: Number(args.get('concurrency') ?? 10),
  });
} else if (args.has('compare')) {
  const ref = args.get('compare');
  await compareWith(ref === 'true' ? 'HEAD~1' : ref!, {
    durationS: Number(args.get('duration') ?? 5),
    rounds: Number(args.get('rounds') ?? 2),
    ...(args.has('copies') ? { copies: Number(args.get('copies')) } : {}),
    paths: args.get('paths')?.split(','),
  });
} else {
  const name = args.get('only') ?? 'api';
  const suite = SUITES.find((each) => each.name === name);
  if (!suite) {
    console.error(`No suite ${name}: ${SUITES.map((each) => each.name).join(', ')}`);
    process.exit(2);
  }
  await runSuite(suite);
}
process.exit(0);
