import { positionOf, weightOf, type PackedPosition } from './tsvector-text';

// ts_rank_cd(search, query) with its default weights and no normalisation, for a query that ANDs
// plain lexemes, computed as PostgreSQL does (tsrank.c, calc_rank_cd) so the in-memory index ranks
// a search exactly as the database would: covers are the shortest stretches of the text holding
// every query word; each adds its word count over the summed inverse weights of its words, divided
// by one plus the other words inside it.

/** PostgreSQL's default weights for D, C, B, A, as the float4 values it keeps them in. */
const INVERSE_WEIGHTS = [0.1, 0.2, 0.4, 1.0].map((w) => 1 / Math.fround(w));

/** Distinct query words are numbered below this (a key packs position, weight and word). */
const MAX_WORDS = 64;

/**
 * The rank of a text for an AND of distinct words, given each word's packed positions in the
 * text (in the order PostgreSQL stores the words in a tsvector: see `tsvectorOrder`). A word
 * missing from the text leaves the rank 0.
 */
export function coverDensityRank(positionsPerWord: ArrayLike<PackedPosition>[]): number {
  return coverDensityRankOf(
    positionsPerWord,
    positionsPerWord.flatMap((positions) => [0, positions.length]),
  );
}

/** Sorted occurrence keys, reused from call to call (ranking runs a thousand times a search). */
let keys = new Int32Array(256);
const seen = new Uint8Array(MAX_WORDS);

/**
 * `coverDensityRank` without copying positions out of the index: word w's positions are
 * `positions[w][ranges[2w]]` up to `positions[w][ranges[2w + 1]]`.
 */
export function coverDensityRankOf(positions: ArrayLike<PackedPosition>[], ranges: ArrayLike<number>): number {
  const words = ranges.length / 2;
  if (words === 0 || words > MAX_WORDS) return 0;
  let total = 0;
  for (let w = 0; w < words; w++) {
    const count = ranges[2 * w + 1]! - ranges[2 * w]!;
    if (count === 0) return 0;
    total += count;
  }
  if (keys.length < total) keys = new Int32Array(total * 2);
  // The text's occurrences of query words in position order (then weight, then word), one key
  // each; an insertion sort for the usual few, the typed array's own sort past that.
  let n = 0;
  for (let w = 0; w < words; w++)
    for (let j = ranges[2 * w]!; j < ranges[2 * w + 1]!; j++) keys[n++] = positions[w]![j]! * MAX_WORDS + w;
  if (n > 32) keys.subarray(0, n).sort();
  else
    for (let i = 1; i < n; i++) {
      const key = keys[i]!;
      let k = i;
      for (; k > 0 && keys[k - 1]! > key; k--) keys[k] = keys[k - 1]!;
      keys[k] = key;
    }
  let rank = 0;
  let from = 0;
  for (;;) {
    // Upper end of the next cover: the first occurrence at which every word has been seen; then
    // its lower end: back from there until every word has been seen again.
    const end = whereAllSeen(from, n, 1, words);
    if (end < 0) break;
    const begin = whereAllSeen(end, from - 1, -1, words);
    let inverseSum = 0;
    for (let i = begin; i <= end; i++) inverseSum += INVERSE_WEIGHTS[weightOf(Math.floor(keys[i]! / MAX_WORDS))]!;
    const density = (end - begin + 1) / inverseSum;
    const p = positionOf(Math.floor(keys[begin]! / MAX_WORDS));
    const q = positionOf(Math.floor(keys[end]! / MAX_WORDS));
    // Past the last position PostgreSQL records (16383) words share it; it then counts half the
    // cover's occurrences as noise.
    let noise = q - p - (end - begin);
    if (noise < 0) noise = Math.floor((end - begin) / 2);
    rank += density / (1 + noise);
    from = begin + 1;
  }
  return Math.fround(rank);
}

/** Walks the keys from `start` toward `stop` (excluded) by `step`; where every word has turned up, or -1. */
function whereAllSeen(start: number, stop: number, step: 1 | -1, words: number): number {
  seen.fill(0, 0, words);
  let count = 0;
  for (let i = start; i !== stop; i += step) {
    const w = keys[i]! % MAX_WORDS;
    if (!seen[w]) {
      seen[w] = 1;
      count += 1;
    }
    if (count === words) return i;
  }
  return -1;
}

/** Words in the order a tsvector stores its lexemes: by their bytes, a shorter prefix first. */
export function tsvectorOrder(words: string[]): string[] {
  return [...words].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

/** A float4 printed as PostgreSQL prints it (the shortest decimal that reads back the same). */
export function float4Value(x: number): number {
  for (let digits = 1; digits < 9; digits++) {
    const shorter = Number(x.toPrecision(digits));
    if (Math.fround(shorter) === x) return shorter;
  }
  return Number(x.toPrecision(9));
}
