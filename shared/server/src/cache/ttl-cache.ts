// A small in-process cache for expensive reads (public list pages, trending keywords, category
// counts, dashboard answers). An entry is served for `ttlMs` and never after: an expired key
// loads again and its callers wait for that load. Concurrent misses for one key share one load,
// so a burst of identical requests costs one query. `clear()` (a change somewhere, told through
// PostgreSQL NOTIFY: cache/change-listener.ts) drops every entry, and a load that started before
// it is handed to its callers but not kept, so nothing older than the change is served after it.
// A TTL of 0 turns caching off.
//
// With `keepFromSecondAsk`, an answer is kept only for a key asked before within its time to
// live: a page nobody asked for twice (the long tail of filters, pages and words) costs no
// memory, and keeping thousands of one-off answers made the collector copy and promote them.

interface Entry {
  fresh: number;
  value?: Promise<unknown>;
  /** What `value` resolved to, for a caller that should not wait a tick (peek). */
  settled?: unknown;
  loading?: Promise<unknown>;
}

/** Whether an entry holds an answer that may still be served. */
const isKept = (entry: Entry | undefined, now: number): entry is Entry & { value: Promise<unknown> } =>
  entry?.value !== undefined && entry.fresh > now;

export class TtlCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by clear(): a load from an earlier generation is not kept. */
  private generation = 0;

  /** Keys asked once, not kept yet (with keepFromSecondAsk): when each was asked. */
  private readonly askedOnce = new Map<string, number>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly keepFromSecondAsk = false,
  ) {}

  remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    let entry = this.entries.get(key);
    if (isKept(entry, now)) return entry.value as Promise<T>;
    if (entry?.loading) return entry.loading as Promise<T>;
    const keep = !this.keepFromSecondAsk || entry !== undefined || this.askedBefore(key, now);
    if (!entry) {
      entry = { fresh: 0 };
      this.entries.set(key, entry);
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    const e = entry;
    const generation = this.generation;
    const loading = load();
    e.loading = loading;
    e.value = undefined; // expired: never served again
    e.settled = undefined;
    loading.then(
      (answer) => {
        e.loading = undefined;
        if (!keep) {
          // Asked once: its concurrent callers shared the load; the answer is not kept.
          if (this.entries.get(key) === e) this.entries.delete(key);
          return;
        }
        if (generation !== this.generation) return; // a change came while it loaded
        e.value = loading;
        e.settled = answer;
        e.fresh = Date.now() + this.ttlMs;
      },
      () => {
        e.loading = undefined; // a failed load is never served; the next caller retries
      },
    );
    return loading;
  }

  /**
   * The kept answer for `key` while it is fresh, itself rather than a promise (every kept answer
   * has arrived), so a caller can answer without waiting a tick; undefined when it would load.
   */
  peek(key: string): unknown {
    const entry = this.entries.get(key);
    return isKept(entry, Date.now()) ? entry.settled : undefined;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Whether `key` was asked within the time to live; remembers this ask otherwise. */
  private askedBefore(key: string, now: number): boolean {
    const at = this.askedOnce.get(key);
    if (at !== undefined && now - at < this.ttlMs) {
      this.askedOnce.delete(key);
      return true;
    }
    this.askedOnce.delete(key);
    this.askedOnce.set(key, now);
    // Ten keys remembered for each answer kept, the oldest forgotten first.
    if (this.askedOnce.size > this.maxEntries * 10) this.askedOnce.delete(this.askedOnce.keys().next().value!);
    return false;
  }
}
