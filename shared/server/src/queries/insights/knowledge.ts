import { sql, type RawBuilder } from 'kysely';
import type {
  IdeaPipeline,
  InsightPeriod,
  KnowledgeMetrics,
  ProfitDistribution,
  ProfitPeriod,
  TagActivity,
} from '@ideamine/shared/contract/dashboard-insights';
import { PROFIT_LABELS } from '@ideamine/shared/contract/knowledge';
import { WINDOW_HOURS } from '@ideamine/shared/limits';
import { changePercentage, percentOf, trendOf } from '@ideamine/shared/trend';
import { refilingProgress } from '../category-refiling';
import { rescoringProgress } from '../rescoring';
import type { Db } from '../../db/database';
import { HIGH_POTENTIAL_COLUMNS } from '../public-ideas';
import { windowedCounts } from '../created-windows';
import { ensureIdeaRollups, IDEA_DAILY, IDEA_DOMAINS, ideaTerms } from '../idea-rollups';
import { pageOf } from '../paging';
import { rawPageCount } from '../raw-page-count';

// Knowledge & Insights tab of the admin dashboard (spec s2, s3). Operators see every live idea,
// public or private; deleted and merged-away ideas never count. Counts come from the idea rollups
// (migration 0015, exact at every moment); only the part of a sliding window that cuts through a
// day is read from knowledge itself (see created-windows.ts).

/** Domains shown by name in knowledge metrics (the portal's domain pie has 7 colours, spec s9). */
export const TOP_DOMAINS = 7;
/** Profit distribution 'all' compares the last 30 days with the 30 before. */
const ALL_TIME_COMPARISON_HOURS = 720;

const LIVE = sql`deleted_at IS NULL AND merged_into_id IS NULL`;
const since = (hours: number) => sql`now() - make_interval(hours => ${hours})`;
const n = (v: unknown) => Number(v ?? 0);

/** Live ideas created in [start, end) per `key` (an expression over knowledge), for windowedCounts. */
const liveIdeas = (key: RawBuilder<unknown>, where: RawBuilder<unknown> = sql`true`) =>
  function count(start: RawBuilder<unknown>, end: RawBuilder<unknown>) {
    return sql`
      SELECT ${key} AS key, count(*) AS n FROM knowledge
      WHERE ${LIVE} AND ${where} AND created_at >= ${start} AND created_at < ${end}
      GROUP BY 1`;
  };

/** All-time totals of live ideas from idea_daily. */
async function ideaTotals(db: Db) {
  const { rows } = await sql<{
    total: number;
    enriched: number;
    analyzed: number;
    avg_profit: number | null;
    scored: number;
  }>`
    SELECT coalesce(sum(ideas), 0) AS total, coalesce(sum(enriched), 0) AS enriched,
           coalesce(sum(analyzed), 0) AS analyzed, coalesce(sum(scored), 0) AS scored,
           round(sum(profit_sum) / nullif(sum(profit_count), 0), 2) AS avg_profit
    FROM ${IDEA_DAILY} AS d`.execute(db);
  const t = rows[0]!;
  return { ...t, total: n(t.total), enriched: n(t.enriched), analyzed: n(t.analyzed), scored: n(t.scored) };
}

export async function knowledgeMetrics(db: Db): Promise<KnowledgeMetrics> {
  await ensureIdeaRollups(db);
  const growth = windowedCounts({
    daily: sql`SELECT day, '' AS key, ideas AS n FROM ${IDEA_DAILY} AS d`,
    live: liveIdeas(sql`''`),
    windows: {
      new_24h: { from: since(24) },
      new_7d: { from: since(168) },
      previous_7d: { from: since(336), to: since(168) },
    },
  });
  const [m, windows, domains] = await Promise.all([
    ideaTotals(db),
    sql<{ new_24h: number | null; new_7d: number | null; previous_7d: number | null }>`${growth}`.execute(db),
    largestDomains(db),
  ]);
  const w = windows.rows[0];
  const new7d = n(w?.new_7d);
  return {
    total_items: m.total,
    new_items_24h: n(w?.new_24h),
    new_items_7d: new7d,
    growth_rate_percentage: changePercentage(new7d, n(w?.previous_7d)),
    enriched_count: m.enriched,
    non_enriched_count: m.total - m.enriched,
    analyzed_count: m.analyzed,
    non_analyzed_count: m.total - m.analyzed,
    avg_profit_potential: m.avg_profit ?? 0,
    by_domain: withOther(domains, m.total),
  };
}

/** The TOP_DOMAINS largest source domains by live ideas (ideas without one count as 'unknown'). */
async function largestDomains(db: Db): Promise<{ domain: string; count: number }[]> {
  const { rows } = await sql<{ domain: string; count: number }>`
    SELECT coalesce(nullif(domain, ''), 'unknown') AS domain, sum(ideas) AS count
    FROM ${IDEA_DOMAINS} AS d
    GROUP BY 1 HAVING sum(ideas) > 0
    ORDER BY count DESC, domain
    LIMIT ${TOP_DOMAINS}`.execute(db);
  return rows.map((r) => ({ domain: r.domain, count: n(r.count) }));
}

