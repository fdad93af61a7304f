import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { jobs } from '../db/schema';
import { engineCases } from '../testing/test-databases';
import { createJobQueue, JobWorker, MAX_WORKER_PAUSE_MS, type Job, type JobQueue } from './job-queue';

/** A queue whose database is down until `up` is set. */
function flakyQueue() {
  const state = { up: false, claims: 0 };
  const queue = {
    claim: async () => {
      state.claims += 1;
      if (!state.up) throw new Error('database "registry" is not currently accepting connections');
      return [];
    },
  } as unknown as JobQueue;
  return { state, queue };
}

describe('job worker', () => {
  it('logs a failing round, backs off up to its maximum pause, and resumes when the database is back', async () => {
    const { state, queue } = flakyQueue();
    const log: string[] = [];
    let now = 0;
    const worker = new JobWorker(
      queue,
      {},
      (line) => log.push(line),
      () => now,
    );

    const pauses: number[] = [];
    for (let round = 0; round < 8; round += 1) {
      const before = state.claims;
      await expect(worker.tick()).resolves.toBeUndefined();
      expect(state.claims).toBe(before + 1);
      // Ticks inside the pause do not touch the database.
      const pause = Number(/next try in (\d+) ms/.exec(log.at(-1)!)![1]);
      pauses.push(pause);
      now += pause - 1;
      await worker.tick();
      expect(state.claims).toBe(before + 1);
      now += 1;
    }
    expect(pauses).toEqual([
      1000,
      2000,
      4000,
      8000,
      16000,
      MAX_WORKER_PAUSE_MS,
      MAX_WORKER_PAUSE_MS,
      MAX_WORKER_PAUSE_MS,
    ]);

    state.up = true;
    await worker.tick();
    expect(log.at(-1)).toMatch(/resumed after 8 failed rounds/);
    const claims = state.claims;
    await worker.tick();
    expect(state.claims).toBe(claims + 1);
  });
});

describe('job worker lanes', () => {
  const dueJob = (id: number) =>
    ({
      id,
      kind: 'mint',
      uniqueKey: `mint:${id}`,
      attempts: 0,
      lockedUntil: new Date(Date.now() + 60_000),
    }) as Job;

  it('looks at an idle queue once a round, whatever the number of its lanes', async () => {
    let claims = 0;
    const queue = {
      claim: async () => {
        claims += 1;
        return [];
      },
    } as unknown as JobQueue;
    const worker = new JobWorker(queue, {}, () => undefined, Date.now, 4);
    await worker.tick();
    await worker.tick();
    expect(claims).toBe(2);
  });

  it('runs due jobs in all its lanes side by side', async () => {
    const due = Array.from({ length: 8 }, (_unused, index) => dueJob(index + 1));
    const completed: number[] = [];
    const queue = {
      claim: async () => due.splice(0, 1),
      complete: async (ids: number[]) => void completed.push(...ids),
    } as unknown as JobQueue;
    let running = 0;
    let mostAtOnce = 0;
    const worker = new JobWorker(
      queue,
      {
        mint: async () => {
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          await new Promise((resolve) => setTimeout(resolve, 20));
          running -= 1;
        },
      },
      () => undefined,
      Date.now,
      4,
    );
    await worker.kick();
    expect(completed.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(mostAtOnce).toBe(4);
  });
});

describe('job worker during a database outage', () => {
  const job = (attempts: number) =>
    ({
      id: 7,
      kind: 'mint',
      uniqueKey: 'mint:7',
      attempts,
      lockedUntil: new Date(Date.now() + 60_000),
    }) as Job;

  it('puts a job the database failed under back soon, without using up its attempts', async () => {
    const retried: Array<{ delayMs: number; countsAsAttempt: boolean }> = [];
    let claims = 0;
    const queue = {
      claim: async () => (claims++ === 0 ? [job(11)] : []),
      complete: async () => undefined,
      retry: async (_job: Job, _error: string, delayMs: number, countsAsAttempt: boolean) =>
        void retried.push({ delayMs, countsAsAttempt }),
      fail: async () => expect.unreachable('an outage must not fail the job for good'),
    } as unknown as JobQueue;
    const worker = new JobWorker(queue, {
      mint: async () => {
        throw Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        });
      },
    });
    await worker.kick();
    expect(retried).toEqual([{ delayMs: 1000, countsAsAttempt: false }]);
  });

  it('records an outcome once the database is back, while the job is still leased to it', async () => {
    let writes = 0;
    let claims = 0;
    const completed: number[][] = [];
    const queue = {
      claim: async () => (claims++ === 0 ? [job(1)] : []),
      complete: async (ids: number[]) => {
        writes += 1;
        if (writes <= 3) throw new Error('Connection terminated unexpectedly');
        completed.push(ids);
      },
    } as unknown as JobQueue;
    const worker = new JobWorker(queue, { mint: async () => undefined });
    await worker.kick();
    expect(writes).toBe(4);
    expect(completed).toEqual([[7]]);
  });
});

describe.each(engineCases)('a buyer waiting for their own jobs on $engine', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  it('is answered when their jobs had their turn, while another buyer’s slow job still runs', async () => {
    const queue = createJobQueue(database.db);
    let releaseSlow!: () => void;
    let slowStarted!: () => void;
    const slowRunning = new Promise<void>((resolve) => {
      slowStarted = resolve;
    });
    const handlers = {
      slow: () =>
        new Promise<void>((resolve) => {
          releaseSlow = resolve;
          slowStarted();
        }),
      quick: async () => undefined,
    };
    const worker = new JobWorker(queue, handlers, () => undefined, Date.now, 2);
    await queue.enqueue('slow', 'slow:other-buyer', {});
    await queue.enqueue('quick', 'quick:this-buyer', {});

    await worker.runUntil(['quick:this-buyer']);
    await slowRunning;
    const states = Object.fromEntries(
      (await database.db.select().from(jobs)).map((job) => [job.uniqueKey, job.status]),
    );
    expect(states).toEqual({ 'slow:other-buyer': 'running', 'quick:this-buyer': 'done' });

    // Keys this process never runs: the answer comes when the run is over.
    let answered = false;
    const waiting = worker.runUntil(['quick:run-elsewhere']).then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    // No keys (an order that queued no job): answered at once while the run goes on.
    await worker.runUntil([]);
    expect(answered).toBe(false);
    releaseSlow();
    await waiting;
    expect((await database.db.select().from(jobs)).every((job) => job.status === 'done')).toBe(true);
  });
});
