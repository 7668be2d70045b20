import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePercentage, trendOf } from '@ideamine/shared/trend';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../test/database';
import { errorRates, throughput } from './dashboard-health';
import { domainHealth, sourcePerformance } from './insights/sources';
import { refreshTaskRollups, rollupsBehind } from './task-rollups';

// The hourly rollups behind worker-stats, error-rates, domain-health and source-performance: the
// answers read from them (closed hours) plus the live current hour must equal what the original
// all-live queries (kept below as the reference) compute on the same data.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let handle: DatabaseHandle;
let drop: () => Promise<void>;
const db = () => handle.db;

// Times are spread over 16 days at odd minutes, plus some a few minutes either side of the
// window edges (24 h, 2 and 3 days, 7 and 14 days), so every edge hour holds rows on both sides.
const spread = (i: number) => ((i * 137 + 11) % (16 * 24 * 60)) * 60_000 + 7_000;
const EDGES = [1, 2, 3, 7, 14].flatMap((d) => [d * DAY - 5 * 60_000, d * DAY + 5 * 60_000]);
const agoTimes = (count: number) => [...EDGES, ...Array.from({ length: count }, (_, i) => spread(i))];

const FAILURES: { http: number | null; error: string }[] = [
  { http: 429, error: 'HTTP 429' },
  { http: 503, error: 'HTTP 503' },
  { http: 404, error: 'HTTP 404' },
  { http: null, error: 'timeout of 10000 ms exceeded' },
  { http: null, error: 'blocked by robots.txt' },
  { http: null, error: 'getaddrinfo ENOTFOUND x.test' },
  { http: null, error: 'boom' },
];
const STATUSES = ['completed', 'failed', 'skipped', 'completed', 'failed', 'pending'] as const;

