import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverDensityRank, float4Value, tsvectorOrder } from './cover-density';
import { firstInOrder, SliceIndex, type SliceRow } from './slice-index';
import { parseTsvector } from './tsvector-text';

// The index's bookkeeping (slots, sorted posting lists, empty slots, compaction) against a plain
// list of the current rows: after thousands of puts, replacements and removals, the same page.

const WORDS = ['kayak', 'paddl', 'rental', 'club', 'boat'];

const rowText = (words: string[]) => words.map((w, i) => `'${w}':${i + 1}${i % 3 === 0 ? 'A' : ''}`).join(' ');

function oracle(rows: Map<number, SliceRow>, lexemes: string[], window: number) {
  const matching = [...rows.values()]
    .map((row) => ({ row, parsed: parseTsvector(row.search) }))
    .filter(({ parsed }) => lexemes.every((l) => parsed.has(l)))
    .sort((a, b) => b.row.createdUs - a.row.createdUs || b.row.id - a.row.id);
  if (matching.length < window) return null;
  return matching
    .slice(0, window)
    .map(({ row, parsed }) => ({
      id: row.id,
      rank: coverDensityRank(tsvectorOrder(lexemes).map((l) => parsed.get(l)!)),
    }))
    .sort((a, b) => b.rank - a.rank || b.id - a.id)
    .map((r) => ({ id: r.id, rank: float4Value(r.rank) }));
}

const SEARCHES = [['kayak'], ['kayak', 'paddl'], ['club', 'boat', 'rental'], ['canoe'], ['canoe', 'kayak']];

/** How many rows hold every word. */
const holding = (rows: Map<number, SliceRow>, lexemes: string[]) =>
  [...rows.values()].filter((row) => lexemes.every((l) => parseTsvector(row.search).has(l))).length;

describe('slice index', () => {
  it('answers as a plain list of its rows after many puts, replacements and removals', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.integer({ min: 1, max: 100 }),
            remove: fc.boolean(),
            createdUs: fc.integer({ min: 0, max: 50 }),
            // 'canoe' is rare: searches of it take the posting lists, common words their bitsets.
            words: fc.array(
              fc.oneof(
                { weight: 30, arbitrary: fc.constantFrom(...WORDS) },
                { weight: 1, arbitrary: fc.constant('canoe') },
              ),
              { minLength: 1, maxLength: 6 },
            ),
          }),
          { minLength: 500, maxLength: 1000 },
        ),
        fc.boolean(),
        (operations, inOrder) => {
          const index = new SliceIndex(10); // compacted many times over
          const rows = new Map<number, SliceRow>();
          // In order: rows arrive newest last, as new ideas do (the index then skips sorting).
          for (const [i, o] of operations.entries()) {
            if (o.remove) {
              index.remove(o.id);
              rows.delete(o.id);
            } else {
              // A tsvector holds each word once, its positions listed together.
              const positions = new Map<string, number[]>();
              o.words.forEach((w, i) => positions.set(w, [...(positions.get(w) ?? []), i + 1]));
              const search = [...positions].map(([w, p]) => `'${w}':${p.join(',')}`).join(' ');
              const row = { id: o.id, createdUs: inOrder ? i : o.createdUs, search };
              index.put(row);
              rows.set(o.id, row);
            }
            // Counted along the way, so bitsets made early must follow every later change.
            if (i % 97 === 0)
              for (const lexemes of SEARCHES) expect(index.matchCount(lexemes)).toBe(holding(rows, lexemes));
          }
          expect(index.size).toBe(rows.size);
          for (const lexemes of SEARCHES) {
            expect(index.matchCount(lexemes)).toBe(holding(rows, lexemes));
            for (const window of [1, 20, 200])
              expect(index.rankedNewest(lexemes, window, { order: 'desc', limit: window, offset: 0 })).toEqual(
                oracle(rows, lexemes, window),
              );
          }
        },
      ),
      { numRuns: 16, seed: 20261127 },
    );
  });

  it('knows nothing of a word no row holds', () => {
    const index = new SliceIndex();
    index.put({ id: 1, createdUs: 1, search: rowText(['kayak']) });
    expect(index.rankedNewest(['canoe'], 1, { order: 'desc', limit: 1, offset: 0 })).toBeNull();
    expect(index.rankedNewest(['kayak'], 1, { order: 'desc', limit: 1, offset: 0 })).toEqual([{ id: 1, rank: 1 }]);
  });
});

describe('firstInOrder', () => {
  it('is the start of a full sort, for any numbers, ties and count wanted', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }),
        fc.nat({ max: 320 }),
        (keys, wanted) => {
          const before = (a: number, b: number) => keys[a]! - keys[b]! || b - a;
          const sorted = keys.map((_, i) => i).sort(before);
          expect(Array.from(firstInOrder(keys.length, wanted, before))).toEqual(sorted.slice(0, wanted));
        },
      ),
    );
  });
});
