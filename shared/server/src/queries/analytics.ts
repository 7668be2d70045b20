import { sql } from 'kysely';
import { WINDOW_HOURS } from '@ideamine/shared/limits';
import type { Db } from '../db/database';

// Aggregates behind /admin/analytics and /admin/engagement, straight from the tables.

export type AdminPeriod = '24h' | '7d' | '30d';

const since = (period: AdminPeriod) => sql`now() - make_interval(hours => ${WINDOW_HOURS[period]})`;
const days = (period: AdminPeriod) =>
  sql`generate_series(date_trunc('day', ${since(period)}), date_trunc('day', now()), interval '1 day')`;

/** The consented visitors who opened the sign-up page since `from`. */
const registerVisitors = (from: ReturnType<typeof since>) =>
  sql`SELECT visitor_id FROM analytics_events WHERE occurred_at >= ${from} AND name = 'page_view' AND path = '/register'`;

export async function analyticsOverview(db: Db, period: AdminPeriod, limit: number) {
  const from = since(period);
  const totals = await sql<Record<string, string>>`
    SELECT
      (SELECT count(DISTINCT user_id) FROM (
         SELECT user_id FROM analytics_events WHERE occurred_at >= ${from} AND user_id IS NOT NULL
         UNION SELECT user_id FROM sessions WHERE created_at >= ${from}) u) AS active_users,
      (SELECT count(DISTINCT visitor_id) FROM analytics_events WHERE occurred_at >= ${from}) AS unique_visitors,
      (SELECT count(*) FROM analytics_events WHERE occurred_at >= ${from} AND name = 'page_view') AS page_views,
      (SELECT count(DISTINCT visitor_id) FROM analytics_events
         WHERE occurred_at >= ${from} AND name = 'page_view' AND path = '/register') AS register_page_visitors,
      -- The funnel follows the consented visitors who opened the sign-up page: of them, who made
      -- an account (their events carry it) and who of those started a trial. Counting every new
      -- account instead put more sign-ups than sign-up page visitors (a funnel over 100%).
      (SELECT count(DISTINCT u.id) FROM users u JOIN analytics_events e ON e.user_id = u.id
         WHERE u.created_at >= ${from} AND e.visitor_id IN (${registerVisitors(from)})) AS funnel_signups,
      (SELECT count(DISTINCT u.id) FROM users u JOIN analytics_events e ON e.user_id = u.id
         WHERE u.created_at >= ${from} AND u.role = 'trial' AND e.visitor_id IN (${registerVisitors(from)}))
        AS funnel_trial_signups,
      (SELECT count(*) FROM users WHERE role = 'trial' AND (trial_expires_at IS NULL OR trial_expires_at >= now())) AS trial_active,
      (SELECT count(*) FROM users WHERE role = 'trial' AND trial_expires_at < now()) AS trial_expired,
      (SELECT count(*) FROM users WHERE role <> 'trial') AS trial_not_applicable`.execute(db);
  const t = totals.rows[0]!;
  const n = (k: string) => Number(t[k] ?? 0);
  const topPages = await sql<{ path: string; views: string }>`
    SELECT path, count(*) AS views FROM analytics_events
    WHERE occurred_at >= ${from} AND name = 'page_view' AND path IS NOT NULL
    GROUP BY path ORDER BY views DESC, path LIMIT ${limit}`.execute(db);
  const daily = await sql<{ date: string; page_views: string; visitors: string; signups: string }>`
    SELECT to_char(d, 'YYYY-MM-DD') AS date,
      (SELECT count(*) FROM analytics_events WHERE name = 'page_view' AND occurred_at >= d AND occurred_at < d + interval '1 day') AS page_views,
      (SELECT count(DISTINCT visitor_id) FROM analytics_events WHERE occurred_at >= d AND occurred_at < d + interval '1 day') AS visitors,
      (SELECT count(*) FROM users WHERE created_at >= d AND created_at < d + interval '1 day') AS signups
    FROM ${days(period)} AS d ORDER BY d`.execute(db);
  return {
    period,
    active_users: n('active_users'),
    unique_visitors: n('unique_visitors'),
    page_views: n('page_views'),
    top_pages: topPages.rows.map((r) => ({ path: r.path, views: Number(r.views) })),
    signup_funnel: {
      visitors: n('unique_visitors'),
      register_page_visitors: n('register_page_visitors'),
      signups: n('funnel_signups'),
      trial_signups: n('funnel_trial_signups'),
    },
    trial_status: { active: n('trial_active'), expired: n('trial_expired'), not_applicable: n('trial_not_applicable') },
    daily: daily.rows.map((r) => ({
      date: r.date,
      page_views: Number(r.page_views),
      visitors: Number(r.visitors),
      signups: Number(r.signups),
    })),
  };
}