async function seed(now: number) {
  const job = await db()
    .insertInto('jobs')
    .values({ initial_url: 'https://r.test/' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const times = agoTimes(400);
  await db()
    .insertInto('crawl_tasks')
    .values(
      times.map((ago, i) => {
        const status = STATUSES[i % STATUSES.length]!;
        const failure = FAILURES[i % FAILURES.length]!;
        return {
          job_id: job.id,
          url: `https://r${i % 5}.test/${i}`,
          domain: `r${i % 5}.test`,
          status,
          attempts: 1 + (i % 3),
          http_status: status === 'failed' ? failure.http : 200,
          error: status === 'failed' ? failure.error : null,
          finished_at: status === 'pending' ? null : new Date(now - ago),
        };
      }),
    )
    .execute();
  const pages = await db()
    .insertInto('raw_data')
    .values(
      agoTimes(120).map((ago, i) => ({
        url: `https://p${i % 4}.test/${i}`,
        domain: i % 9 === 8 ? '' : `p${i % 4}.test`,
        content: 'x',
        content_hash: `h${i}`,
        created_at: new Date(now - ago),
      })),
    )
    .returning('id')
    .execute();
  await db()
    .insertInto('transform_tasks')
    .values(
      pages.map((p, i) => {
        const status = STATUSES[i % STATUSES.length]!;
        return {
          raw_data_id: p.id,
          status,
          items_created: i % 3,
          finished_at: status === 'pending' ? null : new Date(now - spread(i * 7)),
        };
      }),
    )
    .execute();
  const ideas = agoTimes(150).map((ago, i) => ({
    slug: `i${i}`,
    title: `Idea ${i}`,
    source_url: `https://i.test/${i}`,
    content_hash: `k${i}`,
    raw_data_id: pages[(i * 5) % pages.length]!.id,
    profit_score: i % 4 === 3 ? null : (i % 10) + 0.25,
    deleted_at: i % 11 === 10 ? new Date() : null,
    created_at: new Date(now - ago),
  }));
  await db().insertInto('knowledge').values(ideas).execute();
}

/** The original all-live queries, as the reference for the numbers. */
async function reference() {
  const processed = sql`status IN ('completed', 'failed')`;
  const hourly = await sql<{ crawl: number; transform: number }>`
    SELECT
      (SELECT count(*) FROM crawl_tasks WHERE finished_at >= b.t AND finished_at < b.t + interval '1 hour'
         AND ${processed}) AS crawl,
      (SELECT count(*) FROM transform_tasks WHERE finished_at >= b.t AND finished_at < b.t + interval '1 hour'
         AND ${processed}) AS transform
    FROM generate_series(date_trunc('hour', now(), 'UTC') - interval '5 hours', date_trunc('hour', now(), 'UTC'),
                         interval '1 hour') AS b(t)
    ORDER BY b.t`.execute(db());
  const daily = await sql<{ crawl: number; transform: number }>`
    SELECT
      (SELECT count(*) FROM crawl_tasks WHERE finished_at >= b.t AND finished_at < b.t + interval '1 day'
         AND ${processed}) AS crawl,
      (SELECT count(*) FROM transform_tasks WHERE finished_at >= b.t AND finished_at < b.t + interval '1 day'
         AND ${processed}) AS transform
    FROM generate_series(date_trunc('day', now(), 'UTC') - interval '6 days', date_trunc('day', now(), 'UTC'),
                         interval '1 day') AS b(t)
    ORDER BY b.t`.execute(db());
  const rates = await sql<Record<string, number>>`
    SELECT
      (SELECT count(*) FROM crawl_tasks WHERE finished_at >= now() - interval '24 hours' AND status = 'failed') AS cf,
      (SELECT count(*) FROM crawl_tasks WHERE finished_at >= now() - interval '24 hours' AND ${processed}) AS ca,
      (SELECT count(*) FROM transform_tasks WHERE finished_at >= now() - interval '24 hours' AND status = 'failed') AS tf,
      (SELECT count(*) FROM transform_tasks WHERE finished_at >= now() - interval '24 hours' AND ${processed}) AS ta
  `.execute(db());
  const health = await sql<{
    domain: string;
    completed: number;
    failed: number;
    success_rate: number;
    retry_count: number;
    failing_days: number;
  }>`
    SELECT domain, count(*) FILTER (WHERE status = 'completed') AS completed,
           count(*) FILTER (WHERE status = 'failed') AS failed,
           coalesce(round(100.0 * count(*) FILTER (WHERE status = 'completed')
             / nullif(count(*) FILTER (WHERE status IN ('completed', 'failed')), 0), 1), 100) AS success_rate,
           coalesce(sum(greatest(attempts - 1, 0)), 0) AS retry_count,
           count(DISTINCT floor(extract(epoch FROM now() - finished_at) / 86400)) FILTER (
             WHERE status = 'failed' AND finished_at >= now() - interval '3 days') AS failing_days
    FROM crawl_tasks
    WHERE finished_at >= now() - interval '7 days' AND status IN ('completed', 'failed', 'skipped')
    GROUP BY domain ORDER BY domain`.execute(db());
  const sources = await sql<Record<string, number | string>>`
    WITH raw AS (
      SELECT domain, count(*) AS data_volume,
             count(*) FILTER (WHERE created_at >= now() - interval '7 days') AS recent,
             count(*) FILTER (WHERE created_at >= now() - interval '14 days'
                                AND created_at < now() - interval '7 days') AS previous
      FROM raw_data WHERE domain <> '' GROUP BY domain
    ), transforms AS (
      SELECT r.domain, count(*) AS finished, count(*) FILTER (WHERE t.items_created >= 1) AS productive
      FROM transform_tasks t JOIN raw_data r ON r.id = t.raw_data_id
      WHERE t.status IN ('completed', 'failed', 'skipped') GROUP BY r.domain
    ), ideas AS (
      SELECT r.domain, count(*) AS ideas, avg(k.profit_score) AS avg_profit
      FROM knowledge k JOIN raw_data r ON r.id = k.raw_data_id
      WHERE k.deleted_at IS NULL AND k.merged_into_id IS NULL GROUP BY r.domain
    )
    SELECT raw.domain, raw.data_volume, raw.recent, raw.previous,
           coalesce(round(100.0 * t.productive / nullif(t.finished, 0), 1), 0) AS knowledge_extraction_rate,
           round(100.0 * coalesce(i.ideas, 0) / raw.data_volume, 1) AS idea_generation_rate,
           coalesce(round(i.avg_profit, 2), 0) AS avg_profit_potential
    FROM raw LEFT JOIN transforms t USING (domain) LEFT JOIN ideas i USING (domain)
    ORDER BY raw.domain`.execute(db());
  return { hourly: hourly.rows, daily: daily.rows, rates: rates.rows[0]!, health: health.rows, sources: sources.rows };
}

const snapshot = async () => ({
  tasks: (await sql`SELECT * FROM task_hourly ORDER BY kind, hour, domain`.execute(db())).rows,
  sources: (await sql`SELECT * FROM source_hourly ORDER BY hour, domain`.execute(db())).rows,
});

beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  handle = openDatabase(created.url, 2);
  await seed(Date.now());
});
afterAll(async () => {
  await handle.close();
  await drop();
});

