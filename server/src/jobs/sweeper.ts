import { createRoundGuard } from './timer-rounds';

/**
 * Every server looks for due work on a timer and queues it; queuing it twice is harmless (one job per
 * key), so servers need not agree on who sweeps.
 */
export class Sweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly guard: ReturnType<typeof createRoundGuard>;

  constructor(
    label: string,
    private readonly sweep: () => Promise<string[]>,
    /** Runs the queued jobs now rather than at the job worker's next round. */
    private readonly runJobs: (keys: string[]) => void,
    log: (line: string) => void,
    clock: () => number = Date.now,
  ) {
    this.guard = createRoundGuard(label, log, clock);
  }

  start(intervalMs: number) {
    this.timer ??= setInterval(() => void this.round(), intervalMs);
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One sweep (skipped while the last one runs); a failing one waits longer, see `createRoundGuard`. */
  round(): Promise<void> {
    this.running ??= this.guard(async () => {
      const keys = await this.sweep();
      if (keys.length > 0) this.runJobs(keys);
    }).finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
