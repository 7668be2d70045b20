import { describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('shares one load between concurrent misses and serves it while fresh', async () => {
    const cache = new TtlCache(60_000);
    const load = vi.fn(async () => 42);
    const values = await Promise.all([cache.remember('k', load), cache.remember('k', load), cache.remember('k', load)]);
    expect(values).toEqual([42, 42, 42]);
    expect(await cache.remember('k', load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('serves the stale value while one reload runs, then the new one', async () => {
    vi.useFakeTimers();
    try {
      const cache = new TtlCache(1000);
      let n = 0;
      let release!: () => void;
      const load = vi.fn(async () => {
        n += 1;
        if (n === 2) await new Promise<void>((r) => (release = r));
        return n;
      });
      expect(await cache.remember('k', load)).toBe(1);
      vi.advanceTimersByTime(1001);
      expect(await cache.remember('k', load)).toBe(1); // stale, reload started
      expect(await cache.remember('k', load)).toBe(1); // still stale, no second reload
      expect(load).toHaveBeenCalledTimes(2);
      release();
      await vi.waitFor(async () => expect(await cache.remember('k', load)).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('never caches a failure, and a TTL of 0 turns caching off', async () => {
    const cache = new TtlCache(60_000);
    await expect(cache.remember('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.remember('k', async () => 'up')).toBe('up');
    const off = new TtlCache(0);
    const load = vi.fn(async () => 1);
    await off.remember('k', load);
    await off.remember('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