export async function engagementOverview(db: Db, period: AdminPeriod, limit: number) {
  const from = since(period);
  const totals = await sql<Record<string, string | null>>`
    SELECT
      (SELECT count(*) FROM knowledge_views WHERE created_at >= ${from}) AS views,
      (SELECT count(DISTINCT viewer_key) FROM knowledge_views WHERE created_at >= ${from}) AS unique_viewers,
      (SELECT count(*) FROM knowledge_views WHERE created_at >= ${from} AND time_on_page_ms > 1000) AS engaged_views,
      (SELECT round(avg(time_on_page_ms)) FROM knowledge_views WHERE created_at >= ${from} AND time_on_page_ms > 1000) AS average_time_on_page_ms,
      (SELECT count(*) FROM knowledge_votes WHERE updated_at >= ${from}) AS votes,
      (SELECT count(*) FROM knowledge_votes WHERE updated_at >= ${from} AND vote_type = 'upvote') AS upvotes,
      (SELECT count(*) FROM knowledge_votes WHERE updated_at >= ${from} AND vote_type = 'downvote') AS downvotes,
      (SELECT count(*) FROM knowledge_app_requests WHERE created_at >= ${from}) AS app_requests,
      (SELECT count(*) FROM knowledge_implementations WHERE created_at >= ${from}) AS implementations`.execute(db);
  const t = totals.rows[0]!;
  const n = (k: string) => Number(t[k] ?? 0);
  const top = await sql<{
    id: number;
    title: string;
    slug: string;
    views: string;
    votes: string;
    app_requests: string;
    implementations: string;
  }>`
    WITH activity AS (
      SELECT knowledge_id, 1 AS views, 0 AS votes, 0 AS app_requests, 0 AS implementations FROM knowledge_views WHERE created_at >= ${from}
      UNION ALL SELECT knowledge_id, 0, 1, 0, 0 FROM knowledge_votes WHERE updated_at >= ${from}
      UNION ALL SELECT knowledge_id, 0, 0, 1, 0 FROM knowledge_app_requests WHERE created_at >= ${from}
      UNION ALL SELECT knowledge_id, 0, 0, 0, 1 FROM knowledge_implementations WHERE created_at >= ${from}
    )
    SELECT k.id, k.title, k.slug, sum(a.views) AS views, sum(a.votes) AS votes,
           sum(a.app_requests) AS app_requests, sum(a.implementations) AS implementations
    FROM activity a JOIN knowledge k ON k.id = a.knowledge_id AND k.deleted_at IS NULL
    GROUP BY k.id ORDER BY sum(a.views) + 3 * sum(a.votes) + 5 * sum(a.app_requests) + 5 * sum(a.implementations) DESC, k.id
    LIMIT ${limit}`.execute(db);
  const daily = await sql<{
    date: string;
    views: string;
    votes: string;
    app_requests: string;
    implementations: string;
  }>`
    SELECT to_char(d, 'YYYY-MM-DD') AS date,
      (SELECT count(*) FROM knowledge_views WHERE created_at >= d AND created_at < d + interval '1 day') AS views,
      (SELECT count(*) FROM knowledge_votes WHERE updated_at >= d AND updated_at < d + interval '1 day') AS votes,
      (SELECT count(*) FROM knowledge_app_requests WHERE created_at >= d AND created_at < d + interval '1 day') AS app_requests,
      (SELECT count(*) FROM knowledge_implementations WHERE created_at >= d AND created_at < d + interval '1 day') AS implementations
    FROM ${days(period)} AS d ORDER BY d`.execute(db);
  return {
    period,
    totals: {
      views: n('views'),
      unique_viewers: n('unique_viewers'),
      engaged_views: n('engaged_views'),
      average_time_on_page_ms: n('average_time_on_page_ms'),
      votes: n('votes'),
      upvotes: n('upvotes'),
      downvotes: n('downvotes'),
      app_requests: n('app_requests'),
      implementations: n('implementations'),
    },
    top_ideas: top.rows.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      views: Number(r.views),
      votes: Number(r.votes),
      app_requests: Number(r.app_requests),
      implementations: Number(r.implementations),
    })),
    daily: daily.rows.map((r) => ({
      date: r.date,
      views: Number(r.views),
      votes: Number(r.votes),
      app_requests: Number(r.app_requests),
      implementations: Number(r.implementations),
    })),
  };
}
