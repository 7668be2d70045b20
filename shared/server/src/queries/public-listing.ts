import { sql, type RawBuilder } from 'kysely';
import { profitLabelsOf } from '@ideamine/shared/contract/knowledge';
import type { PublicIdeasQuery } from '@ideamine/shared/contract/public';
import type { Db } from '../db/database';
import { runPrepared } from '../db/prepared';
import { cardJsonOf, type CardJsonRow } from './public-cards';
import { seekOrder, type SeekSort } from './seek';

// The public list read from public_listing (migration 0030): one row per public idea and list
// key ('*' or a category), with an index per sort by category and by category and label. Any
// filter x sort x order reads one index range from the page's first row (or the cursor's), then
// fetches that page's cards from knowledge by id. Nothing is scanned or sorted past the page.

export const LISTING_SORTS: Record<PublicIdeasQuery['sort'], SeekSort> = {
  created_at: { expr: sql`created_at`, type: 'timestamptz', nullable: false },
  profit_score: { expr: sql`profit_score`, type: 'numeric', nullable: true },
  vote_score: { expr: sql`vote_score`, type: 'integer', nullable: false },
  overall_score: { expr: sql`overall_score`, type: 'numeric', nullable: true },
  title: { expr: sql`title`, type: 'text', nullable: false },
};

type ListingFilter = Pick<
  PublicIdeasQuery,
  'category' | 'profit_level' | 'min_profit_level' | 'user_filter' | 'sort' | 'order'
>;

/** A card as JSON text from the page's join, where knowledge is `k`. */
const CARD_JSON_OF_K = cardJsonOf('k');

/** `limit` cards of the list from `offset` on, of the rows that also match `where` (a cursor's range). */
export async function listingPage(
  db: Db,
  q: ListingFilter,
  where: RawBuilder<boolean> | null,
  limit: number,
  offset: number,
): Promise<CardJsonRow[]> {
  const spec = LISTING_SORTS[q.sort];
  let listed = db.selectFrom('public_listing').where('category', '=', q.category ?? '*');
  const labels = profitLabelsOf(q);
  if (labels) listed = labels.length ? listed.where('profit_label', 'in', labels) : listed.where(sql<boolean>`false`);
  // Community ideas are few and crawled ones nearly all: filtered on the way, not indexed.
  if (q.user_filter === 'community') listed = listed.where('community', '=', true);
  if (q.user_filter === 'crawled') listed = listed.where('community', '=', false);
  if (where) listed = listed.where(where);
  const page = listed
    .select(['id', sql`${spec.expr}`.as('sort_value'), sql<string | null>`${spec.expr}::text`.as('seek_value')])
    .orderBy(seekOrder(spec, q.order))
    .limit(limit)
    .offset(offset);
  const cards = db
    .selectFrom(page.as('p'))
    .innerJoin('knowledge as k', 'k.id', 'p.id')
    .select(['k.id', CARD_JSON_OF_K.as('card'), 'p.seek_value'])
    .orderBy(seekOrder({ ...spec, expr: sql`p.sort_value` }, q.order, sql`p.id`));
  // Prepared: the same few shapes run on every visitor's page.
  return runPrepared(db, cards.compile());
}

/** How long the listing's change log (migration 0037) keeps a row: API processes read it within this. */
const CHANGE_LOG_KEEPS = '1 day';

/** Drops the listing's change log older than a day (listing/listing-copy.ts builds anew before then). */
export async function pruneListingChangeLog(db: Db): Promise<number> {
  const result = await sql`
    DELETE FROM public_listing_changes WHERE changed_at < now() - ${CHANGE_LOG_KEEPS}::interval`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
