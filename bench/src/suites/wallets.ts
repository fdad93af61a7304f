/**
 * `npm run bench -- --only=wallets`: pay → delivered in the browser through the reference wallet
 * (WalletConnect, the registry in the real-network mode on `npx local-ledger`) beside the Local Wallet
 * (the embedded ledger), in the same run: the journeys of e2e/bench run by Playwright, one at a time.
 * The apps must be built (as `npm test` builds them).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { args } from '../lib/options';
import { buildServer, ROOT } from '../lib/processes';
import type { Suite } from '../lib/suite';
import { percentile } from '../lib/statistics';

export type WalletDelivery = { wallet: string; ledger: string; deliveredMs: number[] };
export type WalletSummary = WalletDelivery & { p50Ms: number; p99Ms: number };

export function measureWalletDelivery({
  purchases,
  port,
}: {
  purchases: number;
  port: number;
}): WalletSummary[] {
  if (!existsSync(path.join(ROOT, 'shell', 'dist')))
    throw new Error('the apps are not built: run the workspace build (npm test builds them) first');
  const dir = mkdtempSync(path.join(tmpdir(), 'wallet-bench-'));
  const out = path.join(dir, 'deliveries.jsonl');
  try {
    execFileSync('npx', ['playwright', 'test', '-c', 'playwright.bench.config.ts'], {
      cwd: path.join(ROOT, 'e2e'),
      stdio: 'inherit',
      env: {
        ...process.env,
        WALLET_BENCH_OUT: out,
        WALLET_BENCH_PURCHASES: String(purchases),
        E2E_PORT: String(port),
      },
    });
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    return lines.map((line) => {
      const delivery = JSON.parse(line) as WalletDelivery;
      return {
        ...delivery,
        p50Ms: percentile(delivery.deliveredMs, 50),
        p99Ms: percentile(delivery.deliveredMs, 99),
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function walletDeliverySummary(results: WalletSummary[], startedAt: string): string[] {
  const local = results.find((result) => result.wallet === 'Local Wallet');
  return [
    '# Pay → delivered in the browser, by wallet',
    '',
    `\`npm run bench -- --only=wallets\`, ${startedAt}. Each wallet buys names one after another on the`,
    'search and checkout pages (Chromium, as the browser tests run it): from the click on "Proceed to',
    'payment" (the wallet signs and pays) to the minted dialog (the server verified the payment on the',
    "ledger, minted the name and delivered its NFT). Each wallet's first purchase, which also associates",
    'the collection, is left out.',
    '',
    '| wallet | ledger | purchases | p50 ms | p99 ms | p50 × Local Wallet |',
    '|---|---|---:|---:|---:|---:|',
    ...results.map(
      (result) =>
        `| ${result.wallet} | ${result.ledger} | ${result.deliveredMs.length} | ${result.p50Ms} | ${result.p99Ms} | ${local ? Math.round((result.p50Ms / local.p50Ms) * 100) / 100 : '–'} |`,
    ),
    '',
  ];
}

export type WalletFigures = { startedAt: string; wallets: WalletSummary[] };

export const walletsSuite: Suite<WalletFigures> = {
  name: 'wallets',
  measures:
    'Pay → delivered in the browser for each wallet, signing for real (Local Wallet, WalletConnect, Blade)',
  takes: 'about 3 minutes',
  files: { json: 'wallets.json', markdown: 'WALLETS.md' },
  async run() {
    buildServer();
    const startedAt = new Date().toISOString();
    const wallets = measureWalletDelivery({
      purchases: Number(args.get('purchases') ?? 8),
      port: Number(args.get('port') ?? 9300),
    });
    return { startedAt, wallets };
  },
  summary: ({ startedAt, wallets }) => walletDeliverySummary(wallets, startedAt),
};
