import { CompiledQuery, sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { profitLabelsOf } from '@ideamine/shared/contract/knowledge';
import type { PublicIdeasQuery, PublicSearchQuery } from '@ideamine/shared/contract/public';
import type { Db } from '../db/database';
import { runPrepared } from '../db/prepared';
import type { Database } from '../db/schema';
import { CARD_COLUMNS, CARD_JSON, type CardJsonRow } from './public-cards';
import {
  countNow,
  countUpTo,
  pageOf,
  roundEstimate,
  TRUST_ESTIMATE_PAST,
  type CountSource,
  type Total,
} from './paging';
import { publicIdeaCount } from './public-counts';
import { decodeCursor, encodeCursor, seekAfter, seekOrder, type SeekSort } from './seek';
import { LISTING_SORTS, listingPage } from './public-listing';
import { rankedNewestInSlice } from './search-recent';
import type { SearchSlice } from '../search/search-slice';
import type { ListingCopy } from '../listing/listing-copy';

// Reads behind the public portal. Private, deleted and merged-away ideas never leave this file.

export const HIGH_POTENTIAL_COLUMNS = [
  'id',
  'slug',
  'title',
  'summary',
  'overall_score',
  'business_model_innovation_score',
  'technology_innovation_score',
  'market_disruption_potential_score',
  'approach_novelty_score',
  'key_strengths',
  'profit_potential',
  'profit_score',
  'source_url',
  'created_at',
] as const;

const voteScore = sql<number>`(upvotes - downvotes)`;

/** Ideas anyone may see. */
export function publicIdeas(db: Db) {
  return db
    .selectFrom('knowledge')
    .where('deleted_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .where('visibility', '=', 'public');
}

/** Sort expressions; nullable scores sort their gaps last. Each matches an index of migration 0005. */
const SORT_EXPRESSIONS: Record<PublicIdeasQuery['sort'], SeekSort> = {
  created_at: { expr: sql`created_at`, type: 'timestamptz', nullable: false },
  profit_score: { expr: sql`profit_score`, type: 'numeric', nullable: true },
  vote_score: { expr: voteScore, type: 'integer', nullable: false },
  overall_score: { expr: sql`overall_score`, type: 'numeric', nullable: true },
  title: { expr: sql`title`, type: 'text', nullable: false },
};

const orderBy = (sort: keyof typeof SORT_EXPRESSIONS, order: 'asc' | 'desc') =>
  seekOrder(SORT_EXPRESSIONS[sort], order);

const matches = (q: string) => sql<boolean>`search @@ websearch_to_tsquery('english', ${q})`;

/** The caller's own ideas, private ones included: "mine" is where a user finds what they kept. */
function ownIdeas(db: Db, callerId: number | null) {
  return db
    .selectFrom('knowledge')
    .where('deleted_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .where('user_id', '=', callerId ?? -1);
}

/**
 * One page of the public ideas list, by page number (OFFSET) or, given `cursor`, right after the
 * row the cursor names (seek: the sort's index goes straight there, however deep). Either way the
 * answer carries the cursor of its last row, so a client can go on by cursor from any page.
 * Without words to search, the page comes from this process's in-memory copy of the list when
 * given one (listing/, for visitors), else from the listing's indexes (public-listing.ts) with the
 * total from the counters (public-counts.ts); a search or the caller's own ideas read knowledge.
 */
export async function listPublicIdeas(
  db: Db,
  q: PublicIdeasQuery,
  callerId: number | null,
  counts?: CountSource,
  listing?: Pick<ListingCopy, 'page' | 'cards'>,
) {
  const { search, category, user_filter } = q;
  const labels = profitLabelsOf(q);
  const indexed = !search && user_filter !== 'mine';
  if (indexed && listing) {
    const fromMemory = await listFromMemory(db, { ...q, user_filter }, listing);
    if (fromMemory) return fromMemory;
  }
  let base = user_filter === 'mine' ? ownIdeas(db, callerId) : publicIdeas(db);
  if (search) base = base.where(matches(search));
  if (category) base = base.where(sql<boolean>`categories @> ARRAY[${category}]::text[]`);
  if (labels) base = labels.length ? base.where('profit_potential', 'in', labels) : base.where(sql<boolean>`false`);
  if (user_filter === 'community') base = base.where('user_id', 'is not', null);
  if (user_filter === 'crawled') base = base.where('user_id', 'is', null);
  const total: CountSource | undefined = indexed
    ? () => publicIdeaCount(db, { category, labels, user_filter })
    : counts;
  const spec = SORT_EXPRESSIONS[q.sort];
  // The cursor's range, in the columns of the table the page is read from.
  const seekSpec = indexed ? LISTING_SORTS[q.sort] : spec;
  const cards = (b: typeof base) =>
    b
      .select(['id', CARD_JSON.as('card'), sql<string | null>`${spec.expr}::text`.as('seek_value')])
      .orderBy(orderBy(q.sort, q.order));
  /** A page of rows matching `where` too, `offset` rows in. */
  const read = (where: RawBuilder<boolean> | null, limit: number, offset = 0) =>
    indexed
      ? listingPage(db, q, where, limit, offset)
      : cards(where ? base.where(where) : base)
          .limit(limit)
          .offset(offset)
          .execute();
  const counting = () => (total ?? countNow)(() => countRows(base));
  let rows: CardJsonRow[];
  let count: number;
  if (q.cursor) {
    const { before, gaps } = seekAfter(seekSpec, q.order, decodeCursor(q.cursor, q.sort, q.order));
    [rows, count] = await Promise.all([before ? read(before, q.page_size) : Promise.resolve([]), counting()]);
    // Past the last value, a nullable sort goes on into its gaps.
    if (rows.length < q.page_size && gaps) rows = [...rows, ...(await read(gaps, q.page_size - rows.length))];
  } else {
    [rows, count] = await Promise.all([read(null, q.page_size, (q.page - 1) * q.page_size), counting()]);
  }
  const last = rows.length === q.page_size ? rows[rows.length - 1] : undefined;
  const nextCursor = last ? encodeCursor(q.sort, q.order, { value: last.seek_value, id: last.id }) : null;
  return { rows, cardsJson: cardsJson(rows), total: count, nextCursor };
}

/** A page's cards as one JSON array, in the page's order. */
const cardsJson = (rows: CardJsonRow[]) => `[${rows.map((r) => r.card).join(',')}]`;

/**
 * A page of the public list from this process's in-memory copy (listing/): its ids and total
 * there, its cards as JSON text (`cardsJson`, a JSON array in the page's order) ready to be
 * written into the answer: those the copy's card cache holds, the rest made by PostgreSQL from
 * knowledge by id in one round trip. Undefined, so PostgreSQL's listing answers, when the copy
 * cannot (not built, a title cursor, a title not placed yet) or is behind the cards (an idea on the page just left the
 * list). Rows carry the sort value (for the next cursor) on the last one only.
 */
async function listFromMemory(
  db: Db,
  q: PublicIdeasQuery & { user_filter: 'all' | 'community' | 'crawled' },
  listing: Pick<ListingCopy, 'page' | 'cards'>,
) {
  const start = q.cursor ? { cursor: decodeCursor(q.cursor, q.sort, q.order) } : { offset: (q.page - 1) * q.page_size };
  const page = await listing.page(q, start, q.page_size);
  if (!page) return undefined;
  const { cards } = listing;
  const generation = cards.generation;
  const held = page.ids.map((id) => cards.get(id));
  const missing = page.ids.filter((_, i) => held[i] === undefined);
  if (missing.length) {
    const found = await runPrepared(db, listedCardsById(db, missing));
    if (found.length < missing.length) return undefined;
    cards.keep(found, generation);
    const byId = new Map(found.map((r) => [r.id, r.card]));
    page.ids.forEach((id, i) => (held[i] ??= byId.get(id)));
  }
  const rows: CardJsonRow[] = page.ids.map((id, i) => ({ id, card: held[i]!, seek_value: null }));
  const last = rows.length === q.page_size ? rows[rows.length - 1] : undefined;
  let nextCursor: string | null = null;
  if (last) {
    // The copy's sort value of the last idea, printed as PostgreSQL would; a title from its card.
    const value = q.sort === 'title' ? (JSON.parse(last.card) as { title: string }).title : page.lastValue;
    if (value === undefined) return undefined;
    last.seek_value = value;
    nextCursor = encodeCursor(q.sort, q.order, { value, id: last.id });
  }
  return { rows, cardsJson: cardsJson(rows), total: page.total, nextCursor };
}

/** listedCardsById's query, compiled once (the same for every page); the ids are its last parameter. */
let listedCards: CompiledQuery<{ id: number; card: string }> | undefined;

/** Public ideas' cards by id, as one prepared statement whatever the ids. */
function listedCardsById(db: Db, ids: number[]): CompiledQuery<{ id: number; card: string }> {
  listedCards ??= publicIdeas(db)
    .select(['id', CARD_JSON.as('card')])
    .where(sql<boolean>`id = ANY(${[]}::int[])`)
    .compile();
  const parameters = [...listedCards.parameters.slice(0, -1), ids];
  return CompiledQuery.raw(listedCards.sql, parameters) as CompiledQuery<{ id: number; card: string }>;
}

async function countRows(base: ReturnType<typeof publicIdeas>): Promise<number> {
  const r = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Community favourites: ideas with at least `min_votes` votes, best score first. */
export function topVotedIdeas(db: Db, q: { page: number; page_size: number; min_votes: number }, counts?: CountSource) {
  const base = publicIdeas(db).where(sql<boolean>`upvotes + downvotes >= ${q.min_votes}`);
  return pageOf(base, (b) => b.select(CARD_COLUMNS).orderBy(sql`${voteScore} desc, id desc`), q, counts);
}

export function editorPicks(db: Db, q: { page: number; page_size: number }, counts?: CountSource) {
  const base = publicIdeas(db).where('editor_pick', '=', true);
  return pageOf(base, (b) => b.select(CARD_COLUMNS).orderBy(sql`editor_picked_at desc nulls last, id desc`), q, counts);
}

export function highPotentialIdeas(db: Db, limit: number) {
  return publicIdeas(db)
    .where('overall_score', 'is not', null)
    .select(HIGH_POTENTIAL_COLUMNS)
    .orderBy(sql`overall_score desc nulls last, id desc`)
    .limit(limit)
    .execute();
}

/**
 * A broad term can match a fifth of a million ideas: counting or ranking every match would read
 * the whole table on each new search. Up to `exactTotalCap` matches are counted exactly and all
 * of them ranked; past it the total is the planner's estimate (flagged) and relevance ranks the
 * newest `rankWindow` matches, pages past the window going on newest first.
 */
export interface SearchBounds {
  exactTotalCap: number;
  rankWindow: number;
}
export const SEARCH_BOUNDS: SearchBounds = { exactTotalCap: 10_000, rankWindow: 1_000 };

export interface SearchSources {
  /** Where the total comes from (a shared count); counted now by default. */
  counts?: CountSource<Total>;
  bounds?: SearchBounds;
  /** This process's in-memory copy of the newest public ideas' text (search/). */
  slice?: Pick<SearchSlice, 'rankedNewest' | 'share'>;
  /** This process's in-memory public list (listing/), for the number of public ideas. */
  listing?: Pick<ListingCopy, 'total'>;
}

export async function searchPublicIdeas(db: Db, q: PublicSearchQuery, sources: SearchSources = {}) {
  const { counts = countNow, bounds = SEARCH_BOUNDS, slice, listing } = sources;
  let base = publicIdeas(db);
  const query = q.q ? sql`websearch_to_tsquery('english', ${q.q})` : null;
  if (query) base = base.where(sql<boolean>`search @@ ${query}`);
  if (q.categories?.length) base = base.where(sql<boolean>`categories && ${q.categories}::text[]`);
  if (q.profit_level) base = base.where('profit_potential', '=', q.profit_level);
  if (q.date_from) base = base.where('created_at', '>=', q.date_from);
  if (q.date_to) base = base.where('created_at', '<=', q.date_to);
  const rank = query ? sql<number>`ts_rank_cd(search, ${query})` : sql<number | null>`null::real`;
  const cards = base.select(['id', CARD_JSON.as('card'), rank.as('rank')]);
  const offset = (q.page - 1) * q.page_size;
  const totalOf = () => counts(() => countUpTo(db, base, bounds.exactTotalCap));
  const byRank = sql`rank ${sql.raw(q.order)}, id desc`;

  if (q.sort !== 'relevance' || !query) {
    const order = q.sort === 'relevance' ? orderBy('created_at', q.order) : orderBy(q.sort, q.order);
    const [rows, total] = await Promise.all([
      cards.orderBy(order).limit(q.page_size).offset(offset).execute(),
      totalOf(),
    ]);
    return { rows, ...total };
  }
  // Words alone: the newest public ideas' slice may hold the whole window, answered by this
  // process's in-memory copy of it (search/) or else by its table (search-recent.ts).
  const onlyWords = !q.categories?.length && !q.profit_level && !q.date_from && !q.date_to;
  // The count decides the plan (the planner's own estimate can be far off, as for a phrase).
  const total = (onlyWords && slice && (await totalFromSlice(db, q.q!, slice, bounds, listing))) || (await totalOf());
  if (!total.estimated) {
    return { rows: await cards.orderBy(byRank).limit(q.page_size).offset(offset).execute(), ...total };
  }
  // Relevance: the page's part inside the window ranked, the part past it newest first.
  const newest = orderBy('created_at', 'desc');
  const inWindow = Math.max(0, Math.min(q.page_size, bounds.rankWindow - offset));
  const page = { order: q.order, limit: inWindow, offset };
  const ranked = inWindow
    ? (async () => {
        const inMemory = onlyWords && q.q && slice ? await slice.rankedNewest(q.q, bounds.rankWindow, page) : undefined;
        const fromSlice =
          inMemory !== undefined
            ? inMemory
            : onlyWords && query
              ? await rankedNewestInSlice(db, query, bounds.rankWindow, page)
              : null;
        if (!fromSlice) return rankNewestMatches(db, cards, total.total, bounds.rankWindow, page);
        // Prepared: one shape for any page (the ids as one array).
        const ids = fromSlice.map((r) => r.id);
        const rows = ids.length
          ? await runPrepared(
              db,
              base
                .select(['id', CARD_JSON.as('card')])
                .where(sql<boolean>`id = ANY(${ids}::int[])`)
                .compile(),
            )
          : [];
        const byId = new Map(rows.map((r) => [r.id, r]));
        return fromSlice.flatMap(({ id, rank }) => (byId.has(id) ? [{ ...byId.get(id)!, rank }] : []));
      })()
    : Promise.resolve([]);
  const rest =
    inWindow < q.page_size
      ? cards
          .orderBy(newest)
          .limit(q.page_size - inWindow)
          .offset(Math.max(offset, bounds.rankWindow))
          .execute()
      : Promise.resolve([]);
  const [inside, past] = await Promise.all([ranked, rest]);
  return { rows: [...inside, ...past], ...total };
}

/**
 * The total of a broad search estimated from the in-memory slice of the newest public ideas: its
 * share of matches times the public ideas. Asking the planner instead (EXPLAIN) costs PostgreSQL
 * a millisecond or two for each new pair of words. Only when the slice holds a whole window of
 * matches and the estimate is well past the cap (as countUpTo trusts the planner's); else null.
 */
async function totalFromSlice(
  db: Db,
  query: string,
  slice: Pick<SearchSlice, 'share'>,
  bounds: SearchBounds,
  listing?: Pick<ListingCopy, 'total'>,
): Promise<Total | null> {
  const share = await slice.share(query);
  if (!share || share.matches < bounds.rankWindow) return null;
  const ideas = (await listing?.total({ kind: 'all' })) ?? (await publicIdeaCount(db, { user_filter: 'all' }));
  const estimate = (share.matches * ideas) / share.rows;
  if (estimate <= bounds.exactTotalCap * TRUST_ESTIMATE_PAST) return null;
  return { total: roundEstimate(estimate), estimated: true };
}

/**
 * A page of the newest `window` matches ranked by relevance. Walking the created_at index and
 * testing each idea's text costs a heap read per idea until `window` matches turn up (18,000 for
 * a pair of common words at a million ideas). Instead the matches are read above a created_at
 * floor, the time of the n-th newest public idea with n sized from the estimate to hold about
 * twice the window: PostgreSQL intersects the text index with that created_at range (BitmapAnd)
 * and reads only the ideas in both. Should the range hold fewer than `window` matches, it widens
 * (four times, then no floor), so the answer is the same as without it.
 */
async function rankNewestMatches<Card extends { rank: number | null }>(
  db: Db,
  cards: SelectQueryBuilder<Database, 'knowledge', Card>,
  estimatedMatches: number,
  window: number,
  page: { order: 'asc' | 'desc'; limit: number; offset: number },
) {
  const ideas = await publicIdeaCount(db, { user_filter: 'all' });
  let span = Math.ceil((2 * window * ideas) / Math.max(1, estimatedMatches));
  for (;;) {
    const floor = span < ideas ? await createdAtOfNewest(db, span) : null;
    // created_at only to order the window by: the rows leave without it.
    const matches = (floor ? cards.where('created_at', '>=', floor) : cards).select('created_at');
    // MATERIALIZED: planned alone, so the ORDER BY ... LIMIT below cannot pull it back into a
    // walk of the created_at index.
    const { rows } = await sql<Card & { candidates: number; created_at: Date }>`
      WITH matches AS MATERIALIZED (${matches}),
      newest AS (SELECT * FROM matches ORDER BY created_at DESC, id DESC LIMIT ${window})
      SELECT newest.*, (SELECT count(*) FROM newest)::int AS candidates FROM newest
      ORDER BY rank ${sql.raw(page.order)}, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
    const found = rows[0]?.candidates ?? 0;
    if (!floor || found >= window || (rows.length === 0 && page.offset > 0 && found > page.offset)) {
      return rows.map(({ candidates: _, created_at: __, ...row }) => row as unknown as Card);
    }
    span *= 4;
  }
}

/** created_at of the n-th newest public idea (an index-only read of n entries), or null past the last. */
async function createdAtOfNewest(db: Db, n: number): Promise<Date | null> {
  const row = await publicIdeas(db)
    .select('created_at')
    .orderBy(sql`created_at desc, id desc`)
    .offset(n - 1)
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}
