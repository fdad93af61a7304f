import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import { jobs } from '../db/schema';

export type Job = typeof jobs.$inferSelect;

/** How long a claimed job stays ours; a worker killed mid-job loses it after this and another takes over. */
export const JOB_LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 5 * 60_000;

/** Try again later, e.g. the buyer has not associated the token yet or the ledger is down. */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly delayMs?: number,
    /** Waiting (for an association, for the network) is not a failed attempt. */
    readonly countsAsAttempt = false,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

export function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

export function createJobQueue(db: Db, { leaseMs = JOB_LEASE_MS }: { leaseMs?: number } = {}) {
  return {
    /** Adds a job once per unique key (inside the caller's transaction when given one). */
    async enqueue(kind: string, uniqueKey: string, payload: object, executor: Executor = db) {
      await executor
        .insert(jobs)
        .values({ kind, uniqueKey, payload })
        .onConflictDoNothing({ target: jobs.uniqueKey });
    },

    /** Takes the next due job, or one whose lease ran out (its worker died). */
    async claim(): Promise<Job | null> {
      const claimed = await db
        .update(jobs)
        .set({
          status: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedUntil: sql`now() + (${leaseMs} || ' milliseconds')::interval`,
          updatedAt: sql`now()`,
        })
        .where(
          eq(
            jobs.id,
            sql`(
              select ${jobs.id} from ${jobs}
              where (${jobs.status} = 'queued' and ${jobs.runAfter} <= now())
                 or (${jobs.status} = 'running' and ${jobs.lockedUntil} < now())
              order by ${jobs.id}
              for update skip locked
              limit 1
            )`,
          ),
        )
        .returning();
      return claimed[0] ?? null;
    },

    async savePayload(id: number, payload: object) {
      await db
        .update(jobs)
        .set({ payload, updatedAt: new Date() })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
    },

    async complete(id: number) {
      await db
        .update(jobs)
        .set({ status: 'done', lockedUntil: null, lastError: null, updatedAt: new Date() })
        .where(eq(jobs.id, id));
    },

    async retry(job: Job, error: string, delayMs: number, countsAsAttempt: boolean) {
      await db
        .update(jobs)
        .set({
          status: 'queued',
          lockedUntil: null,
          lastError: error,
          attempts: countsAsAttempt ? job.attempts : job.attempts - 1,
          runAfter: new Date(Date.now() + delayMs),
          updatedAt: new Date(),
        })
        .where(eq(jobs.id, job.id));
    },

    async fail(id: number, error: string) {
      await db
        .update(jobs)
        .set({ status: 'failed', lockedUntil: null, lastError: error, updatedAt: new Date() })
        .where(eq(jobs.id, id));
    },

    async pending(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(sql`${jobs.status} in ('queued', 'running')`);
      return row?.count ?? 0;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;

export type JobHandler = (
  job: Job,
  context: { savePayload(payload: object): Promise<void> },
) => Promise<void>;

export const MAX_ATTEMPTS = 12;

/** Longest pause of the worker's timer while the database keeps failing. */
export const MAX_WORKER_PAUSE_MS = 30_000;

/**
 * Runs due jobs, up to `concurrency` at once (each claimed with a row lock, so several workers and
 * servers share the queue); `kick()` runs at once (after a payment), the timer catches the rest.
 */
export class JobWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private failures = 0;
  private pausedUntil = 0;

  constructor(
    private readonly queue: JobQueue,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: (message: string) => void = () => undefined,
    private readonly clock: () => number = Date.now,
    private readonly concurrency = 1,
  ) {}

  start(intervalMs = 1000) {
    this.timer ??= setInterval(() => void this.tick(), intervalMs);
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /**
   * One timer round: a failing queue (the database is down) is logged and the worker waits longer
   * each time, up to MAX_WORKER_PAUSE_MS; it never rejects, so the timer cannot stop the process.
   */
  async tick(): Promise<void> {
    if (this.clock() < this.pausedUntil) return;
    try {
      await this.kick();
      if (this.failures > 0) this.log(`job worker resumed after ${this.failures} failed rounds`);
      this.failures = 0;
    } catch (error) {
      this.failures += 1;
      const pauseMs = Math.min(1000 * 2 ** (this.failures - 1), MAX_WORKER_PAUSE_MS);
      this.pausedUntil = this.clock() + pauseMs;
      const message = error instanceof Error ? error.message : String(error);
      this.log(`job worker round failed (${this.failures} in a row), next try in ${pauseMs} ms: ${message}`);
    }
  }

  /** Callers waiting for particular jobs (by unique key) to have their turn in this process. */
  private readonly waiters = new Set<{ keys: Set<string>; resolve: () => void }>();

  /**
   * Runs due jobs and resolves once each of `uniqueKeys` has had its turn here (done, failed or put back
   * to wait), or when the run is over (another server may have taken them): a buyer waits for their own
   * jobs, not for everyone's.
   */
  runUntil(uniqueKeys: string[]): Promise<void> {
    const run = this.kick();
    if (uniqueKeys.length === 0) return run;
    let waiter!: { keys: Set<string>; resolve: () => void };
    const turns = new Promise<void>((resolve) => {
      waiter = { keys: new Set(uniqueKeys), resolve };
      this.waiters.add(waiter);
    });
    return Promise.race([run, turns]).finally(() => this.waiters.delete(waiter));
  }

  /** Runs jobs until none is due. Concurrent calls share one run. */
  kick(): Promise<void> {
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain() {
    const lane = async () => {
      for (let job = await this.queue.claim(); job; job = await this.queue.claim()) {
        await this.runOne(job);
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, lane));
  }

  private async runOne(job: Job) {
    try {
      await this.handle(job);
    } finally {
      for (const waiter of this.waiters) {
        waiter.keys.delete(job.uniqueKey);
        if (waiter.keys.size === 0) waiter.resolve();
      }
    }
  }

  private async handle(job: Job) {
    const handler = this.handlers[job.kind];
    if (!handler) return this.queue.fail(job.id, `no handler for ${job.kind}`);
    try {
      await handler(job, { savePayload: (payload) => this.queue.savePayload(job.id, payload) });
      await this.queue.complete(job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RetryLater) {
        await this.queue.retry(job, message, error.delayMs ?? backoffMs(job.attempts), error.countsAsAttempt);
      } else if (job.attempts >= MAX_ATTEMPTS) {
        this.log(`job ${job.kind} ${job.uniqueKey} failed for good: ${message}`);
        await this.queue.fail(job.id, message);
      } else {
        this.log(`job ${job.kind} ${job.uniqueKey} failed (attempt ${job.attempts}): ${message}`);
        await this.queue.retry(job, message, backoffMs(job.attempts), true);
      }
    }
  }
}
