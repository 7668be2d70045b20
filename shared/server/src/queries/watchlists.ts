import { sql, type Selectable } from 'kysely';
import { WATCHLIST_WEEKS } from '@ideamine/shared/contract/watchlists';
import type { Db } from '../db/database';
import type { WatchlistsTable } from '../db/schema';
import { pageOf } from './paging';
import { CARD_COLUMNS } from './public-cards';

// Reads of watchlists and their matches. A watchlist belongs to one user; another user's does
// not exist for them. A match shows only while its idea is live and visible to the watchlist's
// owner, so an idea deleted, merged or made private since it matched drops out by itself.

export type WatchlistRow = Selectable<WatchlistsTable>;

/** The matched idea (alias k) is live and public, or the watchlist owner's own. */
export const shownToOwner = sql<boolean>`(k.deleted_at IS NULL AND k.merged_into_id IS NULL
  AND (k.visibility = 'public' OR k.user_id = m.user_id))`;

export function findOwnWatchlist(db: Db, userId: number, id: number): Promise<WatchlistRow | undefined> {
  return db.selectFrom('watchlists').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export interface WatchlistStats {
  match_count: number;
  new_match_count: number;
  last_matched_at: Date | null;
  weekly: { week_start: string; matches: number }[];
  top_sources: { domain: string; matches: number }[];
}

/** Monday 00:00 UTC of the week `weeksAgo` weeks before the current one. */
export function weekStart(now: Date, weeksAgo: number): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - (sinceMonday + 7 * weeksAgo) * 86_400_000);
}

/**
 * Counts, the weekly series of the last WATCHLIST_WEEKS weeks (is this need growing?) and the
 * top three source domains, for several watchlists in three statements.
 */
export async function watchlistStats(
  db: Db,
  rows: WatchlistRow[],
  now = new Date(),
): Promise<Map<number, WatchlistStats>> {
  const stats = new Map<number, WatchlistStats>();
  if (!rows.length) return stats;
  const ids = rows.map((r) => r.id);
  const from = weekStart(now, WATCHLIST_WEEKS - 1);
  const weeks = Array.from({ length: WATCHLIST_WEEKS }, (_, i) => weekStart(now, WATCHLIST_WEEKS - 1 - i));
  const [counts, weekly, sources] = await Promise.all([
    sql<{ watchlist_id: number; match_count: string; new_match_count: string; last_matched_at: Date | null }>`
      SELECT m.watchlist_id, count(*) AS match_count,
             count(*) FILTER (WHERE m.matched_at > w.seen_at) AS new_match_count,
             max(m.matched_at) AS last_matched_at
      FROM watchlist_matches m
      JOIN watchlists w ON w.id = m.watchlist_id
      JOIN knowledge k ON k.id = m.knowledge_id
      WHERE m.watchlist_id = ANY(${ids}::int[]) AND ${shownToOwner}
      GROUP BY m.watchlist_id`.execute(db),
    sql<{ watchlist_id: number; week: Date; matches: string }>`
      SELECT m.watchlist_id, date_trunc('week', m.matched_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS week,
             count(*) AS matches
      FROM watchlist_matches m JOIN knowledge k ON k.id = m.knowledge_id
      WHERE m.watchlist_id = ANY(${ids}::int[]) AND m.matched_at >= ${from} AND ${shownToOwner}
      GROUP BY 1, 2`.execute(db),
    sql<{ watchlist_id: number; domain: string; matches: string }>`
      SELECT watchlist_id, domain, matches FROM (
        SELECT m.watchlist_id, k.source_domain AS domain, count(*) AS matches,
               row_number() OVER (PARTITION BY m.watchlist_id ORDER BY count(*) DESC, k.source_domain) AS place
        FROM watchlist_matches m JOIN knowledge k ON k.id = m.knowledge_id
        WHERE m.watchlist_id = ANY(${ids}::int[]) AND ${shownToOwner}
        GROUP BY m.watchlist_id, k.source_domain) ranked
      WHERE place <= 3 ORDER BY watchlist_id, place`.execute(db),
  ]);
  for (const id of ids)
    stats.set(id, {
      match_count: 0,
      new_match_count: 0,
      last_matched_at: null,
      weekly: weeks.map((w) => ({ week_start: w.toISOString().slice(0, 10), matches: 0 })),
      top_sources: [],
    });
  for (const c of counts.rows)
    Object.assign(stats.get(c.watchlist_id)!, {
      match_count: Number(c.match_count),
      new_match_count: Number(c.new_match_count),
      last_matched_at: c.last_matched_at,
    });
  for (const w of weekly.rows) {
    const key = new Date(w.week).toISOString().slice(0, 10);
    const slot = stats.get(w.watchlist_id)!.weekly.find((s) => s.week_start === key);
    if (slot) slot.matches = Number(w.matches);
  }
  for (const s of sources.rows)
    stats.get(s.watchlist_id)!.top_sources.push({ domain: s.domain, matches: Number(s.matches) });
  return stats;
}

