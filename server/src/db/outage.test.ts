import net from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { createScratchPostgres, TEST_DATABASE_URL } from '../testing/test-databases';
import { startTestApp, type TestApp } from '../testing/test-app';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rejections nobody handled while a test ran: each one would have stopped the real server. */
const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => void unhandled.push(reason);
beforeAll(() => void process.on('unhandledRejection', recordUnhandled));
afterAll(() => void process.off('unhandledRejection', recordUnhandled));

async function admin<T extends pg.QueryResultRow>(statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

const terminateBackends = (database: string) =>
  admin(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );

/** Calls `request` back to back until `done` resolves; answers every status seen. */
async function hammer(request: () => Promise<{ statusCode: number; code?: string }>, done: Promise<void>) {
  const seen: { statusCode: number; code?: string }[] = [];
  let finished = false;
  void done.then(() => (finished = true));
  while (!finished) {
    seen.push(await request());
    await sleep(20);
  }
  return seen;
}

describe.runIf(TEST_DATABASE_URL)('the server during a PostgreSQL outage', () => {
  let t: TestApp;
  let databaseName: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await createScratchPostgres(TEST_DATABASE_URL!);
    databaseName = new URL(scratch.url).pathname.slice(1);
    drop = scratch.drop;
    t = await startTestApp(
      () =>
        openDatabase({
          engine: 'postgres',
          url: scratch.url,
          connectTimeoutMs: 500,
          statementTimeoutMs: 1000,
        }),
      { RATE_LIMIT_SEARCH: '1000000' },
    );
    t.app.jobWorker!.start(50);
  });

  afterAll(async () => {
    await admin(`alter database ${databaseName} allow_connections true`).catch(() => undefined);
    await t.close();
    await drop();
  });

  afterEach(() => {
    expect(unhandled).toEqual([]);
  });

  // A search for a name nobody asked for: no answer kept in memory can stand in for the database.
  const search = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/domains/availability?name=${t.uniqueName()}`,
    });
    return { statusCode: response.statusCode, code: (response.json() as { code?: string }).code };
  };

  async function msUntilServing() {
    const started = Date.now();
    while ((await search()).statusCode !== 200) {
      if (Date.now() - started > 10_000) throw new Error('the server did not recover');
      await sleep(20);
    }
    return Date.now() - started;
  }

  it('keeps answering, 200 or 503 DATABASE_UNAVAILABLE, while backends are terminated every 50 ms, then recovers by itself', async () => {
    const storm = (async () => {
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        await terminateBackends(databaseName);
        await sleep(50);
      }
    })();
    const seen = await hammer(search, storm);

    // Whether a request meets a killed backend is a matter of timing (the pool replaces them at once):
    // what must hold is that every answer is one of the two, and none is an error of another kind.
    expect(seen.length).toBeGreaterThan(10);
    for (const answer of seen) {
      expect([200, 503]).toContain(answer.statusCode);
      if (answer.statusCode === 503) expect(answer.code).toBe('DATABASE_UNAVAILABLE');
    }
    expect(await msUntilServing()).toBeLessThan(1000);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('reports the database down while it refuses connections, and serves again when it is back', async () => {
    await admin(`alter database ${databaseName} allow_connections false`);
    await terminateBackends(databaseName);
    try {
      const outageEnds = sleep(3000);
      const seen = await hammer(search, outageEnds);
      expect(seen.length).toBeGreaterThan(3);
      expect(
        seen.filter((answer) => answer.statusCode !== 503 || answer.code !== 'DATABASE_UNAVAILABLE'),
      ).toEqual([]);
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        status: 'down',
        database: { engine: 'postgres', up: false },
        watcher: { lagSeconds: null },
      });
    } finally {
      await admin(`alter database ${databaseName} allow_connections true`);
    }
    expect(await msUntilServing()).toBeLessThan(1000);
  });

  it('answers quickly while a table is locked: 503 for routes that need it, 200 for health', async () => {
    const locker = new pg.Client({
      connectionString: new URL(`/${databaseName}`, TEST_DATABASE_URL).toString(),
    });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table domains in access exclusive mode');
    try {
      const started = Date.now();
      // More requests than the pool has connections.
      const answers = await Promise.all(Array.from({ length: 15 }, () => search()));
      const elapsed = Date.now() - started;
      expect(answers.every((answer) => answer.statusCode === 503)).toBe(true);
      expect(elapsed).toBeLessThan(4000);

      const healthStarted = Date.now();
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(Date.now() - healthStarted).toBeLessThan(1000);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect(await msUntilServing()).toBeLessThan(1000);
  });
});

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
