import { coverDensityRankOf, float4Value, tsvectorOrder } from './cover-density';
import { parseTsvector } from './tsvector-text';

// The search slice (migration 0032: the newest public ideas' text) as an inverted index in this
// process's memory. PostgreSQL answers a pair of common words by reading every matching row's
// text (thousands) before ranking; here the same answer is an intersection of two sorted posting
// lists and a rank of the newest matches, a few milliseconds. Rows are added, replaced and
// removed as the slice changes (search-slice.ts keeps it current).
//
// Each row has a slot, numbered in the order rows arrive (the build reads them oldest first), so
// posting lists are sorted by slot and matches come out in age order but for rows replaced since.
// A posting carries the word's positions in its row, so ranking reads the lists, which for the
// newest matches lie side by side at their ends, not the rows. A replaced or removed row's slot
// stays empty, and its postings in the lists, until the lists are compacted.

export interface SliceRow {
  id: number;
  /** created_at in microseconds since 1970, so ties break as in PostgreSQL (by id). */
  createdUs: number;
  /** search::text */
  search: string;
}

export interface RankedId {
  id: number;
  rank: number;
}

export interface SlicePage {
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * One word's postings: posting e is slot `slots[e]`, positions `positions[starts[e]]` up to
 * `positions[starts[e + 1]]`. Typed arrays, grown by doubling (a word in every row holds 50,000
 * postings; numbers in plain arrays took three times the memory).
 */
class Postings {
  count = 0;
  slots = new Int32Array(4);
  starts = new Int32Array(5);
  positions = new Uint16Array(8);

  add(slot: number, positions: ArrayLike<number>): void {
    const used = this.starts[this.count]!;
    if (this.count + 1 > this.slots.length) this.slots = grown(this.slots, this.count + 1);
    if (this.count + 2 > this.starts.length) this.starts = grown(this.starts, this.count + 2);
    if (used + positions.length > this.positions.length)
      this.positions = grown(this.positions, used + positions.length);
    this.slots[this.count] = slot;
    this.positions.set(positions, used);
    this.count += 1;
    this.starts[this.count] = used + positions.length;
  }
}

function grown<T extends Int32Array | Uint16Array>(array: T, needed: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(Math.max(needed, array.length * 2));
  bigger.set(array);
  return bigger;
}

const EMPTY = -1;
/**
 * A word in at least this share of the slots gets a bitset of its slots once searched: a pair of
 * common words is then counted by AND and popcount, and its newest matches found from the top
 * down, instead of walking both posting lists whole (about 270 µs for two seed words in a
 * fifth of 50,000 rows). Rarer words keep to their lists, which are short.
 */
const BITSET_SHARE = 1 / 32;
/** Numbers of matches remembered across searches (8 MB): more searches than run at once in a process. */
const RECENT_NUMBERS = 1_000_000;

export class SliceIndex {
  private readonly wordNumbers = new Map<string, number>();
  private postings: Postings[] = [];
  /** Per slot: the row's id (EMPTY once replaced or removed) and its created_at. */
  private ids: number[] = [];
  private created: number[] = [];
  private readonly slotOfId = new Map<number, number>();
  /** Whether slots run in age order (created_at, then id), as the build and compaction leave them. */
  private inAgeOrder = true;
  /** Matches of the words searched lately (a search asks for the count, then, after a database read, the page). */
  private readonly recentMatches = new Map<string, ReturnType<SliceIndex['matches']>>();
  private recentNumbers = 0;
  /** Scratch for intersecting two lists: an entry per slot, zero between searches. */
  private marks = new Int32Array(0);
  /** Bitsets of the common words searched so far, by word number, kept current as rows come. */
  private readonly bitsOf = new Map<number, Uint32Array>();
  /** Bitset of the slots holding a row. */
  private liveBits: Uint32Array = new Uint32Array(0);

  /** `emptySlack`: empty slots allowed beyond one per row before the lists are compacted. */
  constructor(private readonly emptySlack = 1000) {}

  get size(): number {
    return this.slotOfId.size;
  }

  /** Adds a row, replacing the row of the same id if there is one. */
  put(row: SliceRow): void {
    this.remove(row.id);
    this.forgetMatches();
    const slot = this.ids.length;
    const last = this.lastLiveSlot();
    if (
      last >= 0 &&
      (this.created[last]! > row.createdUs || (this.created[last] === row.createdUs && this.ids[last]! > row.id))
    )
      this.inAgeOrder = false;
    this.ids.push(row.id);
    this.created.push(row.createdUs);
    this.slotOfId.set(row.id, slot);
    this.liveBits = withBit(this.liveBits, slot);
    for (const [word, positions] of parseTsvector(row.search)) {
      if (positions.length === 0) continue;
      const n = this.wordNumber(word);
      this.postings[n]!.add(slot, positions);
      const bits = this.bitsOf.get(n);
      if (bits) this.bitsOf.set(n, withBit(bits, slot));
    }
  }

