import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';

// The newest public ideas' text, for searches of common words (migration 0032): a complete
// slice (every public idea created at or after its oldest row). Triggers keep it current; the
// worker's tick trims it back to its size from the old end, so it stays complete.

/** How many of the newest public ideas the slice keeps (between trims it may hold more). */
export const SEARCH_RECENT_SIZE = 50_000;

/** Drops the slice's oldest rows past `size`; rows tied with the last kept one stay. */
export async function trimSearchRecent(db: Db, size = SEARCH_RECENT_SIZE): Promise<number> {
  const result = await sql`
    DELETE FROM search_recent WHERE created_at < (
      SELECT created_at FROM search_recent ORDER BY created_at DESC, id DESC OFFSET ${size - 1} LIMIT 1)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** How long the slice's removal log (migration 0036) keeps a row: API processes read it within this. */
const GONE_LOG_KEEPS = '1 day';

/** Drops the slice's removal log older than a day (search/search-slice.ts reads it anew before then). */
export async function pruneSearchSliceLog(db: Db): Promise<number> {
  const result = await sql`
    DELETE FROM search_recent_gone WHERE removed_at < now() - ${GONE_LOG_KEEPS}::interval`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * A page of the newest `window` public ideas matching `query` (a tsquery) ranked by relevance,
 * read from the slice alone: ids and ranks, or null when the slice holds fewer matches than the
 * window (older ideas may hold the rest, and the caller reads knowledge).
 */
export async function rankedNewestInSlice(
  db: Db,
  query: RawBuilder<unknown>,
  window: number,
  page: { order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ id: number; rank: number }[] | null> {
  const { rows } = await sql<{ id: number; rank: number; found: number }>`
    WITH matches AS MATERIALIZED (SELECT id, created_at, search FROM search_recent WHERE search @@ ${query}),
    newest AS (SELECT id, search FROM matches ORDER BY created_at DESC, id DESC LIMIT ${window})
    SELECT id, ts_rank_cd(search, ${query}) AS rank, (SELECT count(*) FROM newest)::int AS found FROM newest
    ORDER BY rank ${sql.raw(page.order)}, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  const found = rows[0]?.found ?? 0;
  if (found < window) return null;
  return rows.map((r) => ({ id: r.id, rank: r.rank }));
}
