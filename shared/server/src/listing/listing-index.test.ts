import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ListingIndex,
  TITLE_SPACING,
  MEMORY_SORTS,
  type ListedIdea,
  type ListingFilter,
  type MemorySort,
} from './listing-index';

// The index's bookkeeping (slots, sorted arrays per list and sort, the ascending view read
// backwards, counters) against a plain list of the current ideas sorted as PostgreSQL sorts the
// listing: after many puts, replacements and removals, one by one and merged in batches, every
// filter x sort x order gives the same pages, by offset and after a cursor, and the same total.

const CATEGORIES = ['saas', 'fintech', 'health'];
const LABELS = ['Very High', 'High', 'Low', null];

const idea: fc.Arbitrary<ListedIdea> = fc.record({
  id: fc.integer({ min: 1, max: 60 }),
  categories: fc.subarray(CATEGORIES),
  label: fc.constantFrom(...LABELS),
  community: fc.boolean(),
  // Few distinct keys, so ties for id to break are common.
  // Spread past the counting sort's range, so created_at sorts by comparison as in real data.
  createdUs: fc.integer({ min: 0, max: 8 }).map((n) => 1_700_000_000_000_000 + n * 1_000_000_000),
  profit: fc.option(fc.integer({ min: 0, max: 4 }).map((n) => n * 250)),
  overall: fc.option(fc.integer({ min: 0, max: 3 }).map((n) => n * 125)),
  votes: fc.integer({ min: -2, max: 2 }),
  // Wide and fractional, as title keys numbered between neighbours are.
  titleKey: fc.option(fc.integer({ min: 0, max: 6 }).map((n) => n * 1_048_576 + (n % 2) * 0.5)),
  titleHash: fc.integer({ min: -5, max: 5 }),
});

const change = fc.oneof(
  { weight: 3, arbitrary: idea.map((i) => ({ put: i })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 60 }).map((id) => ({ remove: id })) },
);

const filter: fc.Arbitrary<ListingFilter> = fc.record({
  category: fc.option(fc.constantFrom(...CATEGORIES, 'unknown'), { nil: undefined }),
  // One label, a label and those above it, or a label no idea has.
  labels: fc.option(fc.subarray(['Very High', 'High', 'Low', 'Medium']), { nil: undefined }),
  kind: fc.constantFrom('all' as const, 'community' as const, 'crawled' as const),
});

const keyOf = (i: ListedIdea, sort: MemorySort): number | null =>
  ({
    created_at: i.createdUs,
    profit_score: i.profit,
    vote_score: i.votes,
    overall_score: i.overall,
    title: i.titleKey,
  })[sort];

/** ORDER BY key <order> NULLS LAST, id <order>: negative when a comes first. */
function compare(sort: MemorySort, order: 'asc' | 'desc', a: ListedIdea, b: ListedIdea): number {
  const ka = keyOf(a, sort);
  const kb = keyOf(b, sort);
  if ((ka === null) !== (kb === null)) return ka === null ? 1 : -1;
  const sign = order === 'asc' ? 1 : -1;
  if (ka !== kb) return sign * (ka! - kb!);
  return sign * (a.id - b.id);
}

function oracle(ideas: Map<number, ListedIdea>, f: ListingFilter, sort: MemorySort, order: 'asc' | 'desc') {
  return [...ideas.values()]
    .filter(
      (i) =>
        (!f.category || i.categories.includes(f.category)) &&
        (f.labels === undefined || (i.label !== null && f.labels.includes(i.label))) &&
        (f.kind === 'all' || i.community === (f.kind === 'community')),
    )
    .sort((a, b) => compare(sort, order, a, b));
}