  remove(id: number): void {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return;
    this.forgetMatches();
    this.ids[slot] = EMPTY;
    this.liveBits[slot >>> 5]! &= ~(1 << (slot & 31));
    this.slotOfId.delete(id);
    // Past one empty slot per row the lists are rebuilt, so a scan does not wade through them.
    if (this.ids.length > 2 * this.slotOfId.size + this.emptySlack) this.compact();
  }

  /** How many rows hold every word. */
  matchCount(lexemes: string[]): number {
    const common = this.commonBits(lexemes);
    if (common) return countBits(common, this.liveBits);
    return this.matches(lexemes)?.live.length ?? 0;
  }

  /** The words' bitsets when every word is common (see BITSET_SHARE), else null. */
  private commonBits(lexemes: string[]): Uint32Array[] | null {
    const numbers = lexemes.map((l) => this.wordNumbers.get(l));
    if (numbers.length === 0 || numbers.some((w) => w === undefined || !this.isCommon(w))) return null;
    return (numbers as number[]).map((w) => this.bitsetOf(w));
  }

  private isCommon(word: number): boolean {
    return this.postings[word]!.count >= this.ids.length * BITSET_SHARE;
  }

  private bitsetOf(word: number): Uint32Array {
    let bits = this.bitsOf.get(word);
    if (!bits) {
      const list = this.postings[word]!;
      bits = new Uint32Array(this.liveBits.length);
      for (let e = 0; e < list.count; e++) bits = withBit(bits, list.slots[e]!);
      this.bitsOf.set(word, bits);
    }
    return bits;
  }

  /**
   * The newest `window` live rows holding every common word (fewer when fewer hold them all),
   * newest first, each with its posting's number in each list (as `matches` gives them); null
   * when a word is not common.
   * Reads the bitsets from the top down and each list back from its end only as far as needed.
   */
  private newestCommon(lexemes: string[], window: number): { lists: Postings[]; found: Int32Array } | null {
    const bits = this.commonBits(lexemes);
    if (!bits) return null;
    // In tsvector order, as ranking reads them; the bitsets are only ANDed, in any order.
    const lists = this.listsOf(lexemes)!;
    const k = lists.length;
    const found = new Int32Array(window * k);
    const at = lists.map((list) => list.count - 1);
    let n = 0;
    for (let i = Math.ceil(this.ids.length / 32) - 1; i >= 0 && n < window; i--) {
      let x = this.liveBits[i]!;
      for (const b of bits) x &= b[i] ?? 0;
      while (x !== 0 && n < window) {
        const bit = 31 - Math.clz32(x);
        x &= ~(1 << bit);
        const slot = i * 32 + bit;
        for (let w = 0; w < k; w++) {
          const slots = lists[w]!.slots;
          let e = at[w]!;
          while (slots[e]! > slot) e--;
          at[w] = e;
          found[n * k + w] = e;
        }
        n++;
      }
    }
    return { lists, found: found.subarray(0, n * k) };
  }

  /**
   * The rows holding every word: their postings in each list (`found`, one number per list for
   * each match, in slot order) and the live ones among them (match numbers, newest slot first).
   * Remembered for the words asked lately, until the rows change.
   */
  private matches(lexemes: string[]): { lists: Postings[]; found: Int32Array; live: Int32Array } | null {
    const key = lexemes.join(' ');
    const remembered = this.recentMatches.get(key);
    if (remembered !== undefined) return remembered;
    const lists = this.listsOf(lexemes);
    let value: { lists: Postings[]; found: Int32Array; live: Int32Array } | null = null;
    if (lists) {
      if (this.marks.length < this.ids.length) this.marks = new Int32Array(this.ids.length * 2);
      const found = intersect(lists, this.marks);
      const k = lists.length;
      const live = new Int32Array(found.length / k);
      let n = 0;
      for (let m = found.length / k - 1; m >= 0; m--)
        if (this.ids[lists[0]!.slots[found[m * k]!]!] !== EMPTY) live[n++] = m;
      value = { lists, found, live: live.subarray(0, n) };
    }
    const size = (v: typeof value) => (v ? v.found.length + v.live.length : 0);
    this.recentNumbers += size(value);
    this.recentMatches.set(key, value);
    for (const [oldKey, old] of this.recentMatches) {
      if (this.recentNumbers <= RECENT_NUMBERS) break;
      this.recentMatches.delete(oldKey);
      this.recentNumbers -= size(old);
    }
    return value;
  }

