/** Longest pause of a worker's timer while its rounds keep failing (the database or the ledger is down). */
export const MAX_WORKER_PAUSE_MS = 30_000;

/**
 * Guards the rounds of a worker's timer: a failing round is logged and the next rounds wait longer each
 * time (1 s, doubling, up to MAX_WORKER_PAUSE_MS); the guard never rejects, so the timer cannot stop the
 * process, and the first round that works again says so.
 */
export function createRoundGuard(
  worker: string,
  log: (message: string) => void,
  clock: () => number,
  describe: (error: unknown) => string = (error) => (error instanceof Error ? error.message : String(error)),
) {
  let failures = 0;
  let pausedUntil = 0;
  return async function guarded(round: () => Promise<void>): Promise<void> {
    if (clock() < pausedUntil) return;
    try {
      await round();
      if (failures > 0) log(`${worker} resumed after ${failures} failed rounds`);
      failures = 0;
    } catch (error) {
      failures += 1;
      const pauseMs = Math.min(1000 * 2 ** (failures - 1), MAX_WORKER_PAUSE_MS);
      pausedUntil = clock() + pauseMs;
      log(`${worker} round failed (${failures} in a row), next try in ${pauseMs} ms: ${describe(error)}`);
    }
  };
}

/** Runs `round` every `intervalMs` from `start` until `stop`; starting twice keeps one timer. */
export function roundTimer(round: () => Promise<void>) {
  let timer: NodeJS.Timeout | null = null;
  return {
    start(intervalMs: number) {
      timer ??= setInterval(() => void round(), intervalMs);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
