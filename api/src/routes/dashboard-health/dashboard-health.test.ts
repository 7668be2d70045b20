import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDisk } from '@ideamine/server/queries/dashboard-health-status';
import { refreshTaskRollups } from '@ideamine/server/queries/task-rollups';
import { buildRawData, signedInUser } from '@ideamine/server/test/factories';
import { client } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let http: ReturnType<typeof client>;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
  token = (await signedInUser(server.app, { role: 'admin' })).token;
});
afterAll(() => server.close());

const get = async (path: string) => http.get(`/api/v1/dashboard/${path}`, { token });
const db = () => server.app.db;
const ago = (ms: number) => new Date(Date.now() - ms);
const HOUR = 3_600_000;
const setSetting = (key: string, value: unknown) =>
  db()
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
const heartbeat = (worker_id: string, queues: string[], last_seen_at: Date) =>
  db()
    .insertInto('worker_heartbeats')
    .values({ worker_id, hostname: 'test', pid: 1, queues, processed: '{}', last_seen_at })
    .execute();

describe('on an empty database', () => {
  it('answers zeros and empty lists, never errors', async () => {
    const queue = await get('queue-metrics');
    expect(queue.status).toBe(200);
    expect(queue.body.data).toMatchObject({
      crawl_tasks_queue: { depth: 0, trend: 'stable', change_percentage: 0 },
      transform_tasks_queue: { depth: 0, trend: 'stable', change_percentage: 0 },
      dead_letter_queue: { depth: 0, alert: false, threshold: 10 },
    });

    const workers = (await get('worker-stats')).body.data;
    expect(workers.active_crawl_workers).toBe(0);
    expect(workers.active_transform_workers).toBe(0);
    expect(workers.hourly_throughput).toHaveLength(6);
    expect(workers.daily_throughput).toHaveLength(7);
    expect(
      [...workers.hourly_throughput, ...workers.daily_throughput].every(
        (b: { crawl_tasks: number; transform_tasks: number }) => b.crawl_tasks === 0 && b.transform_tasks === 0,
      ),
    ).toBe(true);

    expect((await get('job-stats')).body.data).toMatchObject({
      period: '24h',
      new_jobs: { total: 0, manual: 0, scheduled: 0 },
      completed_jobs: 0,
      active_jobs: 0,
      failed_jobs: { total: 0, by_reason: [] },
      previous_period_change: {
        new_jobs_percentage: 0,
        completed_jobs_percentage: 0,
        failed_jobs_percentage: 0,
        active_jobs_percentage: 0,
      },
    });

    expect((await get('error-rates')).body.data).toMatchObject({
      crawl_task_errors: { rate: 0, threshold: 10, alert: false },
      transform_task_errors: { rate: 0, threshold: 10, alert: false },
      llm_analysis_errors: { rate: 0, threshold: 5, alert: false },
    });

    const dbStatus = (await get('database-status')).body.data;
    expect(dbStatus.connection_status).toBe('connected');
    expect(dbStatus.storage_utilization.total_mb).toBe(10240);
    expect(dbStatus.storage_utilization.used_mb).toBeGreaterThan(0);
    expect(dbStatus.record_counts.map((r: { entity: string }) => r.entity)).toEqual([
      'users',
      'jobs',
      'crawl_tasks',
      'transform_tasks',
      'raw_data',
      'knowledge',
    ]);
    expect(dbStatus.record_counts.find((r: { entity: string }) => r.entity === 'jobs')).toEqual({
      entity: 'jobs',
      count: 0,
      estimated: false,
    });

    const status = (await get('system-status?forceRefresh=true')).body.data;
    expect(status.cached).toBe(false);
    expect(status.components.map((c: { name: string }) => c.name)).toEqual([
      'database',
      'queue',
      'crawl_workers',
      'transform_workers',
      'enrich_workers',
      'analyse_workers',
      'llm_provider',
      'disk',
    ]);
    expect(status.components.find((c: { name: string }) => c.name === 'crawl_workers').status).toBe('down');
    expect(status.overall_status).toBe('down');
  });
});

describe('validation and access', () => {
  it('refuses unknown periods and flags naming the field', async () => {
    const bad = await get('job-stats?period=1y');
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('period');
    expect(bad.body.error.message).toContain('period');
    const flag = await get('system-status?forceRefresh=yes');
    expect(flag.status).toBe(400);
    expect(flag.body.error.field).toBe('forceRefresh');
  });

  it('is for admins only', async () => {
    const dev = await signedInUser(server.app, { role: 'developer' });
    for (const path of [
      'system-status',
      'queue-metrics',
      'worker-stats',
      'job-stats',
      'error-rates',
      'database-status',
    ])
      expect((await http.get(`/api/v1/dashboard/${path}`, { token: dev.token })).status, path).toBe(403);
    expect((await http.get('/api/v1/dashboard/job-stats')).status).toBe(401);
  });
});