  /** The words' posting lists in tsvector order, or null when a word is in no row. */
  private listsOf(lexemes: string[]): Postings[] | null {
    const numbers = tsvectorOrder(lexemes).map((l) => this.wordNumbers.get(l));
    if (numbers.length === 0 || numbers.some((w) => w === undefined)) return null;
    return (numbers as number[]).map((w) => this.postings[w]!);
  }

  /**
   * The newest `window` rows holding every word, ranked by ts_rank_cd (ties: the higher id first),
   * the page of them asked for; null when fewer than `window` rows hold them all.
   */
  rankedNewest(lexemes: string[], window: number, page: SlicePage): RankedId[] | null {
    const newest = this.inAgeOrder && window > 0 ? this.newestCommon(lexemes, window) : null;
    const all = newest
      ? { ...newest, live: ascending(newest.found.length / newest.lists.length) }
      : this.matches(lexemes);
    if (!all) return window > 0 ? null : [];
    const { lists, found, live } = all;
    if (live.length < window) return null;
    const { ids, created } = this;
    const k = lists.length;
    const slotAt = (m: number) => lists[0]!.slots[found[m * k]!]!;
    // Newest first: the newest slots, unless a row older than the newest was put since the slots
    // were last put in age order.
    let matches = live;
    if (!this.inAgeOrder)
      matches = live.slice().sort((a, b) => {
        const x = slotAt(a);
        const y = slotAt(b);
        return created[y]! - created[x]! || ids[y]! - ids[x]!;
      });
    const positions = lists.map((list) => list.positions);
    const ranges = new Array<number>(2 * k);
    const n = Math.min(window, matches.length);
    const rankOf = new Float64Array(n);
    const idOf = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const m = matches[i]!;
      for (let w = 0; w < k; w++) {
        const e = found[m * k + w]!;
        ranges[2 * w] = lists[w]!.starts[e]!;
        ranges[2 * w + 1] = lists[w]!.starts[e + 1]!;
      }
      idOf[i] = ids[slotAt(m)]!;
      rankOf[i] = coverDensityRankOf(positions, ranges);
    }
    const sign = page.order === 'asc' ? 1 : -1;
    const before = (a: number, b: number) => sign * (rankOf[a]! - rankOf[b]!) || idOf[b]! - idOf[a]!;
    // As PostgreSQL prints a real, so a rank reads the same whichever answered.
    return Array.from(firstInOrder(n, page.offset + page.limit, before).subarray(page.offset), (i) => ({
      id: idOf[i]!,
      rank: float4Value(rankOf[i]!),
    }));
  }

  private wordNumber(word: string): number {
    let n = this.wordNumbers.get(word);
    if (n === undefined) {
      n = this.postings.length;
      this.wordNumbers.set(word, n);
      this.postings.push(new Postings());
    }
    return n;
  }

  private forgetMatches(): void {
    this.recentMatches.clear();
    this.recentNumbers = 0;
  }

  /** The last slot holding a row, or -1. */
  private lastLiveSlot(): number {
    let slot = this.ids.length - 1;
    while (slot >= 0 && this.ids[slot] === EMPTY) slot -= 1;
    return slot;
  }

  /** Drops empty slots and their postings, numbering the rows' slots afresh in age order. */
  private compact(): void {
    const live = this.ids.flatMap((id, slot) => (id === EMPTY ? [] : [slot]));
    live.sort((a, b) => this.created[a]! - this.created[b]! || this.ids[a]! - this.ids[b]!);
    const newSlot = new Int32Array(this.ids.length).fill(EMPTY);
    const ids: number[] = [];
    const created: number[] = [];
    for (const slot of live) {
      newSlot[slot] = ids.length;
      this.slotOfId.set(this.ids[slot]!, ids.length);
      ids.push(this.ids[slot]!);
      created.push(this.created[slot]!);
    }
    this.postings = this.postings.map((list) => {
      const kept = new Postings();
      // In the new slot order: the postings of each kept slot, sorted by it.
      const entries: number[] = [];
      for (let e = 0; e < list.count; e++) if (newSlot[list.slots[e]!] !== EMPTY) entries.push(e);
      entries.sort((a, b) => newSlot[list.slots[a]!]! - newSlot[list.slots[b]!]!);
      for (const e of entries)
        kept.add(newSlot[list.slots[e]!]!, list.positions.subarray(list.starts[e]!, list.starts[e + 1]!));
      return kept;
    });
    this.ids = ids;
    this.created = created;
    this.inAgeOrder = true;
    this.bitsOf.clear();
    this.liveBits = new Uint32Array(0) as Uint32Array;
    for (let slot = 0; slot < ids.length; slot++) this.liveBits = withBit(this.liveBits, slot);
  }
}

