import net from 'node:net';
import { AccountId, Hbar, TransactionId, TransferTransaction, type Client } from '@hashgraph/sdk';
import { normaliseTransactionId } from '@registry/contracts/hedera-ids';
import type { QuoteResponse } from '@registry/contracts/orders';
import { LedgerClient, type LedgerAccount } from '@registry/ledger-client/ledger-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { DELIVERED_STATUS } from '@registry/contracts/orders';
import {
  hederaModeEnv,
  startLocalLedgerProcess,
  type LocalLedgerProcess,
} from '../testing/local-ledger-process';
import { buildServer, startServerProcess, type ServerProcess } from '../testing/server-process';
import { startTestApp, type TestApp } from '../testing/test-app';
import { createScratchPostgres, TEST_DATABASE_URL } from '../testing/test-databases';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function admin(statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/** What a failover, a restart or an operator's pg_terminate_backend does to every server connection. */
const terminateBackends = (database: string) =>
  admin(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );

/**
 * The ledger the server runs on: the embedded one (`npm start`'s default), or a Hedera network reached
 * over gRPC and the mirror REST (LEDGER=hedera, `npx local-ledger` in a process of its own).
 */
type LedgerMode = 'embedded' | 'hedera';

/**
 * The embedded ledger keeps its state in the same database: a request that reads the ledger's mirror
 * during the outage finds the network down (HCS-DOWN), one that reads the registry's tables finds the
 * database down. A Hedera network stays up while the registry's database is down.
 */
const OUTAGE_CODES: Record<LedgerMode, string[]> = {
  embedded: ['DATABASE_UNAVAILABLE', 'HCS-DOWN'],
  hedera: ['DATABASE_UNAVAILABLE'],
};

/** Storms in a run: two in CI; OUTAGE_STORMS=10 repeats the storm ten times. */
const STORMS = Number(process.env.OUTAGE_STORMS ?? 2);

/** An answer, and the one the request should get when the database serves (else 503). */
type Answer = { path: string; status: number; code?: string; expected: number };

/** A paid order and how it was paid: in full (confirmed by the page or left to the watcher) or short. */
type Payment = { name: string; buyer: Buyer; transactionId: string; underpaid: boolean };
type Buyer = {
  account: LedgerAccount;
  /** An SDK client paying as the buyer over gRPC (on a Hedera network). */
  sdk: Client | null;
  cookie: string;
  confirms: boolean;
  underpays: boolean;
};

/**
 * The server as `npm start` runs it on PostgreSQL, every worker on (job worker, ledger watcher,
 * reminder sweeper), with searches and purchases going on.
 */
describe.runIf(TEST_DATABASE_URL).each<LedgerMode>(['embedded', 'hedera'])(
  'the server process during a PostgreSQL outage, on the %s ledger',
  (mode) => stormSuite(mode),
);

function stormSuite(mode: LedgerMode) {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let databaseName: string;
  let server: ServerProcess;
  let ledger: LocalLedgerProcess | null = null;
  let client: LedgerClient;
  let tokenId = '';
  const answers: Answer[] = [];
  const sdkClients: Client[] = [];
  /** Where the ledger's HTTP routes and mirror REST answer: the server's own, or the network's. */
  const ledgerOrigin = () => ledger?.origin ?? server.origin;

  /** An API call as a browser makes it; the status is kept, a 503 is tried again after a pause. */
  async function call<T>(
    path: string,
    init: RequestInit = {},
    { retry = true, expected = 200 }: { retry?: boolean; expected?: number } = {},
  ): Promise<T> {
    for (;;) {
      const response = await fetch(`${server.origin}${path}`, init).catch(() => null);
      if (!response) throw new Error(`${path}: the server did not answer (exit ${server.exitCode()})`);
      const body = (await response.json().catch(() => ({}))) as T & { code?: string };
      answers.push({ path: path.split('?')[0]!, status: response.status, code: body.code, expected });
      if (response.status !== 503 || !retry) return body;
      await sleep(100);
    }
  }

  const post = <T>(path: string, body: unknown, cookie: string, expected = 200) =>
    call<T>(
      path,
      { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) },
      { expected },
    );

  /**
   * The wallet pays: over gRPC on a Hedera network (which the outage does not reach); on the embedded
   * ledger it signs once and sends the same bytes until the ledger has them (a retry is a duplicate).
   */
  async function pay(buyer: Buyer, quote: QuoteResponse, tinybars: bigint) {
    const { account, sdk } = buyer;
    if (sdk) {
      const response = await new TransferTransaction()
        .addHbarTransfer(account.accountId, Hbar.fromTinybars((-tinybars).toString()))
        .addHbarTransfer(quote.treasuryAccountId, Hbar.fromTinybars(tinybars.toString()))
        .setTransactionMemo(quote.memo)
        .execute(sdk);
      const receipt = await response.getReceipt(sdk);
      if (receipt.status.toString() !== 'SUCCESS') throw new Error(`the network answered ${receipt.status}`);
      return normaliseTransactionId(response.transactionId.toString())!;
    }
    const transaction = new TransferTransaction()
      .addHbarTransfer(account.accountId, Hbar.fromTinybars((-tinybars).toString()))
      .addHbarTransfer(quote.treasuryAccountId, Hbar.fromTinybars(tinybars.toString()))
      .setTransactionMemo(quote.memo)
      .setTransactionId(TransactionId.generate(account.accountId))
      .setNodeAccountIds([new AccountId(3)])
      .freeze();
    await transaction.sign(account.privateKey);
    const bytes = Buffer.from(transaction.toBytes()).toString('base64');
    for (;;) {
      const { status } = await call<{ status?: string }>('/ledger/transactions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bytes }),
      });
      if (status === 'SUCCESS' || status === 'DUPLICATE_TRANSACTION')
        return normaliseTransactionId(transaction.transactionId!.toString())!;
      if (status !== undefined) throw new Error(`the ledger answered ${status}`);
    }
  }

  async function buy(buyer: Buyer, name: string): Promise<Payment> {
    const quote = await post<QuoteResponse>(
      '/api/orders/quote',
      { kind: 'domains', items: [{ itemName: name, months: 12, isWebProtectionOn: false }] },
      buyer.cookie,
    );
    if (!quote.orderId) throw new Error(`no quote for ${name}: ${JSON.stringify(quote)}`);
    const amount = BigInt(quote.amountTinybars);
    const transactionId = await pay(buyer, quote, buyer.underpays ? amount / 2n : amount);
    // A short payment confirmed from the page is turned down (402) and refunded like any other.
    if (buyer.confirms)
      await post(
        '/api/orders/confirm',
        { orderId: quote.orderId, transactionId },
        buyer.cookie,
        buyer.underpays ? 402 : 200,
      );
    return { name, buyer, transactionId, underpaid: buyer.underpays };
  }

  /** Every page of a local mirror list. */
  async function mirrorList<T>(path: string, key: string): Promise<T[]> {
    const items: T[] = [];
    for (let next: string | null = `/ledger/api/v1${path}`; next;) {
      const page = (await (
        await fetch(`${ledgerOrigin()}${next.replace(/^\/api\/v1/, '/ledger/api/v1')}`)
      ).json()) as {
        links: { next: string | null };
      } & Record<string, T[]>;
      items.push(...page[key]!);
      next = page.links.next;
    }
    return items;
  }

  // A search for a name nobody asked for: no answer kept in memory can stand in for the database.
  let searches = 0;
  const search = () =>
    call<{ code?: string }>(
      `/api/domains/availability?name=outage${(searches += 1)}x${Date.now()}.hbar`,
      {},
      { retry: false },
    );

  /** How long after the database is back the server answers a search again. */
  async function msUntilServing() {
    const started = Date.now();
    for (;;) {
      const response = await fetch(`${server.origin}/api/domains/availability?name=back${Date.now()}.hbar`);
      if (response.status === 200) return Date.now() - started;
      if (Date.now() - started > 10_000) throw new Error('the server did not recover');
      await sleep(20);
    }
  }

  beforeAll(async () => {
    buildServer();
    scratch = await createScratchPostgres(TEST_DATABASE_URL!);
    databaseName = new URL(scratch.url).pathname.slice(1);
    let network: Record<string, string> = {};
    if (mode === 'hedera') {
      ledger = await startLocalLedgerProcess();
      const operator = await new LedgerClient(ledger.origin).openAccount();
      network = hederaModeEnv(ledger, operator);
    }
    server = await startServerProcess({
      ...network,
      DATABASE_URL: scratch.url,
      // Short enough that a request held up by a lock answers within the test's patience.
      DB_CONNECT_TIMEOUT_MS: '500',
      DB_STATEMENT_TIMEOUT_MS: '1000',
      RATE_LIMIT_SEARCH: '1000000',
      RATE_LIMIT_SIGN_IN: '1000000',
      RATE_LIMIT_FAUCET: '1000000',
    });
    client = new LedgerClient(server.origin, { ledgerOrigin: ledgerOrigin() });
  }, 120_000);

  afterAll(async () => {
    await admin(`alter database ${databaseName} allow_connections true`).catch(() => undefined);
    await server?.stop();
    for (const sdk of sdkClients) sdk.close();
    await ledger?.stop();
    await scratch?.drop();
  });

  it(
    'lives, answers 200 or 503, and settles every paid order exactly once',
    async () => {
      const buyers: Buyer[] = [];
      for (const [confirms, underpays] of [
        [true, false],
        [true, false],
        [false, false],
        [false, false],
        [false, true],
        [true, true],
      ] as const) {
        const account = await client.openAccount();
        const sdk = ledger?.clientFor(account.accountId, account.privateKey) ?? null;
        if (sdk) sdkClients.push(sdk);
        buyers.push({ account, sdk, cookie: await client.signIn(account), confirms, underpays });
      }
      // The first purchase makes the .hbar collection; every buyer holds it, so names are delivered at once.
      const run = Date.now().toString(36);
      await client.purchase(buyers[0]!.account, buyers[0]!.cookie, {
        kind: 'domains',
        items: [{ itemName: `storm${run}warm.hbar`, months: 12, isWebProtectionOn: false }],
      });
      // Made by the confirm's jobs, or by the watcher's when it found the payment first.
      for (const started = Date.now(); !tokenId; await sleep(100)) {
        tokenId = (await client.collectionOf(buyers[0]!.cookie, `storm${run}warm.hbar`)) ?? '';
        if (!tokenId && Date.now() - started > 30_000)
          throw new Error('the first purchase made no collection');
      }
      for (const buyer of buyers) await client.associate(buyer.account, tokenId);

      let trafficEnds = false;
      const payments: Payment[] = [];
      const shoppers = buyers.map(async (buyer, index) => {
        // A purchase every quarter second or so each over two storms (slower over more): the faucet's
        // 10,000 HBAR last the whole run.
        for (let count = 0; !trafficEnds; count += 1) {
          payments.push(await buy(buyer, `storm${run}b${index}n${count}.hbar`));
          await sleep(125 * Math.max(2, STORMS));
        }
      });
      const searchers = [0, 1].map(async () => {
        while (!trafficEnds) {
          await search();
          await sleep(20);
        }
      });
      // A client that met no answer at all (the process gone) stops and says so below.
      const stopped: unknown[] = [];
      const traffic = [...shoppers, ...searchers].map((loop) =>
        loop.catch((error: unknown) => void stopped.push(error)),
      );

      await sleep(1500);
      const recoveries: number[] = [];
      for (let storm = 0; storm < STORMS; storm += 1) {
        // Every backend terminated, twelve times in a row…
        for (let round = 0; round < 12; round += 1) {
          await terminateBackends(databaseName);
          await sleep(150);
        }
        // …then the database refusing connections for 3 s: health says so, and the process waits it out.
        await admin(`alter database ${databaseName} allow_connections false`);
        await terminateBackends(databaseName);
        await sleep(1500);
        const health = await fetch(`${server.origin}/healthz`);
        expect(health.status).toBe(503);
        expect(await health.json()).toEqual({
          status: 'down',
          database: { engine: 'postgres', up: false },
          watcher: { lagSeconds: null },
          journal: expect.objectContaining({ phase: 'level' }),
        });
        await sleep(1500);
        await admin(`alter database ${databaseName} allow_connections true`);
        recoveries.push(await msUntilServing());
        await sleep(1500);
      }
      trafficEnds = true;
      await Promise.all(traffic);

      expect(server.exitCode(), server.stderr()).toBeNull();
      expect(stopped).toEqual([]);
      for (const ms of recoveries) expect(ms).toBeLessThan(2000);
      const unexpected = answers.filter(
        (answer) =>
          !(
            answer.status === answer.expected ||
            (answer.status === 503 && OUTAGE_CODES[mode].includes(answer.code!))
          ),
      );
      expect(unexpected).toEqual([]);
      expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
      expect(payments.length).toBeGreaterThanOrEqual(buyers.length);

      // Every full payment's name delivered to its buyer, every short one refunded: as the server lists them…
      const paidInFull = payments.filter((payment) => !payment.underpaid);
      for (const buyer of buyers.filter((each) => !each.underpays)) {
        const mine = paidInFull.filter((payment) => payment.buyer === buyer).map((payment) => payment.name);
        await expect
          .poll(
            async () =>
              (await client.domainsOf(buyer.cookie))
                .filter((domain) => domain.status === DELIVERED_STATUS)
                .map((domain) => domain.itemName),
            { timeout: 60_000, interval: 250 },
          )
          .toEqual(expect.arrayContaining(mine));
      }
      const refundsOf = async (payment: Payment) =>
        (
          await mirrorList<{ memo_base64: string; result: string }>(
            `/transactions?account.id=${payment.buyer.account.accountId}&limit=100`,
            'transactions',
          )
        ).filter(
          (transaction) =>
            transaction.result === 'SUCCESS' &&
            Buffer.from(transaction.memo_base64, 'base64').toString() === `refund ${payment.transactionId}`,
        ).length;
      for (const payment of payments.filter((each) => each.underpaid))
        await expect.poll(() => refundsOf(payment), { timeout: 60_000, interval: 250 }).toBeGreaterThan(0);
      expect(server.exitCode(), server.stderr()).toBeNull();

      // …and on the ledger: one NFT per name paid in full, none for a short one, one refund each, none twice.
      const nfts = await mirrorList<{ metadata: string; account_id: string }>(
        `/tokens/${tokenId}/nfts?limit=100`,
        'nfts',
      );
      const copies = new Map<string, number>();
      for (const nft of nfts) {
        const name = Buffer.from(nft.metadata, 'base64').toString();
        copies.set(name, (copies.get(name) ?? 0) + 1);
      }
      for (const payment of paidInFull) {
        expect(copies.get(payment.name), payment.name).toBe(1);
        expect(await refundsOf(payment), payment.name).toBe(0);
      }
      for (const payment of payments.filter((each) => each.underpaid)) {
        expect(copies.get(payment.name), payment.name).toBeUndefined();
        expect(await refundsOf(payment), payment.name).toBe(1);
      }
      expect(nfts).toHaveLength(paidInFull.length + 1);
      console.info(
        `outage on the ${mode} ledger: ${answers.filter((a) => a.status === a.expected).length} answers as expected, ` +
          `${answers.filter((a) => a.status === 503).length} × 503; ${paidInFull.length} names delivered ` +
          `once, ${payments.length - paidInFull.length} short payments refunded once; back in ${recoveries.join(', ')} ms`,
      );
    },
    120_000 + STORMS * 30_000,
  );

  it('answers quickly while a table is locked: 503 for routes that need it, 200 for health', async () => {
    const locker = new pg.Client({ connectionString: scratch.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table domains in access exclusive mode');
    try {
      const started = Date.now();
      // More requests than the pool has connections.
      const locked = await Promise.all(Array.from({ length: 15 }, () => search()));
      const elapsed = Date.now() - started;
      expect(locked.map((answer) => answer.code)).toEqual(Array(15).fill('DATABASE_UNAVAILABLE'));
      expect(elapsed).toBeLessThan(4000);

      const healthStarted = Date.now();
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
      expect(Date.now() - healthStarted).toBeLessThan(1000);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect(await msUntilServing()).toBeLessThan(1000);
    expect(server.exitCode(), server.stderr()).toBeNull();
  });
}

describe('clients that trickle their request', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp(() => openDatabase({ engine: 'pglite', dataDir: null }), {
      REQUEST_TIMEOUT_MS: '500',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('are cut off once the request timeout passes', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined); // the server hangs up on us mid-write
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: a\r\n'), 100);
    const closed = new Promise<number>((resolve) =>
      socket.once('close', () => {
        clearInterval(trickle);
        resolve(Date.now());
      }),
    );
    const started = Date.now();
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    const closedAt = await Promise.race([closed, sleep(5000).then(() => null)]);
    clearInterval(trickle);
    socket.destroy();
    expect(closedAt).not.toBeNull();
    expect(closedAt! - started).toBeLessThan(2500);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'REQUEST_TIMEOUT',
      message: expect.any(String),
    });
  });
});