describe('task rollups', () => {
  it('rolls up closed hours only, and a second refresh changes nothing', async () => {
    expect(await rollupsBehind(db())).toBe(true);
    await refreshTaskRollups(db());
    // Up to date for the rest of this hour, even when the last closed hour had no finished task
    // (an idle install must not recompute on every dashboard call).
    expect(await rollupsBehind(db())).toBe(false);
    const first = await snapshot();
    expect(first.tasks.length).toBeGreaterThan(50);
    expect(first.sources.length).toBeGreaterThan(50);
    const { rows } = await sql<{ closed: boolean }>`
      SELECT (SELECT max(hour) FROM task_hourly) < date_trunc('hour', now(), 'UTC')
         AND (SELECT max(hour) FROM source_hourly) < date_trunc('hour', now(), 'UTC') AS closed`.execute(db());
    expect(rows[0]!.closed).toBe(true);
    await refreshTaskRollups(db());
    expect(await snapshot()).toEqual(first);
  });

  it('holds per hour and domain exactly what the task tables hold for closed hours', async () => {
    const live = await sql`
      SELECT 'crawl' AS kind, date_trunc('hour', finished_at, 'UTC') AS hour, domain,
             count(*) FILTER (WHERE status = 'completed')::int AS completed,
             count(*) FILTER (WHERE status = 'failed')::int AS failed,
             count(*) FILTER (WHERE status = 'skipped')::int AS skipped
      FROM crawl_tasks
      WHERE status IN ('completed', 'failed', 'skipped') AND finished_at < date_trunc('hour', now(), 'UTC')
      GROUP BY 2, 3 ORDER BY 2, 3`.execute(db());
    const rolled = await sql`
      SELECT kind, hour, domain, completed, failed, skipped FROM task_hourly WHERE kind = 'crawl'
      ORDER BY hour, domain`.execute(db());
    expect(rolled.rows).toEqual(live.rows);
  });

  it('holds in crawl_daily the crawl hours of every closed day, summed', async () => {
    const columns = sql`completed, failed, skipped, retries, err_http_429, err_http_5xx, err_http_4xx, err_timeout,
      err_robots, err_network, err_other`;
    const daily = await sql`SELECT day, domain, ${columns} FROM crawl_daily ORDER BY day, domain`.execute(db());
    const summed = await sql`
      SELECT date_trunc('day', hour, 'UTC') AS day, domain, sum(completed)::int AS completed,
             sum(failed)::int AS failed, sum(skipped)::int AS skipped, sum(retries) AS retries,
             sum(err_http_429)::int AS err_http_429, sum(err_http_5xx)::int AS err_http_5xx,
             sum(err_http_4xx)::int AS err_http_4xx, sum(err_timeout)::int AS err_timeout,
             sum(err_robots)::int AS err_robots, sum(err_network)::int AS err_network, sum(err_other)::int AS err_other
      FROM task_hourly WHERE kind = 'crawl' AND hour < date_trunc('day', now(), 'UTC')
      GROUP BY 1, 2 ORDER BY 1, 2`.execute(db());
    expect(daily.rows.length).toBeGreaterThan(20);
    expect(daily.rows).toEqual(summed.rows);
  });

  it('answers exactly as the live queries, the current hour read live', async () => {
    // A task finishing now: in no rollup row, yet counted.
    const job = await db().selectFrom('jobs').select('id').executeTakeFirstOrThrow();
    await db()
      .insertInto('crawl_tasks')
      .values({ job_id: job.id, url: 'https://r1.test/now', domain: 'r1.test', status: 'failed', error: 'boom' })
      .execute();
    await sql`UPDATE crawl_tasks SET finished_at = now() WHERE url = 'https://r1.test/now'`.execute(db());
    await refreshTaskRollups(db());
    const { rows } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM task_hourly WHERE hour >= date_trunc('hour', now(), 'UTC')`.execute(db());
    expect(rows[0]!.n).toBe(0);

    const ref = await reference();
    const t = await throughput(db());
    expect(t.hourly_throughput.map((b) => ({ crawl: b.crawl_tasks, transform: b.transform_tasks }))).toEqual(
      ref.hourly,
    );
    expect(t.daily_throughput.map((b) => ({ crawl: b.crawl_tasks, transform: b.transform_tasks }))).toEqual(ref.daily);
    expect(t.hourly_throughput.at(-1)!.crawl_tasks).toBeGreaterThan(0);

    const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
    const rates = await errorRates(db());
    expect({ crawl: rates.crawl, transform: rates.transform }).toEqual({
      crawl: pct(ref.rates.cf!, ref.rates.ca!),
      transform: pct(ref.rates.tf!, ref.rates.ta!),
    });

    const health = (await domainHealth(db(), 100, false)).domains;
    expect(health.map((d) => d.domain).sort()).toEqual(ref.health.map((d) => d.domain));
    for (const r of ref.health) {
      const d = health.find((h) => h.domain === r.domain)!;
      expect({ domain: d.domain, success_rate: d.success_rate, retry_count: d.retry_count }).toEqual({
        domain: r.domain,
        success_rate: r.success_rate,
        retry_count: r.retry_count,
      });
      const done = r.completed + r.failed;
      const persistent = (done >= 5 && (100 * r.completed) / done < 50) || r.failing_days >= 3;
      expect(d.has_persistent_issues, r.domain).toBe(persistent);
    }
    const types = await sql<{ domain: string; type: string; count: number }>`
      SELECT domain, CASE
        WHEN http_status = 429 THEN 'HTTP 429' WHEN http_status BETWEEN 500 AND 599 THEN 'HTTP 5xx'
        WHEN http_status BETWEEN 400 AND 499 THEN 'HTTP 4xx' WHEN error ~* 'timeout' THEN 'Timeout'
        WHEN error ~* 'robots' THEN 'Robots' WHEN error ~* 'ENOTFOUND' THEN 'Network' ELSE 'Other' END AS type,
        count(*) AS count
      FROM crawl_tasks WHERE status = 'failed' AND finished_at >= now() - interval '7 days'
      GROUP BY 1, 2 ORDER BY 1, count DESC, type`.execute(db());
    expect(
      health
        .flatMap((d) => d.error_types.map((e) => ({ domain: d.domain, type: e.type, count: e.count })))
        .sort((a, b) => a.domain.localeCompare(b.domain)),
    ).toEqual(types.rows);

    const sources = (await sourcePerformance(db(), { sort: 'data_volume', order: 'desc', limit: 100 })).sources;
    expect(sources.map((s) => s.domain).sort()).toEqual(ref.sources.map((s) => s.domain));
    for (const r of ref.sources) {
      const s = sources.find((x) => x.domain === r.domain)!;
      expect(s).toMatchObject({
        data_volume: r.data_volume,
        knowledge_extraction_rate: r.knowledge_extraction_rate,
        idea_generation_rate: r.idea_generation_rate,
        avg_profit_potential: r.avg_profit_potential,
        trend: trendOf(changePercentage(Number(r.recent), Number(r.previous))),
      });
    }
  });
});
