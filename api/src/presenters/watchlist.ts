import type { Notification, Watchlist } from '@ideamine/shared/contract/watchlists';
import type { WatchlistRow, WatchlistStats } from '@ideamine/server/queries/watchlists';
import { iso } from './time';

/** The private feed addresses of a watchlist, under the API. */
export const feedPaths = (token: string) => ({
  atom: `/api/v1/feeds/${token}/atom.xml`,
  json: `/api/v1/feeds/${token}/feed.json`,
});

export function presentWatchlist(w: WatchlistRow, stats: WatchlistStats): Watchlist {
  return {
    id: w.id,
    name: w.name,
    words: w.words,
    categories: w.categories,
    min_profit_label: w.min_profit_label,
    sources: w.sources,
    paused: w.paused_at !== null,
    email_digest: w.email_digest,
    webhook_url: w.webhook_url,
    webhook_secret: w.webhook_secret,
    feed: feedPaths(w.feed_token),
    match_count: stats.match_count,
    new_match_count: stats.new_match_count,
    last_matched_at: iso(stats.last_matched_at),
    weekly: stats.weekly,
    top_sources: stats.top_sources,
    created_at: w.created_at.toISOString(),
    updated_at: w.updated_at.toISOString(),
  };
}

export function presentNotification(n: {
  watchlist_id: number;
  watchlist_name: string;
  knowledge_id: number;
  slug: string;
  title: string;
  summary: string;
  profit_potential: Notification['profit_potential'];
  source_domain: string;
  matched_at: Date;
  read_at: Date | null;
}): Notification {
  const { read_at, matched_at, ...rest } = n;
  return { ...rest, matched_at: matched_at.toISOString(), read: read_at !== null };
}
