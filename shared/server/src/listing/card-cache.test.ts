import { describe, expect, it } from 'vitest';
import { CardCache } from './card-cache';

// The card cache's bookkeeping: least recently used out past its budget, changed ideas dropped,
// and no card kept that was read before a read of changes.

const card = (id: number, length = 100) => ({ id, card: `{"id":${id}}`.padEnd(length, ' ') });

/** Reads cards twice, so they are kept even when the cache is full. */
function keepRead(cache: CardCache, cards: { id: number; card: string }[], generation = cache.generation) {
  cache.keep(cards, generation);
  cache.keep(cards, generation);
}

describe('card cache', () => {
  it('keeps every card while it has room, and once full a card from its second read', () => {
    const cache = new CardCache(2 * 180);
    cache.keep([card(7), card(8)], cache.generation);
    expect(cache.size).toBe(2);
    cache.keep([card(1)], cache.generation);
    expect(cache.get(1)).toBeUndefined();
    cache.keep([card(1)], cache.generation);
    expect(cache.get(1)).toBeDefined();
    expect(cache.size).toBe(2);
    // The memory of cards read once is cleared past 10,000 of them (twice what the cache holds, at least).
    cache.keep([card(2)], cache.generation);
    cache.keep(
      Array.from({ length: 10_000 }, (_, i) => card(100 + i)),
      cache.generation,
    );
    cache.keep([card(2)], cache.generation);
    expect(cache.get(2)).toBeUndefined();
  });

  it('drops the least recently used cards past its budget in bytes', () => {
    // Room for three cards of 100 characters and their overhead of 80 bytes each.
    const cache = new CardCache(3 * 180);
    keepRead(cache, [card(1), card(2), card(3)]);
    expect(cache.get(1)).toBeDefined();
    keepRead(cache, [card(4)]);
    expect(cache.size).toBe(3);
    expect(cache.get(2)).toBeUndefined();
    expect([1, 3, 4].map((id) => cache.get(id) !== undefined)).toEqual([true, true, true]);
    // Keeping an idea again replaces its card and counts it once.
    keepRead(cache, [card(4, 150)]);
    expect(cache.get(4)!.length).toBe(150);
    expect(cache.size).toBe(2);
  });

  it('forgets changed ideas and keeps nothing read before a read of changes', () => {
    const cache = new CardCache(1 << 20);
    keepRead(cache, [card(1), card(2)]);
    const before = cache.generation;
    cache.forget([1]);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)).toBeDefined();
    keepRead(cache, [card(1)], before);
    expect(cache.get(1)).toBeUndefined();
    keepRead(cache, [card(1)]);
    expect(cache.get(1)).toBeDefined();
    const beforeClear = cache.generation;
    cache.clear();
    expect(cache.size).toBe(0);
    keepRead(cache, [card(5)], beforeClear);
    expect(cache.size).toBe(0);
  });

  it('holds nothing with a budget of 0', () => {
    const cache = new CardCache(0);
    keepRead(cache, [card(1)]);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.enabled).toBe(false);
  });
});