describe('system status', () => {
  it('caches probes for 10 s unless forceRefresh, and reports process facts', async () => {
    await get('system-status?forceRefresh=true');
    await heartbeat('analyse-1', ['analyse'], new Date());
    const cached = (await get('system-status')).body.data;
    expect(cached.cached).toBe(true);
    expect(cached.components.find((c: { name: string }) => c.name === 'analyse_workers').status).toBe('down');
    const fresh = (await get('system-status?forceRefresh=true')).body.data;
    expect(fresh.cached).toBe(false);
    expect(fresh.components.find((c: { name: string }) => c.name === 'analyse_workers')).toMatchObject({
      status: 'healthy',
      message: '1 live worker',
    });
    expect(fresh.process.node_version).toBe(process.version);
    expect(fresh.process.postgres_version).toMatch(/^\d+/);
    expect(fresh.process.memory.rss_mb).toBeGreaterThan(0);
    expect(fresh.process.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(fresh.components.find((c: { name: string }) => c.name === 'database').status).toBe('healthy');
    await db().deleteFrom('worker_heartbeats').execute();
  });

  it('reports the LLM provider: local healthy, openai without key down, openai with failures degraded', async () => {
    const saved = { key: process.env.OPENAI_API_KEY, llm: process.env.LLM_API_KEY };
    const llm = async () =>
      (await get('system-status?forceRefresh=true')).body.data.components.find(
        (c: { name: string }) => c.name === 'llm_provider',
      );
    try {
      expect((await llm()).status).toBe('healthy');
      await setSetting('llm.provider', 'openai');
      delete process.env.OPENAI_API_KEY;
      delete process.env.LLM_API_KEY;
      expect(await llm()).toMatchObject({ status: 'down', message: expect.stringContaining('OPENAI_API_KEY') });
      process.env.OPENAI_API_KEY = 'sk-test';
      expect((await llm()).status).toBe('healthy');
      await db()
        .insertInto('llm_calls')
        .values(
          Array.from({ length: 4 }, (_, i) => ({
            provider: 'openai',
            model: 'm',
            purpose: 'enrich',
            status: i === 0 ? ('error' as const) : ('ok' as const),
            created_at: ago(10 * 60_000),
          })),
        )
        .execute();
      expect(await llm()).toMatchObject({ status: 'degraded', message: expect.stringContaining('1 of 4') });
    } finally {
      process.env.OPENAI_API_KEY = saved.key;
      if (saved.key === undefined) delete process.env.OPENAI_API_KEY;
      if (saved.llm !== undefined) process.env.LLM_API_KEY = saved.llm;
      await db().deleteFrom('settings').where('key', '=', 'llm.provider').execute();
      await db().deleteFrom('llm_calls').execute();
    }
  });

  it('grades disk space: degraded under 10% free, down under 2%', async () => {
    const fake = (bavail: number) => (async () => ({ blocks: 1000, bavail, bsize: 4096 })) as never;
    expect((await checkDisk(server.app, fake(500))).status).toBe('healthy');
    expect((await checkDisk(server.app, fake(99))).status).toBe('degraded');
    expect((await checkDisk(server.app, fake(19))).status).toBe('down');
    expect((await checkDisk(server.app)).message).toMatch(/% free/);
  });
});

describe('with seeded pipeline history', () => {
  const hourStart = new Date(Math.floor(Date.now() / HOUR) * HOUR);
  const h = (n: number) => new Date(hourStart.getTime() - n * HOUR);
  let jobId: number;

  beforeAll(async () => {
    const job = (at: number, o: Record<string, unknown>) =>
      db()
        .insertInto('jobs')
        .values({ initial_url: 'https://example.test/', created_at: ago(at * HOUR), ...o })
        .returning('id')
        .executeTakeFirstOrThrow();
    // The current 24 hours.
    jobId = (await job(1, { status: 'completed', started_at: ago(HOUR), finished_at: ago(0.5 * HOUR) })).id;
    await job(2, { origin: 'scheduled', status: 'failed', error: 'Timeout', finished_at: ago(HOUR) });
    await job(3, { status: 'partially_completed', finished_at: ago(2 * HOUR) });
    await job(4, { status: 'failed', error: 'Timeout', finished_at: ago(3 * HOUR) });
    await job(5, { status: 'active', started_at: ago(5 * HOUR) });
    // The 24 hours before.
    await job(30, { status: 'completed', started_at: ago(30 * HOUR), finished_at: ago(29 * HOUR) });
    await job(40, { status: 'completed', started_at: ago(40 * HOUR), finished_at: ago(20 * HOUR) });
    await job(26, { status: 'failed', error: 'DNS', started_at: ago(26 * HOUR), finished_at: ago(25 * HOUR) });

    const crawl = (status: string, finished_at: Date | null, error: string | null = null) =>
      db()
        .insertInto('crawl_tasks')
        .values({
          job_id: jobId,
          url: `https://example.test/${Math.random()}`,
          domain: 'example.test',
          status: status as 'pending',
          finished_at,
          error,
        })
        .execute();
    await crawl('completed', h(0));
    await crawl('completed', h(0));
    await crawl('skipped', h(0));
    await crawl('failed', h(2), 'HTTP 500');
    await crawl('completed', h(6));
    for (let i = 0; i < 3; i++) await crawl('pending', null);
    const raw = await buildRawData(server.app, jobId);
    await db()
      .insertInto('transform_tasks')
      .values({ job_id: jobId, raw_data_id: raw.id, status: 'completed', finished_at: h(1) })
      .execute();
    // History written into past hours after earlier calls rolled them up: the worker's minute
    // tick brings the rollups up to date; the test does it here.
    await refreshTaskRollups(db());
  });

  it('counts jobs per period with the change against the previous one (spec s4: partial counts as failed)', async () => {
    const day = (await get('job-stats?period=24h')).body.data;
    expect(day).toMatchObject({
      period: '24h',
      new_jobs: { total: 5, manual: 4, scheduled: 1 },
      completed_jobs: 2,
      active_jobs: 1,
      failed_jobs: {
        total: 3,
        by_reason: [
          { reason: 'Timeout', count: 2 },
          { reason: 'Unknown', count: 1 },
        ],
      },
      previous_period_change: {
        new_jobs_percentage: 66.7,
        completed_jobs_percentage: 100,
        failed_jobs_percentage: 200,
        active_jobs_percentage: 0,
      },
    });
    const week = (await get('job-stats?period=7d')).body.data;
    expect(week).toMatchObject({
      period: '7d',
      new_jobs: { total: 8, manual: 7, scheduled: 1 },
      completed_jobs: 3,
      failed_jobs: { total: 4 },
      previous_period_change: { new_jobs_percentage: 100 },
    });
  });

  it('buckets processed tasks per hour (6) and per UTC day (7), zeros included', async () => {
    const data = (await get('worker-stats')).body.data;
    expect(data.hourly_throughput.map((b: { timestamp: string }) => b.timestamp)).toEqual(
      [5, 4, 3, 2, 1, 0].map((n) => h(n).toISOString()),
    );
    expect(data.hourly_throughput.map((b: { crawl_tasks: number }) => b.crawl_tasks)).toEqual([0, 0, 0, 1, 0, 2]);
    expect(data.hourly_throughput.map((b: { transform_tasks: number }) => b.transform_tasks)).toEqual([
      0, 0, 0, 0, 1, 0,
    ]);
    // Daily: the same tasks by UTC date (the 6-hour-old one included), computed here independently.
    const today = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
    const dates = [6, 5, 4, 3, 2, 1, 0].map((n) =>
      new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10),
    );
    const per = (times: Date[]) => dates.map((d) => times.filter((t) => t.toISOString().slice(0, 10) === d).length);
    expect(data.daily_throughput).toEqual(
      dates.map((date, i) => ({
        date,
        crawl_tasks: per([h(0), h(0), h(2), h(6)])[i],
        transform_tasks: per([h(1)])[i],
      })),
    );
  });

  it('counts live workers from heartbeats younger than 30 s', async () => {
    await heartbeat('a', ['crawl', 'transform'], new Date());
    await heartbeat('b', ['crawl'], ago(31_000));
    await heartbeat('c', ['enrich'], new Date());
    const data = (await get('worker-stats')).body.data;
    expect(data.active_crawl_workers).toBe(1);
    expect(data.active_transform_workers).toBe(1);
    const status = (await get('system-status?forceRefresh=true')).body.data.components;
    const of = (name: string) => status.find((c: { name: string }) => c.name === name).status;
    expect([of('crawl_workers'), of('transform_workers'), of('enrich_workers'), of('analyse_workers')]).toEqual([
      'healthy',
      'healthy',
      'healthy',
      'down',
    ]);
  });

  it('rates failures over 24 h against thresholds from settings', async () => {
    await db()
      .insertInto('llm_calls')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          provider: 'local',
          model: 'local',
          purpose: 'analyse',
          status: i === 0 ? ('error' as const) : ('ok' as const),
          created_at: ago(2 * HOUR),
        })),
      )
      .execute();
    await db()
      .insertInto('llm_calls')
      .values({ provider: 'local', model: 'local', purpose: 'analyse', status: 'error', created_at: ago(25 * HOUR) })
      .execute();
    expect((await get('error-rates')).body.data).toMatchObject({
      crawl_task_errors: { rate: 25, threshold: 10, alert: true },
      transform_task_errors: { rate: 0, threshold: 10, alert: false },
      llm_analysis_errors: { rate: 5, threshold: 5, alert: true },
    });
    await setSetting('dashboard.llm_error_threshold', 6);
    await setSetting('dashboard.crawl_error_threshold', 30);
    expect((await get('error-rates')).body.data).toMatchObject({
      crawl_task_errors: { rate: 25, threshold: 30, alert: false },
      llm_analysis_errors: { rate: 5, threshold: 6, alert: false },
    });
  });

  it('measures queue depth with a trend against the sample nearest 15 minutes ago', async () => {
    await db().deleteFrom('dashboard_samples').execute();
    await db()
      .insertInto('dashboard_samples')
      .values([
        { sampled_at: ago(14 * 60_000), crawl_depth: 2, transform_depth: 0, db_probe_ms: 1 },
        { sampled_at: ago(40 * 60_000), crawl_depth: 30, transform_depth: 9, db_probe_ms: 1 },
      ])
      .execute();
    await server.app.boss.send('crawl.dead', { taskIds: [1] });
    await server.app.boss.send('transform.dead', { taskIds: [2] });
    const data = (await get('queue-metrics')).body.data;
    expect(data).toMatchObject({
      crawl_tasks_queue: { depth: 3, trend: 'increasing', change_percentage: 50 },
      transform_tasks_queue: { depth: 0, trend: 'stable', change_percentage: 0 },
      dead_letter_queue: { depth: 2, alert: false, threshold: 10 },
    });
    // The read recorded one sample; a second read within the minute records none.
    const recent = () =>
      db().selectFrom('dashboard_samples').selectAll().where('sampled_at', '>', ago(60_000)).execute();
    expect(await recent()).toMatchObject([{ crawl_depth: 3, transform_depth: 0, dead_letter_depth: 2 }]);
    await setSetting('queue.dead_letter_alert_threshold', 2);
    expect((await get('queue-metrics')).body.data.dead_letter_queue).toEqual({ depth: 2, alert: true, threshold: 2 });
    expect(await recent()).toHaveLength(1);
    const queueComponent = (await get('system-status?forceRefresh=true')).body.data.components.find(
      (c: { name: string }) => c.name === 'queue',
    );
    expect(queueComponent).toMatchObject({ status: 'degraded', message: expect.stringContaining('threshold 2') });
  });

  it('reports storage against the quota, sampled probe time and record counts', async () => {
    await setSetting('dashboard.storage_quota_mb', 1000);
    const data = (await get('database-status')).body.data;
    const { used_mb, total_mb, percentage } = data.storage_utilization;
    expect(total_mb).toBe(1000);
    expect(percentage).toBe(Math.round((used_mb / 1000) * 1000) / 10);
    const inLastHour = await db()
      .selectFrom('dashboard_samples')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sampled_at', '>', ago(HOUR))
      .executeTakeFirstOrThrow();
    expect(data.query_performance.samples).toBe(Number(inLastHour.n) + 1);
    expect(data.query_performance.avg_response_time_ms).toBeGreaterThanOrEqual(0);
    const counts = Object.fromEntries(
      data.record_counts.map((r: { entity: string; count: number }) => [r.entity, r.count]),
    );
    expect(counts).toMatchObject({ jobs: 8, crawl_tasks: 8, transform_tasks: 1, raw_data: 1, knowledge: 0 });
    // Past 100,000 rows the planner's estimate stands in for a count.
    await sql`UPDATE pg_class SET reltuples = 250000 WHERE oid = 'raw_data'::regclass`.execute(db());
    const estimated = (await get('database-status')).body.data.record_counts.find(
      (r: { entity: string }) => r.entity === 'raw_data',
    );
    expect(estimated).toEqual({ entity: 'raw_data', count: 250000, estimated: true });
  });
});
