import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '@ideamine/server/test/factories';
import { client } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

// One database for the file: the empty-database checks run first, then the seeded calls below
// are the only ones, so totals, percentiles and series are exact.

let server: TestServer;
let http: ReturnType<typeof client>;
let token: string;
const now = Date.now();
const hoursAgo = (h: number) => new Date(now - h * 3_600_000);

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
  token = (await signedInUser(server.app, { role: 'admin' })).token;
});
afterAll(() => server.close());

const get = (path: string) => http.get(`/api/v1/admin/llm-monitoring${path}`, { token });
const ZERO_STATS = {
  calls: 0,
  errors: 0,
  error_rate: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  total_tokens: 0,
  latency_p50_ms: 0,
  latency_p95_ms: 0,
  cost_usd: 0,
};

/** UTC bucket start of a time, as the series labels it. */
const bucketOf = (d: Date, unit: 'hour' | 'day') => {
  const t = new Date(d);
  t.setUTCMinutes(0, 0, 0);
  if (unit === 'day') t.setUTCHours(0);
  return t.toISOString().replace('.000Z', 'Z');
};

describe('on an empty database', () => {
  it('answers zeros, empty lists and zero-filled series', async () => {
    const week = await get('');
    expect(week.status).toBe(200);
    expect(week.body.data).toMatchObject({ period: '7d', granularity: 'day', totals: ZERO_STATS, models: [] });
    expect(week.body.data.series).toHaveLength(7);
    expect(week.body.data.series.at(-1)).toEqual({
      timestamp: bucketOf(new Date(), 'day'),
      calls: 0,
      errors: 0,
      total_tokens: 0,
      cost_usd: 0,
    });
    const day = await get('?period=24h');
    expect(day.body.data.granularity).toBe('hour');
    expect(day.body.data.series).toHaveLength(24);
    expect(day.body.data.series.at(-1).timestamp).toBe(bucketOf(new Date(), 'hour'));
    expect((await get('?period=30d')).body.data.series).toHaveLength(30);
  });

  it('refuses bad values with 400 naming the field, and unknown models with 404', async () => {
    for (const [path, field] of [
      ['?period=90d', 'period'],
      ['?period=', 'period'],
      ['?since=1', 'since'],
      ['/models/x?period=1h', 'period'],
      ['/models/x?page=0', 'page'],
      ['/models/x?page_size=101', 'page_size'],
      [`/models/${'m'.repeat(201)}`, 'modelName'],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.field, path).toBe(field);
    }
    const missing = await get('/models/no-such-model');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
  });

  it('is for admins only', async () => {
    const developer = await signedInUser(server.app, { role: 'developer' });
    expect((await http.get('/api/v1/admin/llm-monitoring', { token: developer.token })).status).toBe(403);
    expect((await http.get('/api/v1/admin/llm-monitoring/models/x')).status).toBe(401);
  });
});

