/** Waits up to `timeoutMs` for `found()` to be true, checking every 100 ms. */
export function waitFor(found: () => boolean, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (found()) return resolve(true);
    const started = Date.now();
    const timer = setInterval(() => {
      if (found()) {
        clearInterval(timer);
        resolve(true);
      } else if (Date.now() - started >= timeoutMs) {
        clearInterval(timer);
        resolve(false);
      }
    }, 100);
  });
}
