import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import { isDatabaseUnavailable } from '../db/database-errors';
import { jobs } from '../db/schema';
import { JOB_STATUS, OPEN_JOB_STATUSES } from '../db/statuses';
import { createRoundGuard, MAX_WORKER_PAUSE_MS, roundTimer } from './timer-rounds';

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

/** A job the database failed under runs again this soon, without counting the try. */
const DATABASE_RETRY_MS = 1000;
/** Pause between tries to record a job's outcome while the database is away. */
const OUTCOME_RETRY_MS = 250;
/** Recording an outcome stops trying this long before the job's lease ends: then the lease hands it on. */
const LEASE_MARGIN_MS = 2000;

export function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** What becomes of a claimed job: done, queued again after a delay, or failed for good. */
function jobOutcomes(db: Db) {
  return {
    async complete(ids: number[]) {
      if (ids.length === 0) return;
      await db
        .update(jobs)
        .set({ status: JOB_STATUS.done, lockedUntil: null, lastError: null, updatedAt: new Date() })
        .where(inArray(jobs.id, ids));
    },

    async retry(job: Job, error: string, delayMs: number, countsAsAttempt: boolean) {
      await db
        .update(jobs)
        .set({
          status: JOB_STATUS.queued,
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
        .set({ status: JOB_STATUS.failed, lockedUntil: null, lastError: error, updatedAt: new Date() })
        .where(eq(jobs.id, id));
    },
  };
}

export function createJobQueue(db: Db, { leaseMs = JOB_LEASE_MS }: { leaseMs?: number } = {}) {
  /** Saves running jobs' payloads, several in one statement. */
  async function savePayloads(entries: Array<{ id: number; payload: object }>) {
    if (entries.length === 0) return;
    const values = sql.join(
      entries.map(({ id, payload }) => sql`(${id}::int, ${JSON.stringify(payload)}::jsonb)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${jobs} set payload = saved.payload, updated_at = now()
      from (values ${values}) as saved(id, payload)
      where ${jobs.id} = saved.id and ${jobs.status} = ${JOB_STATUS.running}`);
  }

  return {
    /** Adds a job once per unique key (inside the caller's transaction when given one). */
    async enqueue(kind: string, uniqueKey: string, payload: object, executor: Executor = db) {
      await executor
        .insert(jobs)
        .values({ kind, uniqueKey, payload })
        .onConflictDoNothing({ target: jobs.uniqueKey });
    },

    /** Adds several jobs of one kind in one statement, each once per unique key. */
    async enqueueMany(kind: string, entries: Array<{ uniqueKey: string; payload: object }>) {
      if (entries.length === 0) return;
      await db
        .insert(jobs)
        .values(entries.map(({ uniqueKey, payload }) => ({ kind, uniqueKey, payload })))
        .onConflictDoNothing({ target: jobs.uniqueKey });
    },

    /** Takes the next due jobs, up to `limit`, or ones whose lease ran out (their worker died). */
    async claim(limit = 1): Promise<Job[]> {
      return db
        .update(jobs)
        .set({
          status: JOB_STATUS.running,
          attempts: sql`${jobs.attempts} + 1`,
          lockedUntil: sql`now() + (${leaseMs} || ' milliseconds')::interval`,
          updatedAt: sql`now()`,
        })
        .where(
          inArray(
            jobs.id,
            sql`(
              select ${jobs.id} from ${jobs}
              where (${jobs.status} = ${JOB_STATUS.queued} and ${jobs.runAfter} <= now())
                 or (${jobs.status} = ${JOB_STATUS.running} and ${jobs.lockedUntil} < now())
              order by ${jobs.id}
              for update skip locked
              limit ${limit}
            )`,
          ),
        )
        .returning();
    },

    savePayloads,

    ...jobOutcomes(db),

    /** Whether a job with this unique key was ever queued (done or not). */
    async has(uniqueKey: string): Promise<boolean> {
      const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.uniqueKey, uniqueKey)).limit(1);
      return row !== undefined;
    },

    /** The unique keys of open jobs whose key ends with `suffix` (an order's jobs end with its id). */
    async openKeysEndingWith(suffix: string): Promise<string[]> {
      const open = await db
        .select({ uniqueKey: jobs.uniqueKey })
        .from(jobs)
        .where(and(inArray(jobs.status, OPEN_JOB_STATUSES), like(jobs.uniqueKey, `%${suffix}`)));
      return open.map((job) => job.uniqueKey);
    },

    /**
     * Makes queued jobs of `kind` whose payload's `field` is one of `values` due now (what they waited
     * for happened); answers their unique keys.
     */
    async makeDue(kind: string, field: string, values: number[]): Promise<string[]> {
      if (values.length === 0) return [];
      const due = await db
        .update(jobs)
        .set({ runAfter: new Date() })
        .where(
          and(
            eq(jobs.kind, kind),
            eq(jobs.status, JOB_STATUS.queued),
            inArray(sql`(${jobs.payload}->>${field})::int`, values),
          ),
        )
        .returning({ uniqueKey: jobs.uniqueKey });
      return due.map((job) => job.uniqueKey);
    },

    async pending(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(inArray(jobs.status, OPEN_JOB_STATUSES));
      return row?.count ?? 0;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;

export type JobHandler = (
  job: Job,
  context: { savePayload(payload: object): Promise<void> },
) => Promise<void>;

/**
 * Handles up to `size` due jobs of one kind together (several names in one mint). Answers, per job in
 * the order given, null when it is done or the error it ended with (a RetryLater to wait).
 */
export type BatchJobHandler = {
  size: number;
  run(
    jobs: Job[],
    context: { savePayloads(entries: Array<{ job: Job; payload: object }>): Promise<void> },
  ): Promise<Array<Error | null>>;
};

export const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export const MAX_ATTEMPTS = 12;

export { MAX_WORKER_PAUSE_MS };

/**
 * Runs due jobs in `concurrency` lanes (each claims with row locks, so several workers and servers
 * share the queue; a lane claims up to a batch handler's size at once); `kick()` runs at once (after a
 * payment), the timer catches the rest.
 */
export class JobWorker {
  private readonly timer = roundTimer(() => this.tick());
  private running: Promise<void> | null = null;
  private readonly guard: ReturnType<typeof createRoundGuard>;

  constructor(
    private readonly queue: JobQueue,
    private readonly handlers: Record<string, JobHandler | BatchJobHandler>,
    private readonly log: (message: string) => void = () => undefined,
    private readonly clock: () => number = Date.now,
    private readonly concurrency = 1,
  ) {
    this.guard = createRoundGuard('job worker', log, clock);
  }

  start(intervalMs = 1000) {
    this.timer.start(intervalMs);
  }

  async stop() {
    this.timer.stop();
    await this.running?.catch(() => undefined);
    await this.rerun?.catch(() => undefined);
  }

  /** One timer round: a failing queue (the database is down) backs off, see `createRoundGuard`. */
  tick(): Promise<void> {
    return this.guard(() => this.kick());
  }

  /** Callers waiting for particular jobs (by unique key) to have their turn in this process. */
  private readonly waiters = new Set<{ keys: Set<string>; resolve: () => void }>();

  /**
   * Runs due jobs and resolves once each of `uniqueKeys` has had its turn here (done, failed or put back
   * to wait), or when the run is over (another server may have taken them): a buyer waits for their own
   * jobs, not for everyone's, and not at all without any.
   */
  runUntil(uniqueKeys: string[]): Promise<void> {
    const run = this.kick();
    if (uniqueKeys.length === 0) {
      // Nothing to wait for: the run goes on; if it fails, the timer's next round retries.
      run.catch((error: unknown) =>
        this.log(`job run failed: ${error instanceof Error ? error.message : error}`),
      );
      return Promise.resolve();
    }
    let waiter!: { keys: Set<string>; resolve: () => void };
    const turns = new Promise<void>((resolve) => {
      waiter = { keys: new Set(uniqueKeys), resolve };
      this.waiters.add(waiter);
    });
    return Promise.race([run, turns]).finally(() => this.waiters.delete(waiter));
  }

  private rerun: Promise<void> | null = null;

  /**
   * Runs jobs until none is due. A run under way may have looked for jobs before the caller queued
   * theirs, so callers during a run share one more run after it.
   */
  kick(): Promise<void> {
    if (this.running) {
      this.rerun ??= this.running
        .catch(() => undefined)
        .then(() => {
          this.rerun = null;
          return this.kick();
        });
      return this.rerun;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** As many jobs as the largest batch handler takes are claimed at once. */
  private get claimLimit(): number {
    return Math.max(
      1,
      ...Object.values(this.handlers).map((handler) => (typeof handler === 'function' ? 1 : handler.size)),
    );
  }

  private async drain() {
    const limit = this.claimLimit;
    const lane = async (first: Job[]) => {
      for (let claimed = first; claimed.length > 0; claimed = await this.queue.claim(limit)) {
        await this.runClaimed(claimed);
      }
    };
    // One look first: on an idle queue (nearly every round) the other lanes would find nothing too.
    const first = await this.queue.claim(limit);
    if (first.length === 0) return;
    await Promise.all([
      lane(first),
      ...Array.from({ length: this.concurrency - 1 }, async () => lane(await this.queue.claim(limit))),
    ]);
  }

  private async runClaimed(claimed: Job[]) {
    const byKind = new Map<string, Job[]>();
    for (const job of claimed) byKind.set(job.kind, [...(byKind.get(job.kind) ?? []), job]);
    for (const [kind, group] of byKind) {
      const handler = this.handlers[kind];
      const chunks =
        handler && typeof handler !== 'function'
          ? Array.from({ length: Math.ceil(group.length / handler.size) }, (_unused, index) =>
              group.slice(index * handler.size, (index + 1) * handler.size),
            )
          : group.map((job) => [job]);
      for (const chunk of chunks) {
        try {
          await this.settleWithinLease(chunk, await this.handle(kind, chunk));
        } finally {
          this.releaseWaiters(chunk);
        }
      }
    }
  }

  private releaseWaiters(finished: Job[]) {
    for (const waiter of this.waiters) {
      for (const job of finished) waiter.keys.delete(job.uniqueKey);
      if (waiter.keys.size === 0) waiter.resolve();
    }
  }

  /** Runs one job, or a chunk of a batch handler's kind: per job, null when done or its error. */
  private async handle(kind: string, chunk: Job[]): Promise<Array<Error | null>> {
    const handler = this.handlers[kind];
    if (!handler) return chunk.map(() => new UnknownKind(`no handler for ${kind}`));
    try {
      if (typeof handler === 'function') {
        const [job] = chunk as [Job];
        await handler(job, { savePayload: (payload) => this.queue.savePayloads([{ id: job.id, payload }]) });
        return [null];
      }
      const outcomes = await handler.run(chunk, {
        savePayloads: (entries) =>
          this.queue.savePayloads(entries.map(({ job, payload }) => ({ id: job.id, payload }))),
      });
      return chunk.map((_job, index) => outcomes[index] ?? null);
    } catch (error) {
      return chunk.map(() => asError(error));
    }
  }

  /**
   * Records the outcomes, trying again while the database is away and the jobs are still ours: a job
   * whose outcome could not be written would otherwise wait for its lease to run out (a minute) before
   * anyone ran it again. Past that, the lease hands it to the next worker, as after a crash.
   */
  private async settleWithinLease(chunk: Job[], outcomes: Array<Error | null>) {
    const leaseEnds = Math.min(...chunk.map((job) => job.lockedUntil?.getTime() ?? 0));
    for (;;) {
      try {
        return await this.settle(chunk, outcomes);
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() + OUTCOME_RETRY_MS > leaseEnds - LEASE_MARGIN_MS)
          throw error;
        await new Promise((resolve) => setTimeout(resolve, OUTCOME_RETRY_MS));
      }
    }
  }

  private async settle(chunk: Job[], outcomes: Array<Error | null>) {
    await this.queue.complete(chunk.filter((_job, index) => outcomes[index] === null).map((job) => job.id));
    for (const [index, job] of chunk.entries()) {
      const error = outcomes[index];
      if (!error) continue;
      const message = error.message;
      if (error instanceof UnknownKind) {
        await this.queue.fail(job.id, message);
      } else if (error instanceof RetryLater) {
        await this.queue.retry(job, message, error.delayMs ?? backoffMs(job.attempts), error.countsAsAttempt);
      } else if (isDatabaseUnavailable(error)) {
        // An outage is not the job's failure: it must not use up the job's attempts.
        await this.queue.retry(job, message, DATABASE_RETRY_MS, false);
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

class UnknownKind extends Error {}