/** The largest domains with their share of `total`, then the rest as 'Other'. */
function withOther(domains: { domain: string; count: number }[], total: number): KnowledgeMetrics['by_domain'] {
  const shown = domains.map((d) => ({ ...d, percentage: percentOf(d.count, total) }));
  const rest = total - shown.reduce((sum, d) => sum + d.count, 0);
  return rest > 0 ? [...shown, { domain: 'Other', count: rest, percentage: percentOf(rest, total) }] : shown;
}

/**
 * Tags of ideas created in the period against the period before. An idea without tags
 * contributes its keywords instead (crawled ideas are keyworded by the analyser but tagged only
 * by editors), so the widget is not empty on a crawl-only installation.
 */
export async function tagActivity(db: Db, period: InsightPeriod, limit: number): Promise<TagActivity> {
  await ensureIdeaRollups(db);
  const hours = WINDOW_HOURS[period];
  const counted = windowedCounts({
    daily: sql`SELECT day, term AS key, uses AS n FROM ${ideaTerms('tag')} AS t`,
    live: (start, end) => sql`
      SELECT key, count(*) AS n
      FROM (SELECT unnest(CASE WHEN cardinality(tags) > 0 THEN tags ELSE keywords END) AS key FROM knowledge
            WHERE ${LIVE} AND created_at >= ${start} AND created_at < ${end}) AS used
      GROUP BY key`,
    windows: { count: { from: since(hours) }, previous: { from: since(hours * 2), to: since(hours) } },
  });
  const { rows } = await sql<{ tag: string; count: number; previous: number }>`
    SELECT key AS tag, count, coalesce(previous, 0) AS previous FROM (${counted}) AS c
    WHERE count > 0
    ORDER BY count DESC, tag
    LIMIT ${limit}`.execute(db);
  return {
    period,
    top_tags: rows.map((r) => {
      const change = changePercentage(n(r.count), n(r.previous));
      return { tag: r.tag, count: n(r.count), trend: trendOf(change), change_percentage: change };
    }),
  };
}

/**
 * Raw pages, live ideas, enriched ideas and analysed ideas, with the step-to-step rates. The
 * rates are plain ratios of the shown counts: raw_to_knowledge may pass 100 when a page yields
 * several ideas or users submit ideas without a page.
 */
export async function ideaPipeline(db: Db): Promise<IdeaPipeline> {
  await ensureIdeaRollups(db);
  const [raw, t, rescoring, refiling] = await Promise.all([
    rawPageCount(db),
    ideaTotals(db),
    rescoringProgress(db),
    refilingProgress(db),
  ]);
  return {
    raw_data_items: raw,
    knowledge_items: t.total,
    enriched_ideas: t.enriched,
    analyzed_ideas: t.analyzed,
    conversion_rates: {
      raw_to_knowledge: percentOf(t.total, raw),
      knowledge_to_enriched: percentOf(t.enriched, t.total),
      enriched_to_analyzed: percentOf(t.analyzed, t.enriched),
    },
    rescoring,
    refiling,
  };
}

/**
 * Ideas per profit label created in the period (every idea for 'all'); ideas without a label are
 * left out. previous_period_change compares the period with the one before it; for 'all' it
 * compares the last 30 days with the 30 days before.
 */
export async function profitDistribution(db: Db, period: ProfitPeriod): Promise<ProfitDistribution> {
  await ensureIdeaRollups(db);
  const hours = period === 'all' ? null : WINDOW_HOURS[period];
  const compare = hours ?? ALL_TIME_COMPARISON_HOURS;
  const counted = windowedCounts({
    daily: sql`SELECT day, profit_label AS key, ideas AS n FROM ${IDEA_DAILY} AS d WHERE profit_label <> ''`,
    live: liveIdeas(sql`profit_potential`, sql`profit_potential IS NOT NULL`),
    windows: {
      count: hours === null ? {} : { from: since(hours) },
      recent: { from: since(compare) },
      previous: { from: since(compare * 2), to: since(compare) },
    },
  });
  const { rows } = await sql<{ key: string; count: number | null; recent: number | null; previous: number | null }>`
    ${counted}`.execute(db);
  const byLabel = new Map(rows.map((r) => [r.key, r]));
  const total = rows.reduce((sum, r) => sum + n(r.count), 0);
  return {
    period,
    distribution: PROFIT_LABELS.map((category) => {
      const count = n(byLabel.get(category)?.count);
      return { category, count, percentage: percentOf(count, total) };
    }),
    previous_period_change: PROFIT_LABELS.map((category) => {
      const r = byLabel.get(category);
      return { category, change_percentage: changePercentage(n(r?.recent), n(r?.previous)) };
    }),
  };
}

/**
 * Live ideas with an overall score, public or private, best first. The page is read through
 * knowledge_live_overall_idx (same order); the total is idea_daily's count of scored ideas.
 */
export async function adminHighPotentialIdeas(db: Db, p: { page: number; page_size: number }) {
  await ensureIdeaRollups(db);
  const base = db
    .selectFrom('knowledge')
    .where('deleted_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .where('overall_score', 'is not', null);
  return pageOf(
    base,
    (b) => b.select([...HIGH_POTENTIAL_COLUMNS, 'visibility']).orderBy(sql`overall_score desc nulls last, id desc`),
    p,
    async () => (await ideaTotals(db)).scored,
  );
}
