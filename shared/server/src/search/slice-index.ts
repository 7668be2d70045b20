import { coverDensityRank, float4Value, tsvectorOrder } from './cover-density';
import { parseTsvector } from './tsvector-text';

// The search slice (migration 0032: the newest public ideas' text) as an inverted index in this
// process's memory. PostgreSQL answers a pair of common words by reading every matching row's
// text (thousands) before ranking; here the same answer costs a posting-list scan and a rank of
// the newest matches, about a millisecond. Rows are added, replaced and removed as the slice
// changes (slice-sync.ts keeps it current).

export interface SliceRow {
  id: number;
  /** created_at in microseconds since 1970, so ties break as in PostgreSQL (by id). */
  createdUs: number;
  /** search::text */
  search: string;
}

interface Doc {
  id: number;
  createdUs: number;
  /** The doc's word numbers, ascending. */
  words: Int32Array;
  /** Where each word's positions start in `positions` (one more entry than words). */
  starts: Int32Array;
  /** Packed positions (position * 4 + weight), word by word. */
  positions: Uint16Array;
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

export class SliceIndex {
  private readonly wordNumbers = new Map<string, number>();
  /** Per word number, the slots of the docs holding it (slots of replaced docs linger until compaction). */
  private postings: number[][] = [];
  private slots: (Doc | undefined)[] = [];
  private readonly slotOfId = new Map<number, number>();

  get size(): number {
    return this.slotOfId.size;
  }

  /** Adds a row, replacing the row of the same id if there is one. */
  put(row: SliceRow): void {
    this.remove(row.id);
    const parsed = parseTsvector(row.search);
    const numbered = [...parsed.entries()]
      .filter(([, positions]) => positions.length > 0)
      .map(([word, positions]) => [this.wordNumber(word), positions] as const)
      .sort((a, b) => a[0] - b[0]);
    const words = new Int32Array(numbered.length);
    const starts = new Int32Array(numbered.length + 1);
    let total = 0;
    numbered.forEach(([word, positions], i) => {
      words[i] = word;
      starts[i] = total;
      total += positions.length;
    });
    starts[numbered.length] = total;
    const positions = new Uint16Array(total);
    numbered.forEach(([, list], i) => positions.set(list, starts[i]!));
    const slot = this.slots.length;
    this.slots.push({ id: row.id, createdUs: row.createdUs, words, starts, positions });
    this.slotOfId.set(row.id, slot);
    for (const word of words) this.postings[word]!.push(slot);
  }

  remove(id: number): void {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return;
    this.slots[slot] = undefined;
    this.slotOfId.delete(id);
    // Replaced and removed docs leave empty slots in the posting lists; past one per live doc the
    // lists are rebuilt so a scan does not wade through them.
    if (this.slots.length > 2 * this.slotOfId.size + 1000) this.compact();
  }

  /**
   * The newest `window` docs holding every word, ranked by ts_rank_cd (ties: the higher id first),
   * the page of them asked for; null when fewer than `window` docs hold them all.
   */
  rankedNewest(lexemes: string[], window: number, page: SlicePage): RankedId[] | null {
    const words = tsvectorOrder(lexemes).map((l) => this.wordNumbers.get(l));
    if (words.length === 0 || words.some((w) => w === undefined)) return window > 0 ? null : [];
    const numbers = words as number[];
    const shortest = numbers.reduce((a, b) => (this.postings[a]!.length <= this.postings[b]!.length ? a : b));
    const matches: Doc[] = [];
    for (const slot of this.postings[shortest]!) {
      const doc = this.slots[slot];
      if (doc && numbers.every((w) => w === shortest || wordIndex(doc, w) >= 0)) matches.push(doc);
    }
    if (matches.length < window) return null;
    matches.sort((a, b) => b.createdUs - a.createdUs || b.id - a.id);
    const ranked = matches.slice(0, window).map((doc) => ({
      id: doc.id,
      rank: coverDensityRank(numbers.map((w) => positionsOf(doc, w))),
    }));
    const sign = page.order === 'asc' ? 1 : -1;
    ranked.sort((a, b) => sign * (a.rank - b.rank) || b.id - a.id);
    // As PostgreSQL prints a real, so a rank reads the same whichever answered.
    return ranked.slice(page.offset, page.offset + page.limit).map((r) => ({ id: r.id, rank: float4Value(r.rank) }));
  }

  private wordNumber(word: string): number {
    let n = this.wordNumbers.get(word);
    if (n === undefined) {
      n = this.postings.length;
      this.wordNumbers.set(word, n);
      this.postings.push([]);
    }
    return n;
  }

  private compact(): void {
    const live = this.slots.filter((d): d is Doc => d !== undefined);
    this.slots = live;
    this.postings = this.postings.map(() => []);
    this.slotOfId.clear();
    live.forEach((doc, slot) => {
      this.slotOfId.set(doc.id, slot);
      for (const word of doc.words) this.postings[word]!.push(slot);
    });
  }
}

/** Where `word` sits in the doc's ascending word numbers, or -1. */
function wordIndex(doc: Doc, word: number): number {
  let lo = 0;
  let hi = doc.words.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const w = doc.words[mid]!;
    if (w === word) return mid;
    if (w < word) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function positionsOf(doc: Doc, word: number): Uint16Array {
  const i = wordIndex(doc, word);
  return i < 0 ? new Uint16Array(0) : doc.positions.subarray(doc.starts[i]!, doc.starts[i + 1]!);
}
