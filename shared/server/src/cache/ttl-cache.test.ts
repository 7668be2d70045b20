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

  it('keeps an answer only from its second ask within the time to live, when told to', async () => {
    vi.useFakeTimers();
    try {
      const cache = new TtlCache(1000, 1000, true);
      let n = 0;
      const load = vi.fn(async () => ++n);
      // Asked once (by three callers at once): one load, shared, not kept.
      expect(
        await Promise.all([cache.remember('k', load), cache.remember('k', load), cache.remember('k', load)]),
      ).toEqual([1, 1, 1]);
      // Asked again within the time to live: loaded and kept from now on.
      expect(await cache.remember('k', load)).toBe(2);
      expect(await cache.remember('k', load)).toBe(2);
      expect(load).toHaveBeenCalledTimes(2);
      // A key asked once, then again only after its time to live, is still a first ask.
      expect(await cache.remember('once', load)).toBe(3);
      vi.advanceTimersByTime(1001);
      expect(await cache.remember('once', load)).toBe(4);
      expect(await cache.remember('once', load)).toBe(5);
      expect(await cache.remember('once', load)).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never serves an entry past its time to live: callers after it wait for the reload', async () => {
    vi.useFakeTimers();
    try {
      const cache = new TtlCache(1000);
      let n = 0;
      const load = vi.fn(async () => ++n);
      expect(await cache.remember('k', load)).toBe(1);
      vi.advanceTimersByTime(999);
      expect(await cache.remember('k', load)).toBe(1);
      vi.advanceTimersByTime(2);
      const [a, b] = await Promise.all([cache.remember('k', load), cache.remember('k', load)]);
      expect([a, b]).toEqual([2, 2]); // one reload, shared
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('peeks at a kept, fresh answer only: never one loading, asked once, or past its time to live', async () => {
    vi.useFakeTimers();
    try {
      const cache = new TtlCache(1000, 1000, true);
      expect(cache.peek('k')).toBeUndefined();
      await cache.remember('k', async () => 1); // asked once: not kept
      expect(cache.peek('k')).toBeUndefined();
      let release!: (v: number) => void;
      const loading = cache.remember('k', () => new Promise<number>((r) => (release = r)));
      expect(cache.peek('k')).toBeUndefined(); // still loading
      release(2);
      await loading;
      expect(cache.peek('k')).toBe(2);
      vi.advanceTimersByTime(1001);
      expect(cache.peek('k')).toBeUndefined();
      await cache.remember('k', async () => 3);
      cache.clear();
      expect(cache.peek('k')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops everything on clear, and does not keep a load that started before it', async () => {
    const cache = new TtlCache(60_000);
    let release!: (v: string) => void;
    const slow = cache.remember('k', () => new Promise<string>((r) => (release = r)));
    cache.clear(); // a change arrives while the old data loads
    release('before the change');
    expect(await slow).toBe('before the change'); // its own callers get it
    expect(await cache.remember('k', async () => 'after the change')).toBe('after the change');
    expect(await cache.remember('k', async () => 'not loaded again')).toBe('after the change');
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
