import { sql } from 'kysely';
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
import type { Db } from '../../db/database';
import { HIGH_POTENTIAL_COLUMNS } from '../public-ideas';
import { pageOf } from '../paging';

// Knowledge & Insights tab of the admin dashboard (spec s2, s3). Operators see every live idea,
// public or private; deleted and merged-away ideas never count. One function per widget so each
// can later be answered from a rollup table instead of a scan.

/** Domains shown by name in knowledge metrics (the portal's domain pie has 7 colours, spec s9). */
export const TOP_DOMAINS = 7;
/** Profit distribution 'all' compares the last 30 days with the 30 before. */
const ALL_TIME_COMPARISON_HOURS = 720;

const LIVE = sql`deleted_at IS NULL AND merged_into_id IS NULL`;
const since = (hours: number) => sql`now() - make_interval(hours => ${hours})`;

export async function knowledgeMetrics(db: Db): Promise<KnowledgeMetrics> {
  const { rows } = await sql<{
    total: number;
    new_24h: number;
    new_7d: number;
    previous_7d: number;
    enriched: number;
    analyzed: number;
    avg_profit: number | null;
  }>`
    SELECT count(*) AS total,
           count(*) FILTER (WHERE created_at >= ${since(24)}) AS new_24h,
           count(*) FILTER (WHERE created_at >= ${since(168)}) AS new_7d,
           count(*) FILTER (WHERE created_at >= ${since(336)} AND created_at < ${since(168)}) AS previous_7d,
           count(enriched_at) AS enriched,
           count(analyzed_at) AS analyzed,
           round(avg(profit_score), 2) AS avg_profit
    FROM knowledge WHERE ${LIVE}`.execute(db);
  const m = rows[0]!;
  return {
    total_items: m.total,
    new_items_24h: m.new_24h,
    new_items_7d: m.new_7d,
    growth_rate_percentage: changePercentage(m.new_7d, m.previous_7d),
    enriched_count: m.enriched,
    non_enriched_count: m.total - m.enriched,
    analyzed_count: m.analyzed,
    non_analyzed_count: m.total - m.analyzed,
    avg_profit_potential: m.avg_profit ?? 0,
    by_domain: await ideasByDomain(db, m.total),
  };
}

/** The TOP_DOMAINS largest source domains (ideas without one count as 'unknown'), then 'Other'. */
export async function ideasByDomain(db: Db, total: number): Promise<KnowledgeMetrics['by_domain']> {
  const { rows } = await sql<{ domain: string; count: number }>`
    SELECT coalesce(nullif(source_domain, ''), 'unknown') AS domain, count(*) AS count
    FROM knowledge WHERE ${LIVE}
    GROUP BY 1 ORDER BY count DESC, domain
    LIMIT ${TOP_DOMAINS}`.execute(db);
  const shown = rows.map((r) => ({ domain: r.domain, count: r.count, percentage: percentOf(r.count, total) }));
  const rest = total - rows.reduce((sum, r) => sum + r.count, 0);
  return rest > 0 ? [...shown, { domain: 'Other', count: rest, percentage: percentOf(rest, total) }] : shown;
}

/**
 * Tags of ideas created in the period against the period before. An idea without tags
 * contributes its keywords instead (crawled ideas are keyworded by the analyser but tagged only
 * by editors), so the widget is not empty on a crawl-only installation.
 */
