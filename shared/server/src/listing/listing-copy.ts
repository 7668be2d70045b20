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
import { sortKeyOf, sortValueText } from './sort-keys';

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
  (k.profit_score * 100)::int AS profit, (k.overall_score * 100)::int AS overall, k.upvotes - k.downvotes AS votes`;
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
   * The ids of a page of the public list and its total, from `offset` matching ideas in or after
   * a cursor, with its last idea's sort value as a cursor carries it (sortValueText); undefined
   * when this copy cannot answer (not built yet, the title sort, a cursor value it cannot read)
   * and PostgreSQL must.
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
    const filter = { category: q.category, label: q.profit_level, kind: q.user_filter };
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
    const index = new ListingIndex();
    const readFrom = await readInSnapshot(
      this.db,
      sql<ListedRow>`SELECT ${LISTED_COLUMNS} FROM knowledge k WHERE ${LISTED}`,
      BUILD_BATCH,
      (rows) => {
        for (const row of rows) index.append(listedIdea(row));
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
      SELECT s.read_from, c.changed, c.id, c.categories, c.label, c.community, c.created_us, c.profit, c.overall, c.votes
      FROM (SELECT ${snapshotXmin} AS read_from) s
      LEFT JOIN (
        SELECT ch.id AS changed, ${LISTED_COLUMNS}
        FROM changed ch LEFT JOIN knowledge k ON k.id = ch.id AND ${LISTED}) c ON true`.execute(this.db);
    const puts: ListedIdea[] = [];
    const removed: number[] = [];
    for (const row of rows) {
      if (row.changed === null || row.changed === undefined) continue;
      if (row.id === null || row.id === undefined) removed.push(row.changed);
      else puts.push(listedIdea(row as ListedRow));
    }
    index.apply(puts, removed);
    this.cards.forget([...removed, ...puts.map((p) => p.id)]);
    return { readFrom: rows[0]!.read_from };
  }
}

function memorySort(sort: string): MemorySort | undefined {
  return (MEMORY_SORTS as readonly string[]).includes(sort) ? (sort as MemorySort) : undefined;
}

function listedIdea(row: ListedRow): ListedIdea {
  return {
    id: row.id,
    categories: (row.categories ?? []).filter((c): c is string => c !== null),
    label: row.label,
    community: row.community,
    createdUs: Number(row.created_us),
    profit: row.profit,
    overall: row.overall,
    votes: row.votes,
  };
}
