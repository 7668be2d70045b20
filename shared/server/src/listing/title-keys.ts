import { sql } from 'kysely';
import type { Db } from '../db/database';

// The in-memory list sorts titles by number (listing-index.ts): titles compare in the database's
// collation, which this process cannot repeat, so PostgreSQL says where each title goes. Built
// from PostgreSQL's order of titles (then ids) read whole, each idea's key is its place times
// TITLE_SPACING. A new or retitled idea is numbered between the keys of its neighbours in that
// order, read by two index probes each; when a gap runs out, or many titles move at once (more
// than NEIGHBOUR_LIMIT), the order is read whole again and every key renumbered. Every read here
// must run in the same snapshot as the changes it keys, so a neighbour is as the copy holds it.

/** Room for about thirty titles put one after another into the same gap before a renumbering. */
export const TITLE_SPACING = 2 ** 30;
/** Past this many moved titles, one read of the whole order costs less than probes for each. */
export const NEIGHBOUR_LIMIT = 2_000;
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

/**
 * Keys for the listed ideas `moved` (new to the list or retitled), each between the keys of its
 * nearest neighbours in PostgreSQL's order that did not move, as `keyOf` gives them. Undefined
 * when a gap has no room left or a neighbour has no key: then read the whole order again.
 */
export async function keysBetweenNeighbours(
  trx: Db,
  moved: readonly number[],
  keyOf: (id: number) => number | undefined,
): Promise<Map<number, number> | undefined> {
  // In title order, so the moved ideas between the same two neighbours come together, in order.
  const { rows } = await sql<{ id: number; before: number | null; after: number | null }>`
    SELECT x.id,
      (SELECT p.id FROM public_listing p
        WHERE p.category = '*' AND (p.title, p.id) < (x.title, x.id) AND p.id <> ALL(${moved}::int[])
        ORDER BY p.title DESC, p.id DESC LIMIT 1) AS before,
      (SELECT p.id FROM public_listing p
        WHERE p.category = '*' AND (p.title, p.id) > (x.title, x.id) AND p.id <> ALL(${moved}::int[])
        ORDER BY p.title, p.id LIMIT 1) AS after
    FROM public_listing x
    WHERE x.category = '*' AND x.id = ANY(${moved}::int[])
    ORDER BY x.title, x.id`.execute(trx);
  const keys = new Map<number, number>();
  for (let first = 0; first < rows.length;) {
    const { before, after } = rows[first]!;
    let last = first;
    while (last + 1 < rows.length && rows[last + 1]!.before === before && rows[last + 1]!.after === after) last++;
    const run = last - first + 1;
    const low = before === null ? undefined : keyOf(before);
    const high = after === null ? undefined : keyOf(after);
    if ((before !== null && low === undefined) || (after !== null && high === undefined)) return undefined;
    const spread = spreadBetween(low, high, run);
    if (!spread) return undefined;
    for (let i = 0; i < run; i++) keys.set(rows[first + i]!.id, spread[i]!);
    first = last + 1;
  }
  return keys;
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
