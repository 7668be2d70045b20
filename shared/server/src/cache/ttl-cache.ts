// A small in-process cache for expensive public reads (trending keywords, category counts,
// anonymous list pages). Entries are fresh for `ttlMs`; concurrent misses for one key share one
// load, so a burst of identical requests costs one query. After expiry the old value is served
// while one background reload runs (stale-while-revalidate), so no caller waits on a slow query
// once a key is warm. A TTL of 0 turns caching off.

interface Entry {
  fresh: number;
  /** The last value that loaded successfully, if any. */
  settled?: Promise<unknown>;
  loading?: Promise<unknown>;
}

export class TtlCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    let entry = this.entries.get(key);
    if (entry?.settled && entry.fresh > now) return entry.settled as Promise<T>;
    if (!entry) {
      entry = { fresh: 0 };
      this.entries.set(key, entry);
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    if (!entry.loading) {
      const e = entry;
      const loading = load();
      e.loading = loading;
      loading.then(
        () => {
          e.settled = loading;
          e.fresh = Date.now() + this.ttlMs;
          e.loading = undefined;
        },
        () => {
          e.loading = undefined; // a failed load is never served; the next caller retries
        },
      );
    }
    return (entry.settled ?? entry.loading) as Promise<T>;
  }

  clear(): void {
    this.entries.clear();
  }
}
