import { ideaModel } from '@ideamine/server/llm/idea-model/model';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJob, buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { client } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';
import type { AppContext } from '@ideamine/server/context';
import { refreshTaskRollups } from '@ideamine/server/queries/task-rollups';

// Whole-database totals (knowledge metrics, pipeline, profit distribution) are checked on
// databases of their own; the per-term and per-domain widgets share one database and each test
// names its own tags, keywords, categories and domains and filters on them.

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const daysAgo = (d: number) => hoursAgo(d * 24);
const hex = () => randomBytes(4).toString('hex');

interface IdeaOptions {
  domain?: string;
  tags?: string[];
  keywords?: string[];
  categories?: string[];
  created_at?: Date;
  enriched?: boolean;
  analyzed?: boolean;
  profit_score?: number | null;
  profit_potential?: 'Very High' | 'High' | 'Medium' | 'Low' | 'Speculative' | null;
  overall_score?: number | null;
  visibility?: 'public' | 'private';
  raw_data_id?: number;
  deleted?: boolean;
  merged_into_id?: number;
}

/** An idea with the columns these widgets read set exactly. */
async function idea(app: AppContext, o: IdeaOptions = {}) {
  const k = await buildKnowledge(app, {
    keywords: o.keywords ?? [],
    categories: o.categories ?? [],
    created_at: o.created_at ?? new Date(),
    visibility: o.visibility ?? 'public',
    overall_score: o.overall_score ?? null,
  });
  return app.db
    .updateTable('knowledge')
    .set({
      source_domain: o.domain ?? 'example.test',
      tags: o.tags ?? [],
      enriched_at: o.enriched === false ? null : new Date(),
      analyzed_at: o.analyzed === false ? null : new Date(),
      profit_score: o.profit_score === undefined ? 6.5 : o.profit_score,
      profit_potential: o.profit_potential === undefined ? 'High' : o.profit_potential,
      raw_data_id: o.raw_data_id ?? null,
      deleted_at: o.deleted ? new Date() : null,
      merged_into_id: o.merged_into_id ?? null,
    })
    .where('id', '=', k.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function rawPage(app: AppContext, domain: string, createdAt = new Date()) {
  return app.db
    .insertInto('raw_data')
    .values({
      url: `https://${domain}/${hex()}`,
      domain,
      content: '<p>page</p>',
      content_hash: hex(),
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function transformTask(app: AppContext, rawId: number, status: 'completed' | 'failed' | 'pending', items = 0) {
  await app.db
    .insertInto('transform_tasks')
    .values({ raw_data_id: rawId, status, items_created: items, finished_at: status === 'pending' ? null : new Date() })
    .execute();
}

const ALL_ENDPOINTS = [
  'knowledge-metrics',
  'tag-activity',
  'idea-pipeline',
  'profit-distribution',
  'high-potential-ideas',
  'emerging-trends',
  'source-performance',
  'domain-health',
];

describe('on an empty database', () => {
  let server: TestServer;
  let http: ReturnType<typeof client>;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    http = client(server.url);
    token = (await signedInUser(server.app, { role: 'admin' })).token;
  });
  afterAll(() => server.close());

  const get = async (path: string) => {
    const res = await http.get(`/api/v1/dashboard/${path}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('answers zeros and empty lists, never errors', async () => {
    expect((await get('knowledge-metrics')).data).toEqual({
      total_items: 0,
      new_items_24h: 0,
      new_items_7d: 0,
      growth_rate_percentage: 0,
      enriched_count: 0,
      non_enriched_count: 0,
      analyzed_count: 0,
      non_analyzed_count: 0,
      avg_profit_potential: 0,
      by_domain: [],
    });
    expect((await get('tag-activity')).data).toEqual({ period: '7d', top_tags: [] });
    expect((await get('idea-pipeline')).data).toEqual({
      raw_data_items: 0,
      knowledge_items: 0,
      enriched_ideas: 0,
      analyzed_ideas: 0,
      conversion_rates: { raw_to_knowledge: 0, knowledge_to_enriched: 0, enriched_to_analyzed: 0 },
      rescoring: { model_version: ideaModel().version, stale: 0, analysed: 0 },
      refiling: null,
    });
    const profit = (await get('profit-distribution')).data;
    expect(profit.period).toBe('all');
    expect(profit.distribution).toEqual(
      ['Very High', 'High', 'Medium', 'Low', 'Speculative'].map((category) => ({ category, count: 0, percentage: 0 })),
    );
    expect(profit.previous_period_change).toEqual(
      ['Very High', 'High', 'Medium', 'Low', 'Speculative'].map((category) => ({ category, change_percentage: 0 })),
    );
    const top = await get('high-potential-ideas');
    expect(top.data).toEqual([]);
    expect(top.meta.pagination).toEqual({ total: 0, page: 1, page_size: 5, total_page: 0, total_pages: 0 });
    expect((await get('emerging-trends')).data).toEqual({ keywords: [], themes: [] });
    expect((await get('source-performance')).data).toEqual({ sources: [] });
    expect((await get('domain-health')).data).toEqual({ domains: [] });
  });

  it('refuses bad enum and limit values with 400 naming the field', async () => {
    for (const [path, field] of [
      ['tag-activity?period=1y', 'period'],
      ['tag-activity?limit=0', 'limit'],
      ['tag-activity?limit=101', 'limit'],
      ['tag-activity?limit=abc', 'limit'],
      ['profit-distribution?period=90d', 'period'],
      ['high-potential-ideas?limit=51', 'limit'],
      ['high-potential-ideas?page=0', 'page'],
      ['emerging-trends?limit=51', 'limit'],
      ['source-performance?sort=title', 'sort'],
      ['source-performance?order=up', 'order'],
      ['source-performance?limit=1000', 'limit'],
      ['domain-health?issues_only=yes', 'issues_only'],
      ['domain-health?limit=-1', 'limit'],
      ['domain-health?sort=domain', 'sort'],
    ]) {
      const res = await http.get(`/api/v1/dashboard/${path}`, { token });
      expect(res.status, path).toBe(400);
      expect(res.body.error.field, path).toBe(field);
    }
  });

  it('is for admins only', async () => {
    const developer = await signedInUser(server.app, { role: 'developer' });
    for (const path of ALL_ENDPOINTS) {
      expect((await http.get(`/api/v1/dashboard/${path}`, { token: developer.token })).status, path).toBe(403);
      expect((await http.get(`/api/v1/dashboard/${path}`)).status, path).toBe(401);
    }
  });
});

describe('whole-database totals', () => {
  let server: TestServer;
  let http: ReturnType<typeof client>;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    http = client(server.url);
    token = (await signedInUser(server.app, { role: 'admin' })).token;
    const app = server.app;
    const kept = await idea(app, {
      domain: 'a.test',
      created_at: hoursAgo(1),
      profit_score: 8,
      profit_potential: 'Very High',
    });
    await idea(app, { domain: 'a.test', created_at: daysAgo(2), profit_score: 6, analyzed: false });
    await idea(app, {
      domain: 'b.test',
      created_at: daysAgo(3),
      profit_score: 4,
      profit_potential: 'Medium',
      enriched: false,
      analyzed: false,
    });
    await idea(app, { domain: 'b.test', created_at: daysAgo(10), profit_score: 2, profit_potential: 'Low' });
    await idea(app, { domain: 'c.test', created_at: daysAgo(40), profit_score: null, profit_potential: 'Speculative' });
    // Neither deleted nor merged-away ideas count anywhere.
    await idea(app, { domain: 'a.test', profit_score: 10, profit_potential: 'Very High', deleted: true });
    await idea(app, { domain: 'a.test', profit_score: 10, profit_potential: 'Very High', merged_into_id: kept.id });
    for (let i = 0; i < 4; i++) await rawPage(app, 'a.test');
  });
  afterAll(() => server.close());

  const get = async (path: string) => {
    const res = await http.get(`/api/v1/dashboard/${path}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('knowledge metrics count live ideas, growth against the week before, mean profit and domains', async () => {
    expect(await get('knowledge-metrics')).toEqual({
      total_items: 5,
      new_items_24h: 1,
      new_items_7d: 3,
      growth_rate_percentage: 200, // 3 this week against 1 the week before
      enriched_count: 4,
      non_enriched_count: 1,
      analyzed_count: 3,
      non_analyzed_count: 2,
      avg_profit_potential: 5, // (8 + 6 + 4 + 2) / 4; the unscored idea is left out
      by_domain: [
        { domain: 'a.test', count: 2, percentage: 40 },
        { domain: 'b.test', count: 2, percentage: 40 },
        { domain: 'c.test', count: 1, percentage: 20 },
      ],
    });
  });

  it('idea pipeline counts each stage with one-decimal conversion rates', async () => {
    expect(await get('idea-pipeline')).toEqual({
      raw_data_items: 4,
      knowledge_items: 5,
      enriched_ideas: 4,
      analyzed_ideas: 3,
      conversion_rates: { raw_to_knowledge: 125, knowledge_to_enriched: 80, enriched_to_analyzed: 75 },
      // Scored before model versions were recorded: all three wait to be scored again.
      rescoring: { model_version: ideaModel().version, stale: 3, analysed: 3 },
      refiling: null,
    });
  });

  it('idea pipeline shows how far filing ideas again under new category rules has come, while it runs', async () => {
    const refiling = (set: Record<string, unknown>) =>
      server.app.db.updateTable('category_refiling').set(set).execute();
    await refiling({ rules: 'categories-test', next_id: 25, last_id: 99, moved: 7, started_at: new Date() });
    expect((await get('idea-pipeline')).refiling).toEqual({ percent_done: 25, moved: 7 });
    await refiling({ finished_at: new Date() });
    expect((await get('idea-pipeline')).refiling).toBeNull();
  });

  it('profit distribution has all five categories and the change against the previous period', async () => {
    const all = await get('profit-distribution');
    expect(all.distribution).toEqual([
      { category: 'Very High', count: 1, percentage: 20 },
      { category: 'High', count: 1, percentage: 20 },
      { category: 'Medium', count: 1, percentage: 20 },
      { category: 'Low', count: 1, percentage: 20 },
      { category: 'Speculative', count: 1, percentage: 20 },
    ]);
    // 'all': the last 30 days against the 30 before; the Speculative idea is 40 days old.
    expect(all.previous_period_change).toEqual([
      { category: 'Very High', change_percentage: 100 },
      { category: 'High', change_percentage: 100 },
      { category: 'Medium', change_percentage: 100 },
      { category: 'Low', change_percentage: 100 },
      { category: 'Speculative', change_percentage: -100 },
    ]);

    const week = await get('profit-distribution?period=7d');
    expect(week.period).toBe('7d');
    expect(week.distribution).toEqual([
      { category: 'Very High', count: 1, percentage: 33.3 },
      { category: 'High', count: 1, percentage: 33.3 },
      { category: 'Medium', count: 1, percentage: 33.3 },
      { category: 'Low', count: 0, percentage: 0 },
      { category: 'Speculative', count: 0, percentage: 0 },
    ]);
    expect(week.previous_period_change.map((c: { change_percentage: number }) => c.change_percentage)).toEqual([
      100, 100, 100, -100, 0,
    ]);

    const day = await get('profit-distribution?period=24h');
    expect(day.distribution.map((c: { count: number; percentage: number }) => [c.count, c.percentage])).toEqual([
      [1, 100],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('knowledge metrics name the 7 largest domains and sum the rest as Other', async () => {
    for (const d of ['d1', 'd2', 'd3', 'd4', 'd5', 'd6']) {
      await idea(server.app, {
        domain: `${d}.test`,
        created_at: daysAgo(20),
        profit_score: null,
        profit_potential: null,
      });
    }
    const { total_items, by_domain } = await get('knowledge-metrics');
    expect(total_items).toBe(11);
    expect(by_domain).toEqual([
      { domain: 'a.test', count: 2, percentage: 18.2 },
      { domain: 'b.test', count: 2, percentage: 18.2 },
      { domain: 'c.test', count: 1, percentage: 9.1 },
      { domain: 'd1.test', count: 1, percentage: 9.1 },
      { domain: 'd2.test', count: 1, percentage: 9.1 },
      { domain: 'd3.test', count: 1, percentage: 9.1 },
      { domain: 'd4.test', count: 1, percentage: 9.1 },
      { domain: 'Other', count: 2, percentage: 18.2 },
    ]);
  });
});

describe('per-term and per-domain widgets', () => {
  let server: TestServer;
  let http: ReturnType<typeof client>;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    http = client(server.url);
    token = (await signedInUser(server.app, { role: 'admin' })).token;
  });
  afterAll(() => server.close());

  const get = async (path: string) => {
    const res = await http.get(`/api/v1/dashboard/${path}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('tag activity counts tags (keywords for untagged ideas) against the previous period', async () => {
    const app = server.app;
    await idea(app, { tags: ['ta-rise'], keywords: ['ta-ignored'], created_at: hoursAgo(1) });
    await idea(app, { tags: ['ta-rise', 'ta-flat'], created_at: daysAgo(3) });
    await idea(app, { tags: ['ta-rise', 'ta-fall'], created_at: daysAgo(3) });
    await idea(app, { tags: ['ta-flat'], created_at: daysAgo(3), visibility: 'private' });
    await idea(app, { tags: [], keywords: ['ta-kw'], created_at: daysAgo(3) });
    await idea(app, { tags: ['ta-rise'], created_at: daysAgo(3), deleted: true });
    await idea(app, { tags: ['ta-rise', 'ta-flat', 'ta-fall'], created_at: daysAgo(10) });
    await idea(app, { tags: ['ta-flat', 'ta-fall'], created_at: daysAgo(10) });
    await idea(app, { tags: ['ta-fall'], created_at: daysAgo(10) });
    await idea(app, { tags: ['ta-fall'], created_at: daysAgo(12) });
    await idea(app, { tags: ['ta-fall'], created_at: daysAgo(20) }); // outside both windows

    const mine = (tags: { tag: string }[]) => tags.filter((t) => t.tag.startsWith('ta-'));
    const week = await get('tag-activity?limit=100');
    expect(mine(week.data.top_tags)).toEqual([
      { tag: 'ta-rise', count: 3, trend: 'increasing', change_percentage: 200 },
      { tag: 'ta-flat', count: 2, trend: 'stable', change_percentage: 0 },
      { tag: 'ta-fall', count: 1, trend: 'decreasing', change_percentage: -75 },
      { tag: 'ta-kw', count: 1, trend: 'increasing', change_percentage: 100 },
    ]);

    const day = await get('tag-activity?period=24h&limit=100');
    expect(day.data.period).toBe('24h');
    expect(mine(day.data.top_tags)).toEqual([
      { tag: 'ta-rise', count: 1, trend: 'increasing', change_percentage: 100 },
    ]);

    expect((await get('tag-activity?limit=2')).data.top_tags).toHaveLength(2);
  });

  it('high-potential ideas: scored live ideas, public and private, best first, paged by limit', async () => {
    const app = server.app;
    const best = await idea(app, { overall_score: 4.9 });
    const second = await idea(app, { overall_score: 4.5, visibility: 'private' });
    const third = await idea(app, { overall_score: 3 });
    await idea(app, { overall_score: 5, deleted: true });
    await idea(app, { overall_score: 4.95, merged_into_id: best.id });
    await idea(app, { overall_score: null });

    const first = await get('high-potential-ideas?limit=2');
    expect(first.data.map((i: { id: number }) => i.id)).toEqual([best.id, second.id]);
    expect(first.data.map((i: { visibility: string }) => i.visibility)).toEqual(['public', 'private']);
    expect(first.data[0]).toMatchObject({ overall_score: 4.9, title: best.title, source_url: best.source_url });
    expect(first.meta.pagination).toEqual({ total: 3, page: 1, page_size: 2, total_page: 2, total_pages: 2 });

    const next = await get('high-potential-ideas?limit=2&page=2');
    expect(next.data.map((i: { id: number }) => i.id)).toEqual([third.id]);
    expect((await get('high-potential-ideas')).meta.pagination.page_size).toBe(5);
  });

  it('emerging trends: keywords and managed themes of this week, rising ones first', async () => {
    const app = server.app;
    await app.db
      .insertInto('categories')
      .values([
        { slug: 'et-cat-a', name: 'Theme Alpha', keywords: [] },
        { slug: 'et-cat-b', name: 'Theme Beta', keywords: [] },
      ])
      .execute();
    const recent = daysAgo(3);
    const before = daysAgo(10);
    await idea(app, {
      keywords: ['et-big', 'et-up', 'et-hot'],
      categories: ['et-cat-a', 'et-unmanaged'],
      created_at: recent,
    });
    await idea(app, { keywords: ['et-big', 'et-up', 'et-hot'], categories: ['et-cat-a'], created_at: recent });
    await idea(app, { keywords: ['et-big', 'et-up'], categories: ['et-cat-b'], created_at: recent });
    await idea(app, { keywords: ['et-big', 'et-up'], categories: ['et-cat-b'], created_at: recent });
    await idea(app, { keywords: ['et-big', 'et-down'], categories: ['et-cat-b'], created_at: recent });
    await idea(app, { keywords: ['et-hot'], categories: ['et-cat-a'], created_at: recent, deleted: true });
    await idea(app, {
      keywords: ['et-big', 'et-up', 'et-down', 'et-old'],
      categories: ['et-cat-a'],
      created_at: before,
    });
    await idea(app, { keywords: ['et-big', 'et-up', 'et-down'], categories: ['et-cat-b'], created_at: before });
    await idea(app, { keywords: ['et-big', 'et-down'], categories: ['et-cat-b'], created_at: before });
    await idea(app, { keywords: ['et-big'], categories: ['et-cat-b'], created_at: before });
    await idea(app, { keywords: ['et-big'], created_at: before });
    await idea(app, { keywords: ['et-down'], categories: ['et-cat-b'], created_at: daysAgo(20) });

    const { data } = await get('emerging-trends?limit=50');
    expect(data.keywords.filter((k: { keyword: string }) => k.keyword.startsWith('et-'))).toEqual([
      { keyword: 'et-up', frequency: 4, trend: 'increasing' },
      { keyword: 'et-hot', frequency: 2, trend: 'increasing' },
      { keyword: 'et-big', frequency: 5, trend: 'stable' },
      { keyword: 'et-down', frequency: 1, trend: 'decreasing' },
    ]);
    expect(data.themes.filter((t: { theme: string }) => t.theme.startsWith('Theme '))).toEqual([
      { theme: 'Theme Alpha', frequency: 2, trend: 'increasing' },
      { theme: 'Theme Beta', frequency: 3, trend: 'stable' },
    ]);
    expect(data.themes.map((t: { theme: string }) => t.theme)).not.toContain('et-unmanaged');

    const one = (await get('emerging-trends?limit=1')).data;
    expect(one.keywords).toHaveLength(1);
    expect(one.themes).toHaveLength(1);
    expect((await get('emerging-trends')).data.keywords.length).toBeLessThanOrEqual(12);
  });

  it('source performance: volume, extraction and idea rates, mean profit and trend per domain', async () => {
    const app = server.app;
    const a = [
      await rawPage(app, 'sp-a.test', hoursAgo(2)),
      await rawPage(app, 'sp-a.test', daysAgo(1)),
      await rawPage(app, 'sp-a.test', daysAgo(2)),
      await rawPage(app, 'sp-a.test', daysAgo(20)),
    ];
    await transformTask(app, a[0]!.id, 'completed', 2);
    await transformTask(app, a[1]!.id, 'completed', 0);
    await transformTask(app, a[2]!.id, 'failed');
    await transformTask(app, a[3]!.id, 'pending'); // unfinished: not counted
    await idea(app, { raw_data_id: a[0]!.id, profit_score: 8 });
    await idea(app, { raw_data_id: a[0]!.id, profit_score: 5 });
    await idea(app, { raw_data_id: a[1]!.id, profit_score: 2 });
    await idea(app, { raw_data_id: a[1]!.id, profit_score: 10, deleted: true });
    await rawPage(app, 'sp-b.test', daysAgo(10));
    await rawPage(app, 'sp-b.test', daysAgo(11));
    await rawPage(app, 'sp-c.test', daysAgo(1));
    const c = await rawPage(app, 'sp-c.test', daysAgo(9));
    await transformTask(app, c.id, 'completed', 1);
    await idea(app, { raw_data_id: c.id, profit_score: 9 });

    const mine = (body: { data: { sources: { domain: string }[] } }) =>
      body.data.sources.filter((s) => s.domain.startsWith('sp-'));
    expect(mine(await get('source-performance'))).toEqual([
      {
        domain: 'sp-a.test',
        data_volume: 4,
        knowledge_extraction_rate: 33.3,
        idea_generation_rate: 75,
        avg_profit_potential: 5,
        trend: 'increasing',
      },
      {
        domain: 'sp-b.test',
        data_volume: 2,
        knowledge_extraction_rate: 0,
        idea_generation_rate: 0,
        avg_profit_potential: 0,
        trend: 'decreasing',
      },
      {
        domain: 'sp-c.test',
        data_volume: 2,
        knowledge_extraction_rate: 100,
        idea_generation_rate: 50,
        avg_profit_potential: 9,
        trend: 'stable',
      },
    ]);
    const order = async (query: string) =>
      mine(await get(`source-performance?${query}`)).map((s) => s.domain.replace('.test', ''));
    expect(await order('sort=avg_profit_potential')).toEqual(['sp-c', 'sp-a', 'sp-b']);
    expect(await order('sort=knowledge_extraction_rate&order=asc')).toEqual(['sp-b', 'sp-a', 'sp-c']);
    expect(await order('sort=idea_generation_rate&order=desc')).toEqual(['sp-a', 'sp-c', 'sp-b']);
    expect(await order('sort=data_volume&order=asc')).toEqual(['sp-b', 'sp-c', 'sp-a']);
    expect((await get('source-performance?limit=1')).data.sources).toHaveLength(1);
  });

  it('domain health: success rate, error types, retries, persistent issues first', async () => {
    const app = server.app;
    const job = await buildJob(app);
    const task = (
      domain: string,
      status: 'completed' | 'failed' | 'skipped',
      o: { finished?: Date; http?: number; error?: string; attempts?: number } = {},
    ) =>
      app.db
        .insertInto('crawl_tasks')
        .values({
          job_id: job.id,
          url: `https://${domain}/${hex()}`,
          domain,
          status,
          attempts: o.attempts ?? 1,
          http_status: o.http ?? (status === 'completed' ? 200 : null),
          error: o.error ?? null,
          finished_at: o.finished ?? hoursAgo(1),
        })
        .execute();
    for (let i = 0; i < 10; i++) await task('dh-good.test', 'completed');
    await task('dh-good.test', 'failed', { http: 503, error: 'HTTP 503', attempts: 3 });
    await task('dh-bad.test', 'completed');
    await task('dh-bad.test', 'completed');
    await task('dh-bad.test', 'failed', { http: 429, error: 'HTTP 429', attempts: 2 });
    await task('dh-bad.test', 'failed', { error: 'timeout of 10000 ms exceeded' });
    await task('dh-bad.test', 'failed', { error: 'getaddrinfo ENOTFOUND dh-bad.test' });
    await task('dh-bad.test', 'failed', { error: 'HTTP 404' });
    for (let i = 0; i < 5; i++) await task('dh-daily.test', 'completed');
    for (const h of [1, 25, 49]) await task('dh-daily.test', 'failed', { finished: hoursAgo(h), error: 'boom' });
    await task('dh-skip.test', 'skipped');
    await task('dh-skip.test', 'skipped');
    await task('dh-old.test', 'failed', { finished: daysAgo(10), error: 'boom' });
    await refreshTaskRollups(server.app.db); // as the worker's minute tick does for past hours

    const mine = (body: { data: { domains: { domain: string }[] } }) =>
      body.data.domains.filter((d) => d.domain.startsWith('dh-'));
    expect(mine(await get('domain-health'))).toEqual([
      {
        domain: 'dh-bad.test',
        success_rate: 33.3,
        error_types: [
          { type: 'HTTP 429', count: 1 },
          { type: 'HTTP 4xx', count: 1 },
          { type: 'Network', count: 1 },
          { type: 'Timeout', count: 1 },
        ],
        retry_count: 1,
        has_persistent_issues: true,
      },
      {
        domain: 'dh-daily.test',
        success_rate: 62.5,
        error_types: [{ type: 'Other', count: 3 }],
        retry_count: 0,
        has_persistent_issues: true,
      },
      {
        domain: 'dh-good.test',
        success_rate: 90.9,
        error_types: [{ type: 'HTTP 5xx', count: 1 }],
        retry_count: 2,
        has_persistent_issues: false,
      },
      { domain: 'dh-skip.test', success_rate: 100, error_types: [], retry_count: 0, has_persistent_issues: false },
    ]);
    expect(mine(await get('domain-health?issues_only=true')).map((d) => d.domain)).toEqual([
      'dh-bad.test',
      'dh-daily.test',
      'dh-good.test',
    ]);
    expect((await get('domain-health?limit=1')).data.domains.map((d: { domain: string }) => d.domain)).toEqual([
      'dh-bad.test',
    ]);
  });
});
