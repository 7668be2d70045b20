import { sql } from 'kysely';
import type { Logger } from 'pino';
import { profitLabelsOf } from '@ideamine/shared/contract/knowledge';
import type { PublicIdeasQuery } from '@ideamine/shared/contract/public';
import type { Db } from '../db/database';
import { MemoryCopy, readInSnapshot, snapshotXmin, type ChangesRead } from '../cache/memory-copy';
import type { Cursor } from '../queries/seek';
import {
  ListingIndex,
  MEMORY_SORTS,
  type ListedIdea,
  type ListingFilter,
  type MemorySort,
  type PageStart,
} from './listing-index';
import { CardCache } from './card-cache';
import { sortKeyOf, sortValueText } from './sort-keys';
import {
  neighboursOf,
  readTitleOrder,
  spreadBetween,
  type PlacedTitle,
  type TitleOrder,
  type TitleRun,
} from './title-keys';

// This process's in-memory copy of the public list (listing-index.ts), kept as current as the
// database as every MemoryCopy is (cache/memory-copy.ts): migration 0037 logs every idea whose
// listing rows change with the transaction that changed them, so a read of changes takes only
// the ideas logged since the last read, as they are now.

/** Ideas read per round trip while building (the build yields to requests between them). */
const BUILD_BATCH = 5_000;
/** Past this many titles waiting for a place at once (a bulk import), the copy is built again instead. */
const PLACE_LIMIT = 20_000;
/** After a round that placed nothing (the copy and PostgreSQL disagreed), wait this long before the next. */
const PLACE_RETRY_MS = 200;

/** What the list keeps of a public idea, read from knowledge (as the listing's triggers do). */
const LISTED_COLUMNS = sql`
  k.id, k.categories, k.profit_potential AS label, k.user_id IS NOT NULL AS community,
  (extract(epoch FROM k.created_at) * 1000000)::bigint::text AS created_us,
  (k.profit_score * 100)::int AS profit, (k.overall_score * 100)::int AS overall, k.upvotes - k.downvotes AS votes,
  hashtext(k.title) AS title_hash`;
const LISTED = sql`k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.visibility = 'public'`;

interface ListedRow {
  id: number;
  categories: (string | null)[] | null;
  label: string | null;
  community: boolean;
  created_us: string;
  profit: number | null;
  overall: number | null;
  votes: number;
  title_hash: number;
}

export type ListingQuery = Pick<
  PublicIdeasQuery,
  'category' | 'profit_level' | 'min_profit_level' | 'sort' | 'order'
> & {
  user_filter: 'all' | 'community' | 'crawled';
};

export class ListingCopy extends MemoryCopy<ListingIndex> {
  /** Cards of ideas listed lately (card-cache.ts), dropped as their ideas change. */
  readonly cards: CardCache;
  /** Listed ideas whose title has no place yet (new or retitled): title pages go to PostgreSQL meanwhile. */
  private readonly unplaced = new Set<number>();
  private placing: Promise<void> | null = null;
  private placeAfter = 0;

  /**
   * `cardBudgetBytes`: how much the card cache may hold; 0 keeps no cards. `readWaitMs`: see
   * MemoryCopy (by default a read waits for every change announced before it).
   */
  constructor(db: Db, log: Logger, cardBudgetBytes = 0, readWaitMs?: number) {
    super(db, log, 'public list', readWaitMs);
    this.cards = new CardCache(cardBudgetBytes);
  }

