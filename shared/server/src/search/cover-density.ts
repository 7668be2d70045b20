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
  const words = positionsPerWord.length;
  if (words === 0 || words > MAX_WORDS) return 0;
  // The text's occurrences of query words in position order (then weight, then word), one key each.
  const keys: number[] = [];
  for (let w = 0; w < words; w++) {
    const positions = positionsPerWord[w]!;
    if (positions.length === 0) return 0;
    for (let j = 0; j < positions.length; j++) keys.push(positions[j]! * MAX_WORDS + w);
  }
  keys.sort((a, b) => a - b);
  const seen = new Uint8Array(words);
  let rank = 0;
  let from = 0;
  for (;;) {
    // Upper end of the next cover: the first occurrence at which every word has been seen; then
    // its lower end: back from there until every word has been seen again.
    const end = whereAllSeen(keys, from, keys.length, 1, seen);
    if (end < 0) break;
    const begin = whereAllSeen(keys, end, from - 1, -1, seen);
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

/** Walks keys from `start` toward `stop` (excluded) by `step`; the index where every word has turned up, or -1. */
function whereAllSeen(keys: number[], start: number, stop: number, step: 1 | -1, seen: Uint8Array): number {
  seen.fill(0);
  let count = 0;
  for (let i = start; i !== stop; i += step) {
    const w = keys[i]! % MAX_WORDS;
    if (!seen[w]) {
      seen[w] = 1;
      count += 1;
    }
    if (count === seen.length) return i;
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