describe('listing index', () => {
  it('pages and counts as a sorted list of its ideas after puts, replacements and removals', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(change, { maxLength: 30 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 3 }),
        fc.array(
          fc.record({
            filter,
            sort: fc.constantFrom(...MEMORY_SORTS),
            order: fc.constantFrom('asc' as const, 'desc' as const),
            offset: fc.nat(30),
            limit: fc.integer({ min: 1, max: 70 }),
            cursorAt: fc.nat(40),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (batches, spliceLimit, blockBits, reads) => {
          // A splice limit of 0 merges every batch; above a batch's size it splices each change.
          // Blocks of 1 to 8 slots, so deep pages skip blocks by their counts.
          const index = new ListingIndex(spliceLimit, blockBits);
          const ideas = new Map<number, ListedIdea>();
          for (const batch of batches) {
            const puts: ListedIdea[] = [];
            const removed: number[] = [];
            // One batch holds an id once, as a read of changes does.
            const seen = new Set<number>();
            for (const c of batch) {
              const id = 'put' in c ? c.put.id : c.remove;
              if (seen.has(id)) continue;
              seen.add(id);
              if ('put' in c) {
                puts.push(c.put);
                ideas.set(id, c.put);
              } else {
                removed.push(id);
                ideas.delete(id);
              }
            }
            index.apply(puts, removed);
            // Read after every batch: what a read remembers (block counts) must follow the changes.
            expect(index.size).toBe(ideas.size);
            for (const i of ideas.values())
              for (const sort of MEMORY_SORTS) expect(index.keyOf(i.id, sort)).toBe(keyOf(i, sort));
            for (const id of removed) expect(index.keyOf(id, 'created_at')).toBeUndefined();
            for (const r of reads) {
              const expected = oracle(ideas, r.filter, r.sort, r.order);
              const label = JSON.stringify(r);
              expect(index.count(r.filter), label).toBe(expected.length);
              expect(index.page(r.filter, r.sort, r.order, { offset: r.offset }, r.limit), label).toEqual(
                expected.slice(r.offset, r.offset + r.limit).map((i) => i.id),
              );
              // After a cursor: any idea's (key, id), listed in this filter or not.
              const all = [...ideas.values()];
              if (!all.length) continue;
              const at = all[r.cursorAt % all.length]!;
              const after = expected.filter((i) => compare(r.sort, r.order, i, at) > 0);
              expect(
                index.page(r.filter, r.sort, r.order, { after: { key: keyOf(at, r.sort), id: at.id } }, r.limit),
                `${label} after ${at.id}`,
              ).toEqual(after.slice(0, r.limit).map((i) => i.id));
            }
          }
        },
      ),
      { numRuns: 300, seed: 20261127 },
    );
  });

  it('builds by appending and settling once, as by putting one by one', () => {
    const ideas: ListedIdea[] = Array.from({ length: 500 }, (_, n) => ({
      id: n + 1,
      categories: CATEGORIES.filter((_, c) => (n >> c) & 1),
      label: LABELS[n % LABELS.length]!,
      community: n % 7 === 0,
      createdUs: 1_700_000_000_000_000 + ((n * 37) % 101),
      profit: n % 5 ? (n * 13) % 1000 : null,
      overall: n % 3 ? (n * 7) % 500 : null,
      votes: (n % 11) - 5,
      titleKey: ((n * 61) % 499) * 1_048_576,
      titleHash: n,
    }));
    const appended = new ListingIndex();
    for (const i of ideas) appended.append(i);
    appended.settle();
    const put = new ListingIndex();
    for (const i of ideas) put.put(i);
    for (const sort of MEMORY_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        for (const category of [undefined, 'fintech']) {
          const f: ListingFilter = { category, kind: 'all' };
          expect(appended.page(f, sort, order, { offset: 0 }, 1000)).toEqual(
            put.page(f, sort, order, { offset: 0 }, 1000),
          );
        }
      }
    }
    expect(() => appended.append(ideas[0]!)).toThrow(/already/);
  });

  it('places titles: renumbers keys in order, moves a title to its new key, and tells neighbours apart', () => {
    const index = new ListingIndex();
    const ideas: ListedIdea[] = Array.from({ length: 40 }, (_, n) => ({
      id: n + 1,
      categories: n % 2 ? ['saas'] : [],
      label: null,
      community: false,
      createdUs: 1_700_000_000_000_000 + n,
      profit: null,
      overall: null,
      votes: 0,
      // Crowded keys, as after many titles numbered into one gap; ideas 39 and 40 wait for a place.
      titleKey: n >= 38 ? null : 1 + ((n * 7) % 38) * 2 ** -40,
      titleHash: n,
    }));
    index.apply(ideas);
    const before = index.page({ kind: 'all' }, 'title', 'asc', { offset: 0 }, 100);
    // Placed titles first, then those without a place (in the gaps).
    expect(before.slice(38).sort()).toEqual([39, 40]);
    const placed = before.slice(0, 38);
    expect(index.adjacentInTitleOrder(placed[4]!, placed[5]!)).toBe(true);
    expect(index.adjacentInTitleOrder(placed[4]!, placed[6]!)).toBe(false);
    expect(index.adjacentInTitleOrder(null, placed[0]!)).toBe(true);
    expect(index.adjacentInTitleOrder(placed[37]!, null)).toBe(true);
    expect(index.adjacentInTitleOrder(placed[36]!, null)).toBe(false);
    // An idea without a place is no neighbour.
    expect(index.adjacentInTitleOrder(placed[37]!, 39)).toBe(false);

    index.renumberTitles();
    expect(index.titleOf(placed[7]!)).toEqual({ key: 8 * TITLE_SPACING, hash: placed[7]! - 1 });
    expect(index.titleOf(39)).toEqual({ key: null, hash: 38 });
    expect(index.page({ kind: 'all' }, 'title', 'asc', { offset: 0 }, 100)).toEqual(before);

    // Placed between the third and fourth titles, and at the very start.
    index.setTitleKeys(
      new Map([
        [40, 3.5 * TITLE_SPACING],
        [39, 0.5 * TITLE_SPACING],
      ]),
    );
    const after = [39, ...placed.slice(0, 3), 40, ...placed.slice(3)];
    expect(index.page({ kind: 'all' }, 'title', 'asc', { offset: 0 }, 100)).toEqual(after);
    expect(index.page({ category: 'saas', kind: 'all' }, 'title', 'desc', { offset: 0 }, 100)).toEqual(
      // Ideas of even ids are in saas.
      after.filter((id) => id % 2 === 0).reverse(),
    );
    expect(index.titleOf(12345)).toBeUndefined();
  });

  it('places many titles at once by merging, as one by one', () => {
    const make = (spliceLimit: number) => {
      const index = new ListingIndex(spliceLimit);
      index.apply(
        Array.from({ length: 300 }, (_, n) => ({
          id: n + 1,
          categories: n % 3 ? ['saas'] : ['crm'],
          label: null,
          community: false,
          createdUs: n,
          profit: null,
          overall: null,
          votes: 0,
          titleKey: n % 4 ? ((n * 37) % 300) * TITLE_SPACING : null,
          titleHash: n,
        })),
      );
      const keys = new Map<number, number>();
      for (let n = 0; n < 300; n += 4) keys.set(n + 1, ((n * 53) % 300) * TITLE_SPACING + 0.25 * TITLE_SPACING);
      index.setTitleKeys(keys);
      return (category?: string) => index.page({ category, kind: 'all' }, 'title', 'asc', { offset: 0 }, 1000);
    };
    const merged = make(64);
    const spliced = make(1_000);
    for (const category of [undefined, 'saas', 'crm']) expect(merged(category)).toEqual(spliced(category));
    expect(merged().length).toBe(300);
  });
});