export async function tagActivity(db: Db, period: InsightPeriod, limit: number): Promise<TagActivity> {
  const hours = WINDOW_HOURS[period];
  const { rows } = await sql<{ tag: string; count: number; previous: number }>`
    WITH counted AS (
      SELECT t AS tag,
             count(*) FILTER (WHERE k.created_at >= ${since(hours)}) AS count,
             count(*) FILTER (WHERE k.created_at < ${since(hours)}) AS previous
      FROM knowledge k,
           unnest(CASE WHEN cardinality(k.tags) > 0 THEN k.tags ELSE k.keywords END) AS t
      WHERE k.deleted_at IS NULL AND k.merged_into_id IS NULL AND k.created_at >= ${since(hours * 2)}
      GROUP BY t
    )
    SELECT tag, count, previous FROM counted
    WHERE count > 0
    ORDER BY count DESC, tag
    LIMIT ${limit}`.execute(db);
  return {
    period,
    top_tags: rows.map((r) => {
      const change = changePercentage(r.count, r.previous);
      return { tag: r.tag, count: r.count, trend: trendOf(change), change_percentage: change };
    }),
  };
}

/**
 * Raw pages, live ideas, enriched ideas and analysed ideas, with the step-to-step rates. The
 * rates are plain ratios of the shown counts: raw_to_knowledge may pass 100 when a page yields
 * several ideas or users submit ideas without a page.
 */
export async function ideaPipeline(db: Db): Promise<IdeaPipeline> {
  const { rows } = await sql<{ raw: number; ideas: number; enriched: number; analyzed: number }>`
    SELECT (SELECT count(*) FROM raw_data) AS raw,
           count(*) AS ideas,
           count(enriched_at) AS enriched,
           count(analyzed_at) AS analyzed
    FROM knowledge WHERE ${LIVE}`.execute(db);
  const p = rows[0]!;
  return {
    raw_data_items: p.raw,
    knowledge_items: p.ideas,
    enriched_ideas: p.enriched,
    analyzed_ideas: p.analyzed,
    conversion_rates: {
      raw_to_knowledge: percentOf(p.ideas, p.raw),
      knowledge_to_enriched: percentOf(p.enriched, p.ideas),
      enriched_to_analyzed: percentOf(p.analyzed, p.enriched),
    },
  };
}

/**
 * Ideas per profit label created in the period (every idea for 'all'); ideas without a label are
 * left out. previous_period_change compares the period with the one before it; for 'all' it
 * compares the last 30 days with the 30 days before.
 */
export async function profitDistribution(db: Db, period: ProfitPeriod): Promise<ProfitDistribution> {
  const hours = period === 'all' ? null : WINDOW_HOURS[period];
  const compare = hours ?? ALL_TIME_COMPARISON_HOURS;
  const { rows } = await sql<{ label: string; count: number; recent: number; previous: number }>`
    SELECT profit_potential AS label,
           count(*) FILTER (WHERE ${hours === null ? sql`true` : sql`created_at >= ${since(hours)}`}) AS count,
           count(*) FILTER (WHERE created_at >= ${since(compare)}) AS recent,
           count(*) FILTER (WHERE created_at >= ${since(compare * 2)} AND created_at < ${since(compare)}) AS previous
    FROM knowledge
    WHERE ${LIVE} AND profit_potential IS NOT NULL
      ${hours === null ? sql`` : sql`AND created_at >= ${since(hours * 2)}`}
    GROUP BY profit_potential`.execute(db);
  const byLabel = new Map(rows.map((r) => [r.label, r]));
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  return {
    period,
    distribution: PROFIT_LABELS.map((category) => {
      const count = byLabel.get(category)?.count ?? 0;
      return { category, count, percentage: percentOf(count, total) };
    }),
    previous_period_change: PROFIT_LABELS.map((category) => {
      const r = byLabel.get(category);
      return { category, change_percentage: changePercentage(r?.recent ?? 0, r?.previous ?? 0) };
    }),
  };
}

/** Live ideas with an overall score, public or private, best first. */
export function adminHighPotentialIdeas(db: Db, p: { page: number; page_size: number }) {
  const base = db
    .selectFrom('knowledge')
    .where('deleted_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .where('overall_score', 'is not', null);
  return pageOf(
    base,
    (b) => b.select([...HIGH_POTENTIAL_COLUMNS, 'visibility']).orderBy(sql`overall_score desc, id desc`),
    p,
  );
}