  /**
   * The ids of a page of the public list and its total, from `offset` matching ideas in or after
   * a cursor, with its last idea's sort value as a cursor carries it (sortValueText); undefined
   * when this copy cannot answer (not built yet, a title without its place yet, a cursor value it
   * cannot read, as a title is) and PostgreSQL must.
   */
  async page(
    q: ListingQuery,
    start: { offset: number } | { cursor: Cursor },
    limit: number,
  ): Promise<{ ids: number[]; total: number; lastValue?: string | null } | undefined> {
    const sort = memorySort(q.sort);
    if (!sort) return undefined;
    let from: PageStart;
    if ('cursor' in start) {
      const key = sortKeyOf(sort, start.cursor.value);
      if (key === undefined) return undefined;
      from = { after: { key, id: start.cursor.id } };
    } else {
      from = start;
    }
    const index = await this.current();
    if (!index) return undefined;
    if (sort === 'title' && this.unplaced.size) {
      // Some title has no place yet: PostgreSQL sorts titles meanwhile.
      this.placeTitles();
      return undefined;
    }
    const filter = { category: q.category, labels: profitLabelsOf(q), kind: q.user_filter };
    const ids = index.page(filter, sort, q.order, from, limit);
    const last = ids[ids.length - 1];
    // The last idea's sort value, for the next page's cursor (none when it cannot be printed).
    const lastKey = last === undefined ? undefined : index.keyOf(last, sort);
    const lastValue = lastKey === undefined ? undefined : sortValueText(sort, lastKey);
    return { ids, total: index.count(filter), ...(lastValue === undefined ? {} : { lastValue }) };
  }

  /** Public ideas matching a filter, from the copy; undefined while there is none. */
  async total(filter: ListingFilter): Promise<number | undefined> {
    return (await this.current())?.count(filter);
  }

  protected async build(): Promise<{ copy: ListingIndex; readFrom: string }> {
    // Changes between the last copy and this one are not read: no card from before may stay.
    this.cards.clear();
    this.unplaced.clear();
    const index = new ListingIndex();
    let titles: TitleOrder | undefined;
    const readFrom = await readInSnapshot(
      this.db,
      sql<ListedRow>`SELECT ${LISTED_COLUMNS} FROM knowledge k WHERE ${LISTED}`,
      BUILD_BATCH,
      (rows) => {
        for (const row of rows) index.append(listedIdea(row, titleKeyIn(titles!, row.id)));
      },
      async (trx) => {
        titles = await readTitleOrder(trx);
      },
    );
    for (const _ of index.settling()) await new Promise((resolve) => setImmediate(resolve));
    this.log.info({ ideas: index.size }, 'public list read into memory');
    return { copy: index, readFrom };
  }

  protected async readChanges(index: ListingIndex, readFrom: string): Promise<ChangesRead> {
    // One statement, one snapshot: the changed ideas as they are now (id null: no longer listed)
    // and where the next read starts. The outer join keeps a row when nothing changed.
    const { rows } = await sql<{ read_from: string; changed: number | null } & Partial<ListedRow>>`
      WITH changed AS (SELECT DISTINCT id FROM public_listing_changes WHERE changed_by >= ${readFrom}::xid8)
      SELECT s.read_from, c.changed, c.id, c.categories, c.label, c.community, c.created_us, c.profit, c.overall, c.votes,
        c.title_hash
      FROM (SELECT ${snapshotXmin} AS read_from) s
      LEFT JOIN (
        SELECT ch.id AS changed, ${LISTED_COLUMNS}
        FROM changed ch LEFT JOIN knowledge k ON k.id = ch.id AND ${LISTED}) c ON true`.execute(this.db);
    const puts: ListedIdea[] = [];
    const removed: number[] = [];
    for (const row of rows) {
      if (row.changed === null || row.changed === undefined) continue;
      if (row.id === null || row.id === undefined) {
        removed.push(row.changed);
        this.unplaced.delete(row.changed);
        continue;
      }
      // An idea keeps its title's place while its title stays; a new or retitled one waits for one.
      const held = index.titleOf(row.id);
      const place = held && held.hash === row.title_hash ? held.key : null;
      if (place === null) this.unplaced.add(row.id);
      puts.push(listedIdea(row as ListedRow, place));
    }
    index.apply(puts, removed);
    this.cards.forget([...removed, ...puts.map((p) => p.id)]);
    // What was read may settle a title that could not be placed: try again at once.
    if (puts.length || removed.length) this.placeAfter = 0;
    if (this.unplaced.size) this.placeTitles();
    return { readFrom: rows[0]!.read_from };
  }

  /** Resolves when no titles are being placed (lets a test wait, never a sleep). */
  async titlesPlaced(): Promise<boolean> {
    while (this.placing) await this.placing;
    return this.unplaced.size === 0;
  }

