import { sql } from 'kysely';
import type { Db } from '../db/database';
import { TITLE_SPACING } from './listing-index';

// The in-memory list sorts titles by number (listing-index.ts): titles compare in the database's
// collation, which this process cannot repeat, so PostgreSQL says where each title goes. At build
// each idea's key is its place in PostgreSQL's order of titles (then ids) times TITLE_SPACING,
// read in the build's snapshot. A new or retitled idea waits without a key while visitors' title
// pages go to PostgreSQL; in the background its neighbours in that order are read
// (`neighboursOf`), and it is numbered between their keys once the copy is seen to agree with
// what was read (listing-copy.ts). Nothing here stands between a read of changes and a visitor.

/** Ids read per round trip of the whole order. */
const ORDER_BATCH = 50_000;

/** Listed ideas' title keys by id, numbered afresh from PostgreSQL's order. */
export class TitleOrder {
  constructor(private readonly keys: Float64Array) {}

  keyOf(id: number): number | undefined {
    const key = id < this.keys.length ? this.keys[id]! : Number.NaN;
    return Number.isNaN(key) ? undefined : key;
  }
}

/** Every listed idea's title key, from PostgreSQL's order of titles in `trx`'s snapshot. */
export async function readTitleOrder(trx: Db): Promise<TitleOrder> {
  let keys = new Float64Array(1024).fill(Number.NaN);
  let place = 0;
  await sql`DECLARE title_order NO SCROLL CURSOR FOR
    SELECT id FROM public_listing WHERE category = '*' ORDER BY title, id`.execute(trx);
  for (;;) {
    const { rows } = await sql<{ id: number }>`FETCH ${sql.raw(String(ORDER_BATCH))} FROM title_order`.execute(trx);
    for (const { id } of rows) {
      if (id >= keys.length) {
        const bigger = new Float64Array(Math.max(id + 1, keys.length * 2)).fill(Number.NaN);
        bigger.set(keys);
        keys = bigger;
      }
      keys[id] = ++place * TITLE_SPACING;
    }
    if (rows.length < ORDER_BATCH) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await sql`CLOSE title_order`.execute(trx);
  return new TitleOrder(keys);
}

/** A placed neighbour as read: its id and the hashtext of its title, to check the copy holds it. */
export interface PlacedTitle {
  id: number;
  hash: number;
}

/**
 * Titles waiting for their keys that PostgreSQL's order puts side by side, in that order, and
 * their nearest placed neighbours (null at either end of the order): the run is numbered between
 * the two neighbours' keys.
 */
export interface TitleRun {
  titles: PlacedTitle[];
  before: PlacedTitle | null;
  after: PlacedTitle | null;
}

interface Adjacent {
  id: number;
  hash: number;
  before: number | null;
  before_hash: number | null;
  after: number | null;
  after_hash: number | null;
}

/**
 * For each listed idea of `waiting`, in PostgreSQL's order of titles (then ids), its nearest
 * neighbours there that are not waiting. One statement, one snapshot: each waiting idea's
 * immediate neighbours by two index probes, then runs of waiting ideas side by side are joined
 * here and share their outer neighbours (a probe that skipped the waiting ideas would walk the
 * whole run for each of them).
 */
export async function neighboursOf(db: Db, waiting: readonly number[]): Promise<TitleRun[]> {
  const { rows } = await sql<Adjacent>`
    SELECT x.id, hashtext(x.title) AS hash, b.id AS before, b.hash AS before_hash, a.id AS after, a.hash AS after_hash
    FROM public_listing x
    LEFT JOIN LATERAL (
      SELECT p.id, hashtext(p.title) AS hash FROM public_listing p
      WHERE p.category = '*' AND (p.title, p.id) < (x.title, x.id)
      ORDER BY p.title DESC, p.id DESC LIMIT 1) b ON true
    LEFT JOIN LATERAL (
      SELECT p.id, hashtext(p.title) AS hash FROM public_listing p
      WHERE p.category = '*' AND (p.title, p.id) > (x.title, x.id)
      ORDER BY p.title, p.id LIMIT 1) a ON true
    WHERE x.category = '*' AND x.id = ANY(${waiting}::int[])
    ORDER BY x.title, x.id`.execute(db);
  return runsOf(rows);
}

/** Joins waiting ideas whose immediate neighbour is the next of them into runs, with the run's outer neighbours. */
export function runsOf(rows: readonly Adjacent[]): TitleRun[] {
  const runs: TitleRun[] = [];
  for (let first = 0; first < rows.length;) {
    let last = first;
    while (last + 1 < rows.length && rows[last]!.after === rows[last + 1]!.id) last++;
    const { before, before_hash } = rows[first]!;
    const { after, after_hash } = rows[last]!;
    runs.push({
      titles: rows.slice(first, last + 1).map(({ id, hash }) => ({ id, hash })),
      before: before === null ? null : { id: before, hash: before_hash! },
      after: after === null ? null : { id: after, hash: after_hash! },
    });
    first = last + 1;
  }
  return runs;
}

/**
 * `count` increasing keys strictly between `low` and `high` (either end open when undefined),
 * evenly spread; undefined when the numbers between them are too few to tell apart.
 */
export function spreadBetween(low: number | undefined, high: number | undefined, count: number): number[] | undefined {
  const from = low ?? (high === undefined ? 0 : high - (count + 1) * TITLE_SPACING);
  const to = high ?? from + (count + 1) * TITLE_SPACING;
  const keys: number[] = [];
  let previous = from;
  for (let i = 1; i <= count; i++) {
    const key = from + ((to - from) * i) / (count + 1);
    if (!(key > previous) || !(key < to)) return undefined;
    keys.push(key);
    previous = key;
  }
  return keys;
}
