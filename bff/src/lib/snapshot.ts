/**
 * A value shared by every request that may be up to `ttlMs` old: loaded once per period, with
 * concurrent readers waiting on the same load, and dropped at once by `invalidate()` (called by
 * the writers in this process; other instances see a change within `ttlMs`).
 */
export function snapshot<T>(load: () => PromiseLike<T>, ttlMs: number, now: () => number = Date.now) {
  let current: { value: Promise<T>; loadedAt: number; generation: number } | undefined;
  let generation = 0;
  return {
    get(): Promise<T> {
      if (current !== undefined && current.generation === generation && now() - current.loadedAt < ttlMs) {
        return current.value;
      }
      // Promise.resolve: a query builder is a thenable that runs again at every `await`.
      const entry = { value: Promise.resolve(load()), loadedAt: now(), generation };
      current = entry;
      // A failed load is not kept.
      entry.value.catch(() => {
        if (current === entry) current = undefined;
      });
      return entry.value;
    },
    invalidate(): void {
      generation += 1;
      current = undefined;
    },
  };
}
