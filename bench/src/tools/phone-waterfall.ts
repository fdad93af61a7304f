/**
 * One page under Lighthouse's mobile profile, as the requests it made (start and end in ms, bytes sent)
 * and its long main-thread tasks: where the phone suite's LCP and TBT come from.
 * `node --import tsx src/tools/phone-waterfall.ts /gui/cart` (from bench/, after a build).
 */
import lighthouse from 'lighthouse';
import { startProductServer } from '../lib/processes';
import { startChromium, type NetworkItem } from '../suites/pages';

type Timed = NetworkItem & { networkRequestTime: number; networkEndTime: number };
type LongTask = { url?: string; startTime: number; duration: number };

const pagePath = process.argv[2] ?? '/gui/domains/web3';
const server = await startProductServer({});
const chromium = await startChromium();
try {
  const result = await lighthouse(`${server.origin}${pagePath}`, {
    port: chromium.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
  const { audits } = result.lhr;
  const local = (url = '') => url.replace(server.origin, '');
  const items = (audits['network-requests']?.details as unknown as { items: Timed[] }).items;
  for (const item of items)
    console.log(
      `${String(Math.round(item.networkRequestTime)).padStart(6)} ${String(Math.round(item.networkEndTime)).padStart(6)} ${String(item.transferSize ?? 0).padStart(7)} ${local(item.url)}`,
    );
  for (const audit of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'])
    console.log(`${audit}: ${Math.round(audits[audit]?.numericValue ?? 0)} ms`);
  const tasks = (audits['long-tasks']?.details as { items?: LongTask[] } | undefined)?.items ?? [];
  for (const task of tasks)
    console.log(
      `long task at ${Math.round(task.startTime)} ms, ${Math.round(task.duration)} ms: ${local(task.url)}`,
    );
} finally {
  chromium.stop();
  await server.stop();
}
