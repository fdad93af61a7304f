import { createRoundGuard } from '../../jobs/timer-rounds';

/** Every server looks for due reminders on a timer; queuing them twice is harmless (one job per key). */
export class ReminderSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly guard: ReturnType<typeof createRoundGuard>;

  constructor(
    private readonly sweep: () => Promise<string[]>,
    /** Runs the queued jobs now rather than at the job worker's next round. */
    private readonly runJobs: (keys: string[]) => void,
    log: (line: string) => void,
    clock: () => number = Date.now,
  ) {
    this.guard = createRoundGuard('expiry reminders', log, clock);
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
