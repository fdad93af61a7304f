/**
 * A value loaded at most once per `maxAgeMs`: callers arriving while it loads share that load, and a
 * failed load is not kept (the next caller tries again). `maxAgeMs` 0 loads on every call.
 */
export function cachedValue<T>(load: () => Promise<T>, maxAgeMs: number, now: () => number = Date.now) {
  let kept: { value: T; at: number } | null = null;
  let loading: Promise<T> | null = null;
  return function read(): Promise<T> {
    if (kept && now() - kept.at < maxAgeMs) return Promise.resolve(kept.value);
    if (loading) return loading;
    const at = now();
    loading = load().then(
      (value) => {
        loading = null;
        if (maxAgeMs > 0) kept = { value, at };
        return value;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
}
