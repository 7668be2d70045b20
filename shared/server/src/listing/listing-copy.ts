import { sql } from 'kysely';
import type { Logger } from 'pino';
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
import { sortKeyOf } from './sort-keys';
import { keysBetweenNeighbours, NEIGHBOUR_LIMIT, readTitleOrder, type TitleOrder } from './title-keys';

// This process's in-memory copy of the public list (listing-index.ts), kept as current as the
// database as every MemoryCopy is (cache/memory-copy.ts): migration 0037 logs every idea whose
// listing rows change with the transaction that changed them, so a read of changes takes only
// the ideas logged since the last read, as they are now.

/** Ideas read per round trip while building (the build yields to requests between them). */
const BUILD_BATCH = 5_000;

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

export type ListingQuery = Pick<PublicIdeasQuery, 'category' | 'profit_level' | 'sort' | 'order'> & {
  user_filter: 'all' | 'community' | 'crawled';
};

export class ListingCopy extends MemoryCopy<ListingIndex> {
  /** Cards of ideas listed lately (card-cache.ts), dropped as their ideas change. */
  readonly cards: CardCache;

  /** `cardBudgetBytes`: how much the card cache may hold; 0 keeps no cards. */
  constructor(db: Db, log: Logger, cardBudgetBytes = 0) {
    super(db, log, 'public list');
    this.cards = new CardCache(cardBudgetBytes);
  }

  /**
   * The ids of a page of the public list, its total and its last idea's key (a gap: null), from `offset` matching ideas in or after
   * a cursor; undefined when this copy cannot answer (not built yet, a cursor value it cannot
   * read, as a title) and PostgreSQL must.
   */
  async page(
    q: ListingQuery,
    start: { offset: number } | { cursor: Cursor },
    limit: number,
  ): Promise<{ ids: number[]; total: number; lastKey?: number | null } | undefined> {
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
    const filter = { category: q.category, label: q.profit_level, kind: q.user_filter };
    const ids = index.page(filter, sort, q.order, from, limit);
    const last = ids[ids.length - 1];
    // The last idea's key, for the next page's cursor.
    const lastKey = last === undefined ? undefined : index.keyOf(last, sort);
    return { ids, total: index.count(filter), ...(lastKey === undefined ? {} : { lastKey }) };
  }

  /** Public ideas matching a filter, from the copy; undefined while there is none. */
  async total(filter: ListingFilter): Promise<number | undefined> {
    return (await this.current())?.count(filter);
  }

  protected async build(): Promise<{ copy: ListingIndex; readFrom: string }> {
    // Changes between the last copy and this one are not read: no card from before may stay.
    this.cards.clear();
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
    // One snapshot for the changes and for where their titles go (title-keys.ts).
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        // The changed ideas as they are now (id null: no longer listed) and where the next read
        // starts. The outer join keeps a row when nothing changed.
        const { rows } = await sql<{ read_from: string; changed: number | null } & Partial<ListedRow>>`
          WITH changed AS (SELECT DISTINCT id FROM public_listing_changes WHERE changed_by >= ${readFrom}::xid8)
          SELECT s.read_from, c.changed, c.id, c.categories, c.label, c.community, c.created_us, c.profit, c.overall,
            c.votes, c.title_hash
          FROM (SELECT ${snapshotXmin} AS read_from) s
          LEFT JOIN (
            SELECT ch.id AS changed, ${LISTED_COLUMNS}
            FROM changed ch LEFT JOIN knowledge k ON k.id = ch.id AND ${LISTED}) c ON true`.execute(trx);
        const puts: ListedIdea[] = [];
        const removed: number[] = [];
        const moved: number[] = [];
        for (const row of rows) {
          if (row.changed === null || row.changed === undefined) continue;
          if (row.id === null || row.id === undefined) {
            removed.push(row.changed);
            continue;
          }
          // An idea keeps its title key while its title stays; a new or retitled one needs one.
          const held = index.titleOf(row.id);
          if (!held || held.hash !== row.title_hash) moved.push(row.id);
          puts.push(listedIdea(row as ListedRow, held?.key ?? Number.NaN));
        }
        if (moved.length && !(await this.keyTitles(trx, index, moved, puts, removed))) return 'rebuild';
        index.apply(puts, removed);
        this.cards.forget([...removed, ...puts.map((p) => p.id)]);
        return { readFrom: rows[0]!.read_from };
      });
  }

  /**
   * Gives the puts of `moved` ideas their title keys: between their neighbours when there is
   * room, or else after renumbering every title from PostgreSQL's order. False when the copy
   * and that order disagree (then the copy is built again).
   */
  private async keyTitles(
    trx: Db,
    index: ListingIndex,
    moved: number[],
    puts: ListedIdea[],
    removed: number[],
  ): Promise<boolean> {
    const between =
      moved.length <= NEIGHBOUR_LIMIT
        ? await keysBetweenNeighbours(trx, moved, (id) => index.titleOf(id)?.key)
        : undefined;
    if (between && moved.every((id) => between.has(id))) {
      for (const put of puts) put.titleKey = between.get(put.id) ?? put.titleKey;
      return true;
    }
    const titles = await readTitleOrder(trx);
    this.log.info({ moved: moved.length }, 'title keys renumbered from the order of titles');
    // The moved ideas leave first (the lists find an idea by its key, and theirs are stale), and
    // the removed ones, which the order no longer holds.
    index.apply([], [...moved, ...removed]);
    if (!index.renumberTitles((id) => titles.keyOf(id))) return false;
    for (const put of puts) put.titleKey = titleKeyIn(titles, put.id);
    return true;
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

function listedIdea(row: ListedRow, titleKey: number): ListedIdea {
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
