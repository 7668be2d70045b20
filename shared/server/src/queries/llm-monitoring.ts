import { sql, type RawBuilder } from 'kysely';
import type { InsightPeriod } from '@ideamine/shared/contract/dashboard-insights';
import type { LlmCall, LlmStats } from '@ideamine/shared/contract/llm-monitoring';
import type { Db } from '../db/database';
import { WINDOW_HOURS } from '@ideamine/shared/limits';
import { percentOf } from '@ideamine/shared/trend';

// LLM monitoring (/admin/llm-monitoring): the llm_calls log aggregated per model and over time.
// Each aggregate is its own function so it can later be read from an hourly rollup.

/** Time series buckets: hourly for 24h, daily otherwise; always in UTC. */
export const SERIES = {
  '24h': { unit: 'hour', buckets: 24 },
  '7d': { unit: 'day', buckets: 7 },
  '30d': { unit: 'day', buckets: 30 },
} as const satisfies Record<InsightPeriod, { unit: 'hour' | 'day'; buckets: number }>;
/** How many failed calls the model page lists. */
export const RECENT_ERRORS = 20;

const STATS = sql`
  count(*) AS calls,
  count(*) FILTER (WHERE status = 'error') AS errors,
  coalesce(sum(prompt_tokens), 0) AS prompt_tokens,
  coalesce(sum(completion_tokens), 0) AS completion_tokens,
  coalesce(sum(total_tokens), 0) AS total_tokens,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE status <> 'skipped') AS p50,
  percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE status <> 'skipped') AS p95,
  coalesce(sum(cost_usd), 0) AS cost_usd`;

interface StatsRow {
  calls: number;
  errors: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  p50: number | null;
  p95: number | null;
  cost_usd: number;
}

const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;

function presentStats(r: StatsRow | undefined): LlmStats {
  if (!r)
    return presentStats({
      calls: 0,
      errors: 0,
      prompt_tokens: 0,
      completion_tokens: 0,
      total_tokens: 0,
      p50: null,
      p95: null,
      cost_usd: 0,
    });
  return {
    calls: r.calls,
    errors: r.errors,
    error_rate: percentOf(r.errors, r.calls),
    prompt_tokens: r.prompt_tokens,
    completion_tokens: r.completion_tokens,
    total_tokens: r.total_tokens,
    latency_p50_ms: round(r.p50 ?? 0, 1),
    latency_p95_ms: round(r.p95 ?? 0, 1),
    cost_usd: round(r.cost_usd, 6),
  };
}

const inPeriod = (period: InsightPeriod) => sql`created_at >= now() - make_interval(hours => ${WINDOW_HOURS[period]})`;
const forModel = (model: string | null) => (model === null ? sql`true` : sql`model = ${model}`);

/** Every provider and model with calls in the period, busiest first. */
export async function llmModelStats(db: Db, period: InsightPeriod) {
  const { rows } = await sql<StatsRow & { provider: string; model: string }>`
    SELECT provider, model, ${STATS}
    FROM llm_calls WHERE ${inPeriod(period)}
    GROUP BY provider, model
    ORDER BY calls DESC, model, provider`.execute(db);
  return rows.map((r) => ({ provider: r.provider, model: r.model, ...presentStats(r) }));
}

/** The same aggregate over all calls of the period, or one model's. */
export async function llmTotals(db: Db, period: InsightPeriod, model: string | null = null): Promise<LlmStats> {
  const { rows } = await sql<StatsRow>`
    SELECT ${STATS} FROM llm_calls WHERE ${inPeriod(period)} AND ${forModel(model)}`.execute(db);
  return presentStats(rows[0]);
}

/** Calls, errors, tokens and cost per bucket, oldest first, empty buckets included. */
export async function llmSeries(db: Db, period: InsightPeriod, model: string | null = null) {
  const { unit, buckets } = SERIES[period];
  const step = sql.lit(`1 ${unit}`);
  const bucketOf = (column: RawBuilder<unknown>) => sql`date_trunc(${sql.lit(unit)}, ${column} AT TIME ZONE 'UTC')`;
  const { rows } = await sql<{
    timestamp: string;
    calls: number;
    errors: number;
    total_tokens: number;
    cost_usd: number;
  }>`
    WITH buckets AS (
      SELECT generate_series(
               ${bucketOf(sql`now()`)} - ${sql.lit(buckets - 1)} * ${step}::interval,
               ${bucketOf(sql`now()`)},
               ${step}::interval
             ) AS bucket
    ), counted AS (
      SELECT ${bucketOf(sql`created_at`)} AS bucket,
             count(*) AS calls,
             count(*) FILTER (WHERE status = 'error') AS errors,
             sum(total_tokens) AS total_tokens,
             sum(cost_usd) AS cost_usd
      FROM llm_calls
      WHERE created_at >= (${bucketOf(sql`now()`)} - ${sql.lit(buckets - 1)} * ${step}::interval) AT TIME ZONE 'UTC'
        AND ${forModel(model)}
      GROUP BY 1
    )
    SELECT to_char(b.bucket, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS timestamp,
           coalesce(c.calls, 0) AS calls, coalesce(c.errors, 0) AS errors,
           coalesce(c.total_tokens, 0) AS total_tokens, coalesce(c.cost_usd, 0) AS cost_usd
    FROM buckets b LEFT JOIN counted c USING (bucket)
    ORDER BY b.bucket`.execute(db);
  return rows.map((r) => ({ ...r, cost_usd: round(r.cost_usd, 6) }));
}

/** The providers a model was called through, ever; empty when the model is unknown. */
export async function llmModelProviders(db: Db, model: string): Promise<string[]> {
  const rows = await db
    .selectFrom('llm_calls')
    .where('model', '=', model)
    .select('provider')
    .distinct()
    .orderBy('provider')
    .execute();
  return rows.map((r) => r.provider);
}

const CALL_COLUMNS = [
  'id',
  'provider',
  'purpose',
  'status',
  'prompt_tokens',
  'completion_tokens',
  'total_tokens',
  'latency_ms',
  'cost_usd',
  'error',
  'knowledge_id',
  'created_at',
] as const;

type CallRow = Omit<LlmCall, 'created_at' | 'cost_usd'> & { created_at: Date; cost_usd: number | string };
const presentCall = (r: CallRow): LlmCall => ({
  ...r,
  cost_usd: Number(r.cost_usd),
  created_at: r.created_at.toISOString(),
});

/** A model's calls, newest first, one page at a time. */
export async function llmRecentCalls(db: Db, model: string, p: { page: number; page_size: number }) {
  const base = db.selectFrom('llm_calls').where('model', '=', model);
  const [rows, count] = await Promise.all([
    base
      .select(CALL_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(p.page_size)
      .offset((p.page - 1) * p.page_size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(presentCall), total: Number(count.n) };
}

/** A model's newest failed calls. */
export async function llmRecentErrors(db: Db, model: string, limit = RECENT_ERRORS): Promise<LlmCall[]> {
  const rows = await db
    .selectFrom('llm_calls')
    .where('model', '=', model)
    .where('status', '=', 'error')
    .select(CALL_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(presentCall);
}