export function listOwnWatchlists(db: Db, userId: number, q: { page: number; page_size: number }) {
  return pageOf(
    db.selectFrom('watchlists').where('user_id', '=', userId),
    (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    q,
  );
}

/** How many watchlists, and of them with a webhook, a user keeps (for the role limits). */
export async function watchlistUsage(db: Db, userId: number): Promise<{ watchlists: number; webhooks: number }> {
  const r = await db
    .selectFrom('watchlists')
    .select((eb) => [
      eb.fn.countAll<string>().as('watchlists'),
      sql<string>`count(*) FILTER (WHERE webhook_url IS NOT NULL)`.as('webhooks'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { watchlists: Number(r.watchlists), webhooks: Number(r.webhooks) };
}

/** A page of a watchlist's matches as idea cards, newest match first. */
export function watchlistMatchCards(db: Db, watchlistId: number, q: { page: number; page_size: number }) {
  const base = db
    .selectFrom('watchlist_matches as m')
    .innerJoin('knowledge as k', 'k.id', 'm.knowledge_id')
    .where('m.watchlist_id', '=', watchlistId)
    .where(shownToOwner);
  return pageOf(
    base,
    (b) =>
      b
        .select(CARD_COLUMNS.map((c) => `k.${c}` as const))
        .select(['m.matched_at'])
        .orderBy('m.matched_at', 'desc')
        .orderBy('m.knowledge_id', 'desc'),
    q,
  );
}

export const FEED_ITEMS = 50;

/**
 * A feed's watchlist and its newest matches, or undefined when the token names none. Public
 * ideas only: a feed address is a capability that feed readers and their services pass around,
 * so even the owner's own private ideas stay in the portal's notifications.
 */
export async function feedOf(db: Db, token: string) {
  const watchlist = await db.selectFrom('watchlists').selectAll().where('feed_token', '=', token).executeTakeFirst();
  if (!watchlist) return undefined;
  const items = await db
    .selectFrom('watchlist_matches as m')
    .innerJoin('knowledge as k', 'k.id', 'm.knowledge_id')
    .select(['k.id', 'k.slug', 'k.title', 'k.summary', 'k.categories', 'k.profit_potential', 'k.profit_score'])
    .select(['k.source_url', 'k.source_domain', 'k.created_at', 'm.matched_at'])
    .where('m.watchlist_id', '=', watchlist.id)
    .where(shownToOwner)
    .where('k.visibility', '=', 'public')
    .orderBy('m.matched_at', 'desc')
    .orderBy('m.knowledge_id', 'desc')
    .limit(FEED_ITEMS)
    .execute();
  return { watchlist, items };
}
export type FeedItem = NonNullable<Awaited<ReturnType<typeof feedOf>>>['items'][number];

/** The caller's notifications (one per match), newest first, with the unread count. */
export async function notificationsOf(db: Db, userId: number, q: { page: number; page_size: number; unread: boolean }) {
  let base = db
    .selectFrom('watchlist_matches as m')
    .innerJoin('knowledge as k', 'k.id', 'm.knowledge_id')
    .innerJoin('watchlists as w', 'w.id', 'm.watchlist_id')
    .where('m.user_id', '=', userId)
    .where(shownToOwner);
  if (q.unread) base = base.where('m.read_at', 'is', null);
  const [page, unread] = await Promise.all([
    pageOf(
      base,
      (b) =>
        b
          .select(['m.watchlist_id', 'w.name as watchlist_name', 'm.knowledge_id', 'm.matched_at', 'm.read_at'])
          .select(['k.slug', 'k.title', 'k.summary', 'k.profit_potential', 'k.source_domain'])
          .orderBy('m.matched_at', 'desc')
          .orderBy('m.knowledge_id', 'desc'),
      q,
    ),
    unreadCount(db, userId),
  ]);
  return { ...page, unread };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('watchlist_matches as m')
    .innerJoin('knowledge as k', 'k.id', 'm.knowledge_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('m.user_id', '=', userId)
    .where('m.read_at', 'is', null)
    .where(shownToOwner)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A page of a watchlist's webhook delivery log, newest first. */
export function webhookDeliveriesOf(db: Db, watchlistId: number, q: { page: number; page_size: number }) {
  return pageOf(
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('knowledge as k', 'k.id', 'd.knowledge_id')
      .where('d.watchlist_id', '=', watchlistId),
    (b) =>
      b
        .select(['d.id', 'd.knowledge_id', 'k.title', 'd.url', 'd.status', 'd.attempts', 'd.response_status'])
        .select(['d.response_body', 'd.error', 'd.created_at', 'd.last_attempt_at', 'd.delivered_at'])
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc'),
    q,
  );
}

/** The caller's matches per day over the last `days` days (UTC), oldest first, days without any as 0. */
export async function alertsPerDay(db: Db, userId: number, days: number, now = new Date()) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - (days - 1) * 86_400_000);
  const rows = await sql<{ day: Date; matches: string }>`
    SELECT date_trunc('day', m.matched_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS day, count(*) AS matches
    FROM watchlist_matches m JOIN knowledge k ON k.id = m.knowledge_id
    WHERE m.user_id = ${userId} AND m.matched_at >= ${from} AND ${shownToOwner}
    GROUP BY 1`.execute(db);
  const byDay = new Map(rows.rows.map((r) => [new Date(r.day).toISOString().slice(0, 10), Number(r.matches)]));
  return Array.from({ length: days }, (_, i) => {
    const day = new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return { day, matches: byDay.get(day) ?? 0 };
  });
}
