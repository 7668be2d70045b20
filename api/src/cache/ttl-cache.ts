// A small in-process cache for expensive public reads (trending keywords, category counts,
// anonymous list pages). Entries live `ttlMs`; concurrent misses for one key share one load, so
// a burst of identical requests costs one query. A TTL of 0 turns caching off.

interface Entry {
  expires: number;
  value: Promise<unknown>;
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
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed load must not be served from the cache.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
