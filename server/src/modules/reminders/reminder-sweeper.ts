import { Sweeper } from '../../jobs/sweeper';

/** Every server looks for due reminders on a timer; queuing them twice is harmless (one job per key). */
export class ReminderSweeper extends Sweeper {
  constructor(
    sweep: () => Promise<string[]>,
    runJobs: (keys: string[]) => void,
    log: (line: string) => void,
    clock: () => number = Date.now,
  ) {
    super('expiry reminders', sweep, runJobs, log, clock);
  }
}
