import { LedgerClient, type LedgerAccount } from '@registry/ledger-client/ledger-client';
import { percentile } from './statistics';

/** Spec: 22 = minted and delivered. */
const DELIVERED = 22;
const DELIVERY_TIMEOUT_MS = 60_000;

export type PipelineMeasure = {
  buyers: number;
  concurrency: number;
  ordersPerSec: number;
  /** From the wallet's payment to the name listed with status 22. */
  paymentToDeliveredP50Ms: number;
  paymentToDeliveredP99Ms: number;
  failures: number;
};

type Buyer = { account: LedgerAccount; cookie: string };

/** Runs `work` over `items` with at most `limit` in flight. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** Waits until the buyer's domain list shows the name delivered. */
async function delivered(client: LedgerClient, buyer: Buyer, name: string) {
  const until = Date.now() + DELIVERY_TIMEOUT_MS;
  while (Date.now() < until) {
    const domains = await client.domainsOf(buyer.cookie);
    if (domains.some((domain) => domain.itemName === name && domain.status === DELIVERED)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} was not delivered within ${DELIVERY_TIMEOUT_MS} ms`);
}

/**
 * `buyers` wallets (made by the bench on the local ledger, each holding the .hbar collection already,
 * as a returning buyer would) each quote, pay for and (unless `confirm` is false: the tab was closed)
 * confirm a name of their own through the HTTP API,
 * `concurrency` at a time, until the name is delivered. `origins` are the servers buyers are spread over.
 */
export async function measurePipeline(
  origins: string[],
  {
    buyers: count,
    concurrency,
    run,
    confirm = true,
    ledgerOrigin,
  }: {
    buyers: number;
    concurrency: number;
    run: string;
    /** false: no client confirms; the server's ledger watcher finds each payment on the mirror node. */
    confirm?: boolean;
    /** A ledger of its own (`npx local-ledger`) the buyers pay on, for a server in the real-network mode. */
    ledgerOrigin?: string;
  },
): Promise<PipelineMeasure> {
  const clients = origins.map((origin) => new LedgerClient(origin, { ledgerOrigin: ledgerOrigin ?? origin }));
  const clientOf = (index: number) => clients[index % clients.length]!;

  const buyers = await inBatches(
    Array.from({ length: count }, (_, index) => index),
    10,
    async (index): Promise<Buyer> => {
      const client = clientOf(index);
      const account = await client.openAccount();
      return { account, cookie: await client.signIn(account) };
    },
  );
  // The first purchase makes the collection; every buyer associates it, so delivery needs no wait.
  const first = buyers[0]!;
  const warmName = `${run}warm.hbar`;
  await clientOf(0).purchase(first.account, first.cookie, {
    kind: 'domains',
    items: [{ itemName: warmName, months: 12, isWebProtectionOn: false }],
  });
  const tokenId = await clientOf(0).collectionOf(first.cookie, warmName);
  if (!tokenId) throw new Error('the first purchase was not minted');
  await inBatches(buyers, 10, (buyer) => clientOf(0).associate(buyer.account, tokenId));

  let failures = 0;
  const started = Date.now();
  const latencies = await inBatches(
    buyers.map((buyer, index) => ({ buyer, index })),
    concurrency,
    async ({ buyer, index }) => {
      const client = clientOf(index);
      const name = `${run}p${index}.hbar`;
      try {
        const quote = await client.quote(buyer.cookie, {
          kind: 'domains',
          items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
        });
        const paidAt = Date.now();
        const transactionId = await client.pay(buyer.account, quote);
        const confirmed = confirm ? await client.confirm(buyer.cookie, quote.orderId, transactionId) : null;
        if (confirmed?.resData?.[0]?.status !== DELIVERED) await delivered(client, buyer, name);
        return Date.now() - paidAt;
      } catch (error) {
        failures += 1;
        console.warn(`pipeline: ${name}: ${String(error)}`);
        return null;
      }
    },
  );
  const elapsedS = (Date.now() - started) / 1000;
  const done = latencies.filter((latency): latency is number => latency !== null).sort((a, b) => a - b);
  return {
    buyers: count,
    concurrency,
    ordersPerSec: Math.round((done.length / elapsedS) * 10) / 10,
    paymentToDeliveredP50Ms: percentile(done, 50),
    paymentToDeliveredP99Ms: percentile(done, 99),
    failures,
  };
}