  /** Starts placing the titles that wait for a place, in the background, unless that runs already. */
  private placeTitles(): void {
    if (this.placing || !this.unplaced.size || Date.now() < this.placeAfter) return;
    this.placing = this.placeSome()
      .catch((err: unknown) => {
        this.placeAfter = Date.now() + PLACE_RETRY_MS;
        this.log.warn({ err }, 'public list: titles could not be placed; title pages go to PostgreSQL');
      })
      .finally(() => {
        this.placing = null;
        if (this.unplaced.size) this.placeTitles();
      });
  }

  /**
   * One round: reads where the waiting titles go, then numbers each run of them
   * between its two neighbours' keys, if the copy holds those titles as PostgreSQL did and no
   * placed title sits between the two (the copy may be a read of changes behind or ahead). A run
   * that disagrees waits for a later round, after the reads of changes that settle it.
   */
  private async placeSome(): Promise<void> {
    const index = this.held;
    if (!index) return;
    if (this.unplaced.size > PLACE_LIMIT) {
      this.log.info({ titles: this.unplaced.size }, 'public list: many titles moved at once; reading it again');
      return this.dropAndRebuild();
    }
    const runs = await neighboursOf(this.db, [...this.unplaced]);
    if (this.held !== index) return;
    let keys = this.keysFor(index, runs);
    if (keys === 'crowded') {
      // Two neighbours' keys had no room left between them: renumber, then number every run again.
      index.renumberTitles();
      this.log.info({ ideas: index.size }, 'public list: title keys renumbered');
      keys = this.keysFor(index, runs);
      if (keys === 'crowded') throw new Error('titles still crowd after renumbering');
    }
    index.setTitleKeys(keys);
    for (const id of keys.keys()) this.unplaced.delete(id);
    // A retitle or removal read meanwhile put the idea back among the waiting: not placed then.
    if (!keys.size) this.placeAfter = Date.now() + PLACE_RETRY_MS;
  }

  /**
   * Keys for the waiting titles, run by run (those PostgreSQL put side by side between the same
   * two placed neighbours), numbered between the neighbours' keys. A run is left waiting
   * when the copy does not agree: a title there is not the one read, a neighbour is not placed or
   * holds another title, or a placed title sits between the two. 'crowded' when two neighbours'
   * keys have no room left between them.
   */
  private keysFor(index: ListingIndex, runs: TitleRun[]): Map<number, number> | 'crowded' {
    const keys = new Map<number, number>();
    const heldKey = (n: PlacedTitle | null): number | null | undefined => {
      if (!n) return null;
      const held = index.titleOf(n.id);
      return held && held.key !== null && held.hash === n.hash ? held.key : undefined;
    };
    for (const { titles, before, after } of runs) {
      const low = heldKey(before);
      const high = heldKey(after);
      const agrees =
        titles.every((t) => {
          const held = index.titleOf(t.id);
          return held && held.key === null && held.hash === t.hash;
        }) &&
        low !== undefined &&
        high !== undefined &&
        index.adjacentInTitleOrder(before?.id ?? null, after?.id ?? null);
      if (!agrees) continue;
      const spread = spreadBetween(low ?? undefined, high ?? undefined, titles.length);
      if (!spread) return 'crowded';
      titles.forEach((t, i) => keys.set(t.id, spread[i]!));
    }
    return keys;
  }
}

/** An idea's key in a title order read in the same snapshot as the idea (so it is there). */
function titleKeyIn(titles: TitleOrder, id: number): number {
  const key = titles.keyOf(id);
  if (key === undefined) throw new Error(`idea ${id} is listed but not in the order of titles`);
  return key;
}

function memorySort(sort: string): MemorySort | undefined {
  return (MEMORY_SORTS as readonly string[]).includes(sort) ? (sort as MemorySort) : undefined;
}

function listedIdea(row: ListedRow, titleKey: number | null): ListedIdea {
  return {
    id: row.id,
    categories: (row.categories ?? []).filter((c): c is string => c !== null),
    label: row.label,
    community: row.community,
    createdUs: Number(row.created_us),
    profit: row.profit,
    overall: row.overall,
    votes: row.votes,
    titleKey,
    titleHash: row.title_hash,
  };
}