/** 0, 1, ... n - 1. */
function ascending(n: number): Int32Array {
  const numbers = new Int32Array(n);
  for (let i = 0; i < n; i++) numbers[i] = i;
  return numbers;
}

/** `bits` with `slot`'s bit set, grown (doubling) when too short. */
function withBit(bits: Uint32Array, slot: number): Uint32Array {
  const word = slot >>> 5;
  if (word >= bits.length) bits = grown32(bits, word + 1);
  bits[word]! |= 1 << (slot & 31);
  return bits;
}

function grown32(bits: Uint32Array, needed: number): Uint32Array {
  const bigger = new Uint32Array(Math.max(needed, bits.length * 2, 64));
  bigger.set(bits);
  return bigger;
}

/** How many bits are set in all of `sets` and in `live`. */
function countBits(sets: Uint32Array[], live: Uint32Array): number {
  let count = 0;
  for (let i = 0; i < live.length; i++) {
    let x = live[i]!;
    for (const bits of sets) x &= bits[i] ?? 0;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    count += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

/**
 * The first `wanted` of the numbers 0..n-1 in the order `before` gives (negative: a goes first).
 * A page is a few of a thousand ranked matches: kept in a short sorted run that most numbers
 * fail to enter at its last place, rather than sorting all thousand.
 */
export function firstInOrder(n: number, wanted: number, before: (a: number, b: number) => number): Int32Array {
  const size = Math.min(n, wanted);
  const best = new Int32Array(size);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (count === size && (size === 0 || before(i, best[size - 1]!) >= 0)) continue;
    let at = count === size ? size - 1 : count++;
    for (; at > 0 && before(i, best[at - 1]!) < 0; at--) best[at] = best[at - 1]!;
    best[at] = i;
  }
  return best;
}

/**
 * The slots in every list (each ascending by slot), in slot order, as the index of the slot's
 * posting in each list: one number per list for each match, flat. Walks the shortest list and
 * moves along the others.
 */
function intersect(lists: Postings[], marks: Int32Array): Int32Array {
  if (lists.length === 2) return intersectTwo(lists[0]!, lists[1]!, marks);
  const shortest = lists.reduce((a, b, i) => (b.count < lists[a]!.count ? i : a), 0);
  const at = lists.map(() => 0);
  // Typed, so a search's matches are one block outside the heap the collector copies.
  const out = new Int32Array(lists[shortest]!.count * lists.length);
  let n = 0;
  const first = lists[shortest]!;
  outer: for (let e = 0; e < first.count; e++) {
    const slot = first.slots[e]!;
    at[shortest] = e;
    for (let w = 0; w < lists.length; w++) {
      if (w === shortest) continue;
      const { slots, count } = lists[w]!;
      let i = at[w]!;
      while (i < count && slots[i]! < slot) i += 1;
      at[w] = i;
      if (i === count) break outer;
      if (slots[i] !== slot) continue outer;
    }
    for (const i of at) out[n++] = i;
  }
  return out.subarray(0, n);
}

/**
 * intersect() of two lists, the common search. A walk of both in step branches on every posting
 * (about 10 ns each); instead the shorter list marks its slots in `marks` (one entry per slot,
 * all zero between calls) and the longer one looks each of its slots up.
 */
function intersectTwo(first: Postings, second: Postings, marks: Int32Array): Int32Array {
  const swap = first.count > second.count;
  const short = swap ? second : first;
  const long = swap ? first : second;
  for (let e = 0; e < short.count; e++) marks[short.slots[e]!] = e + 1;
  const out = new Int32Array(2 * short.count);
  let n = 0;
  for (let e = 0; e < long.count; e++) {
    const mark = marks[long.slots[e]!]!;
    if (mark === 0) continue;
    out[n++] = swap ? e : mark - 1;
    out[n++] = swap ? mark - 1 : e;
  }
  for (let e = 0; e < short.count; e++) marks[short.slots[e]!] = 0;
  return out.subarray(0, n);
}
