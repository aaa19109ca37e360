/**
 * Counts failed sign-ins per login and per address over a sliding window.
 * In memory: one server process serves the API (see docs/architecture.md).
 */
export function createLoginLimiter(options: { maxFailures: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();

  const recent = (key: string) => {
    const since = now() - options.windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };

  return {
    /** minutes until the next attempt is allowed, or 0 when allowed now */
    blockedFor(keys: string[]): number {
      let waitMs = 0;
      for (const key of keys) {
        const list = recent(key);
        if (list.length >= options.maxFailures) waitMs = Math.max(waitMs, list[0]! + options.windowMs - now());
      }
      return Math.ceil(waitMs / 60_000);
    },
    fail(keys: string[]) {
      for (const key of keys) failures.set(key, [...recent(key), now()]);
    },
    succeed(key: string) {
      failures.delete(key);
    },
  };
}