describe('with calls', () => {
  const ids: Record<string, number> = {};
  const seeded: { name: string; at: Date; status: string; total: number; cost: number }[] = [];
  beforeAll(async () => {
    const calls: [
      string,
      { provider: string; model: string; status: 'ok' | 'error' | 'skipped'; latency: number },
      [number, number, number],
      number,
      number, // hours ago
      string?,
    ][] = [
      ['c1', { provider: 'openai', model: 'gpt-x', status: 'ok', latency: 100 }, [100, 50, 150], 0.0015, 1],
      ['c6', { provider: 'openai', model: 'gpt-x', status: 'skipped', latency: 0 }, [0, 0, 0], 0, 1.5],
      ['c2', { provider: 'openai', model: 'gpt-x', status: 'ok', latency: 200 }, [200, 100, 300], 0.003, 2],
      ['e1', { provider: 'azure', model: 'gpt-x', status: 'ok', latency: 500 }, [5, 5, 10], 0.0002, 5],
      [
        'c5',
        { provider: 'openai', model: 'gpt-x', status: 'error', latency: 1000 },
        [100, 0, 100],
        0.001,
        48,
        'HTTP 429',
      ],
      ['c3', { provider: 'openai', model: 'gpt-x', status: 'ok', latency: 300 }, [100, 50, 150], 0.0015, 72],
      ['c4', { provider: 'openai', model: 'gpt-x', status: 'ok', latency: 400 }, [100, 50, 150], 0.0015, 73],
      ['c7', { provider: 'openai', model: 'gpt-x', status: 'ok', latency: 5000 }, [1, 1, 2], 1, 240],
      ['d1', { provider: 'together', model: 'meta/llama-3', status: 'ok', latency: 50 }, [10, 10, 20], 0.0001, 1],
      ['d2', { provider: 'together', model: 'meta/llama-3', status: 'error', latency: 70 }, [10, 0, 10], 0, 25, 'boom'],
    ];
    for (const [name, c, [prompt, completion, total], cost, hours, error] of calls) {
      const at = hoursAgo(hours);
      const row = await server.app.db
        .insertInto('llm_calls')
        .values({
          provider: c.provider,
          model: c.model,
          purpose: 'analyze',
          status: c.status,
          latency_ms: c.latency,
          prompt_tokens: prompt,
          completion_tokens: completion,
          total_tokens: total,
          cost_usd: cost,
          error: error ?? null,
          knowledge_id: name === 'c1' ? 42 : null,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[name] = row.id;
      seeded.push({ name, at, status: c.status, total, cost });
    }
  });

  it('aggregates the period per provider and model, with p50/p95 latency of non-skipped calls', async () => {
    const res = await get('?period=7d');
    expect(res.status).toBe(200);
    const { totals, models } = res.body.data;
    // latencies [50, 70, 100, 200, 300, 400, 500, 1000]: p50 250, p95 500 + 0.65 * 500
    expect(totals).toEqual({
      calls: 9,
      errors: 2,
      error_rate: 22.2,
      prompt_tokens: 625,
      completion_tokens: 265,
      total_tokens: 890,
      latency_p50_ms: 250,
      latency_p95_ms: 825,
      cost_usd: 0.0088,
    });
    expect(models).toEqual([
      {
        provider: 'openai',
        model: 'gpt-x',
        calls: 6,
        errors: 1,
        error_rate: 16.7,
        prompt_tokens: 600,
        completion_tokens: 250,
        total_tokens: 850,
        latency_p50_ms: 300, // [100, 200, 300, 400, 1000]
        latency_p95_ms: 880, // 400 + 0.8 * 600
        cost_usd: 0.0085,
      },
      {
        provider: 'together',
        model: 'meta/llama-3',
        calls: 2,
        errors: 1,
        error_rate: 50,
        prompt_tokens: 20,
        completion_tokens: 10,
        total_tokens: 30,
        latency_p50_ms: 60,
        latency_p95_ms: 69,
        cost_usd: 0.0001,
      },
      {
        provider: 'azure',
        model: 'gpt-x',
        calls: 1,
        errors: 0,
        error_rate: 0,
        prompt_tokens: 5,
        completion_tokens: 5,
        total_tokens: 10,
        latency_p50_ms: 500,
        latency_p95_ms: 500,
        cost_usd: 0.0002,
      },
    ]);

    const day = (await get('?period=24h')).body.data;
    expect(day.totals).toMatchObject({ calls: 5, errors: 0, latency_p50_ms: 150, latency_p95_ms: 455 });
    expect(day.models.map((m: { provider: string }) => m.provider)).toEqual(['openai', 'azure', 'together']);
  });

  it('puts every call of the period into its UTC bucket, oldest bucket first', async () => {
    for (const [period, unit, hours] of [
      ['24h', 'hour', 24],
      ['7d', 'day', 168],
    ] as const) {
      const { series } = (await get(`?period=${period}`)).body.data;
      const expected = new Map<string, { calls: number; errors: number; total_tokens: number; cost_usd: number }>();
      for (const c of seeded.filter((s) => s.at.getTime() > now - hours * 3_600_000)) {
        const key = bucketOf(c.at, unit);
        const b = expected.get(key) ?? { calls: 0, errors: 0, total_tokens: 0, cost_usd: 0 };
        b.calls += 1;
        b.errors += c.status === 'error' ? 1 : 0;
        b.total_tokens += c.total;
        b.cost_usd = Math.round((b.cost_usd + c.cost) * 1e6) / 1e6;
        expected.set(key, b);
      }
      const timestamps = series.map((p: { timestamp: string }) => p.timestamp);
      expect(timestamps, period).toEqual([...timestamps].sort());
      const nonEmpty = series.filter((p: { calls: number }) => p.calls > 0);
      expect(nonEmpty, period).toEqual(
        [...expected].sort(([a], [b]) => a.localeCompare(b)).map(([timestamp, b]) => ({ timestamp, ...b })),
      );
    }
  });

  it('shows one model (name URL-encoded) with its aggregate, recent calls paged newest first and errors', async () => {
    const res = await get(`/models/${encodeURIComponent('meta/llama-3')}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      model: 'meta/llama-3',
      providers: ['together'],
      period: '7d',
      granularity: 'day',
      stats: { calls: 2, errors: 1, error_rate: 50, latency_p50_ms: 60, latency_p95_ms: 69, total_tokens: 30 },
    });
    expect(res.body.data.recent_calls.map((c: { id: number }) => c.id)).toEqual([ids.d1, ids.d2]);
    expect(res.body.data.recent_errors).toEqual([
      {
        id: ids.d2,
        provider: 'together',
        purpose: 'analyze',
        status: 'error',
        prompt_tokens: 10,
        completion_tokens: 0,
        total_tokens: 10,
        latency_ms: 70,
        cost_usd: 0,
        error: 'boom',
        knowledge_id: null,
        created_at: seeded.find((s) => s.name === 'd2')!.at.toISOString(),
      },
    ]);
    expect(res.body.meta.pagination).toEqual({ total: 2, page: 1, page_size: 10, total_page: 1, total_pages: 1 });

    const first = await get('/models/gpt-x?page_size=3');
    expect(first.body.data.providers).toEqual(['azure', 'openai']);
    // latencies [100, 200, 300, 400, 500, 1000]: p50 350, p95 500 + 0.75 * 500
    expect(first.body.data.stats).toEqual({
      calls: 7,
      errors: 1,
      error_rate: 14.3,
      prompt_tokens: 605,
      completion_tokens: 255,
      total_tokens: 860,
      latency_p50_ms: 350,
      latency_p95_ms: 875,
      cost_usd: 0.0087,
    });
    expect(first.body.data.recent_calls.map((c: { id: number }) => c.id)).toEqual([ids.c1, ids.c6, ids.c2]);
    expect(first.body.data.recent_calls[0]).toMatchObject({ knowledge_id: 42, cost_usd: 0.0015, latency_ms: 100 });
    expect(first.body.data.recent_errors.map((c: { id: number }) => c.id)).toEqual([ids.c5]);
    expect(first.body.meta.pagination).toEqual({ total: 8, page: 1, page_size: 3, total_page: 3, total_pages: 3 });
    const second = await get('/models/gpt-x?page_size=3&page=2');
    expect(second.body.data.recent_calls.map((c: { id: number }) => c.id)).toEqual([ids.e1, ids.c5, ids.c3]);

    const day = await get('/models/gpt-x?period=24h');
    expect(day.body.data.stats).toMatchObject({ calls: 4, errors: 0, total_tokens: 460 });
    expect(day.body.data.series).toHaveLength(24);
  });
});
