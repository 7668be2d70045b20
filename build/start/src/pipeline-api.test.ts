import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '@ideamine/server/test/factories';
import { client } from '@ideamine/api/test/http';
import { waitUntil } from '@ideamine/worker/test/pipeline-harness';
import { startProduct, type ProductHarness } from './test/product';
import { handleScheduleTick } from '@ideamine/worker/jobs/schedule-tick';

// The pipeline through its API, as an operator uses it.

let p: ProductHarness;
let http: ReturnType<typeof client>;
let trial: string;
let developer: string;
let admin: string;

beforeAll(async () => {
  p = await startProduct({ ideas: 6 });
  http = client(p.url);
  trial = (await signedInUser(p.context.app, { role: 'trial' })).token;
  developer = (await signedInUser(p.context.app, { role: 'developer' })).token;
  admin = (await signedInUser(p.context.app, { role: 'admin' })).token;
  // The API refuses private targets unless allow-listed; the demo site is on loopback.
  await http.post('/api/v1/settings', { key: 'crawl.allow_private_hosts', value: ['127.0.0.1'] }, { token: admin });
  // A slow rule for the demo site's other name, for the cancel test: most of its pages wait long
  // enough to be cancelled. Added before any crawl, as workers read the rules at most every 10 s.
  await p.context.app.db
    .insertInto('rate_limits')
    .values({ domain_pattern: 'localhost', requests_per_minute: 30, burst: 1, max_concurrency: 1 })
    .execute();
});
afterAll(() => p?.close());

describe('jobs through the API', () => {
  it('runs a job from POST /jobs to ideas, visible in lists, detail and search', async () => {
    const created = await http.post(
      '/api/v1/jobs',
      { initial_url: `${p.site.url}/`, max_depth: 1, max_pages: 20, tag: 'api-test' },
      { token: trial },
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: 'pending', tag: 'api-test', origin: 'manual' });
    const id = created.body.data.id;
    await p.waitForJob(id);
    await p.waitForIdeas(id);

    const detail = await http.get(`/api/v1/jobs/${id}/detail`, { token: trial });
    expect(detail.status).toBe(200);
    expect(detail.body.data.job.status).toMatch(/completed/);
    expect(detail.body.data.counts.crawl_tasks.completed).toBeGreaterThan(5);
    expect(detail.body.data.knowledge_data.length).toBe(detail.body.data.counts.knowledge);
    expect(detail.body.data.raw_data[0]).not.toHaveProperty('content');
    // Each stage's done / failed / total, and the job completed only once every idea was analysed.
    const { stages, crawl_tasks, transform_tasks, knowledge } = detail.body.data.counts;
    const finished = (c: Record<string, number>) => (c.completed ?? 0) + (c.skipped ?? 0); // skipped: robots, not an idea
    expect(stages.crawl).toEqual({ done: finished(crawl_tasks), failed: 0, total: finished(crawl_tasks) });
    expect(stages.transform).toEqual({ done: finished(transform_tasks), failed: 0, total: finished(transform_tasks) });
    expect(stages.enrich).toEqual({ done: knowledge, failed: 0, total: knowledge });
    expect(stages.analyse.failed).toBe(0);
    expect(stages.analyse.done).toBe(stages.analyse.total);
    expect(stages.analyse.total).toBeGreaterThan(0);
    const analysed = await p.context.app.db
      .selectFrom('knowledge')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job_id', '=', id)
      .where('analyzed_at', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(analysed.n)).toBe(stages.analyse.done);

    const listed = await http.get('/api/v1/jobs?tag=api-test', { token: trial });
    expect(listed.body.data.map((j: { id: number }) => j.id)).toEqual([id]);

    const found = await http.get('/api/v1/data/knowledge/search?q=invoices', { token: trial });
    expect(found.status).toBe(200);
    expect(found.body.data.length).toBeGreaterThan(0);
    expect(found.body.data[0].rank).toBeGreaterThan(0);
    const phrase = await http.get(
      `/api/v1/data/knowledge/search?q=${encodeURIComponent('"scheduling appointments" -teachers')}`,
      { token: trial },
    );
    expect(phrase.body.data.every((k: { title: string }) => !k.title.includes('teachers'))).toBe(true);

    const byJob = await http.get(`/api/v1/data/knowledge/by_job/${id}`, { token: trial });
    const one = byJob.body.data[0];
    const bySlug = await http.get(`/api/v1/data/knowledge/slug/${one.id}/${one.slug}`, { token: trial });
    expect(bySlug.body.data.sources).toContain(one.source_url);
    expect((await http.get(`/api/v1/data/knowledge/slug/${one.id}/wrong-slug`, { token: trial })).status).toBe(404);
    expect((await http.get(`/api/v1/data/knowledge/id/${one.id}/wrong-slug`, { token: trial })).status).toBe(200);

    const tasks = await http.get(`/api/v1/tasks/crawl?job_id=${id}&status=completed`, { token: admin });
    expect(tasks.body.meta.pagination.total).toBe(detail.body.data.counts.crawl_tasks.completed);
  });

  it.each([
    [{ initial_url: 'ftp://example.com/' }, 'initial_url', 'absolute http(s) URL'],
    [{ initial_url: 'javascript:alert(1)' }, 'initial_url', 'absolute http(s) URL'],
    [{ initial_url: 'http://169.254.169.254/latest/meta-data/' }, 'initial_url', 'private, loopback or reserved'],
    [{ initial_url: 'http://10.0.0.1/' }, 'initial_url', 'private, loopback or reserved'],
    [{ initial_url: 'https://example.com/', schema_id: 99999 }, 'schema_id', 'does not exist'],
    [
      { initial_url: 'https://example.com/', include_patterns: ['(unclosed'] },
      'include_patterns.0',
      'is not a valid regular expression',
    ],
    [{ initial_url: 'https://example.com/', max_pages: 0 }, 'max_pages', 'max_pages must be 1 to 10000'],
  ])('refuses %j with 400 naming %s and creates nothing', async (body, field, message) => {
    const before = await p.context.app.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await http.post('/api/v1/jobs', body, { token: developer });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe(field);
    expect(res.body.error.message).toContain(message);
    const after = await p.context.app.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it("holds a trial user's job to the trial crawl budget's pages while it runs", async () => {
    const key = 'crawl.budget.trial.pages_per_job';
    expect((await http.put(`/api/v1/settings/${key}`, { value: 3 }, { token: admin })).status).toBe(200);
    try {
      const visitor = (await signedInUser(p.context.app, { role: 'trial' })).token;
      const created = await http.post(
        '/api/v1/jobs',
        { initial_url: `${p.site.url}/`, max_depth: 2 },
        { token: visitor },
      );
      expect(created.status).toBe(201);
      expect(created.body.data.max_pages).toBe(3);
      const id = created.body.data.id;
      await p.waitForJob(id);
      const { counts } = (await http.get(`/api/v1/jobs/${id}/detail`, { token: visitor })).body.data;
      const tasks = Object.values(counts.crawl_tasks as Record<string, number>).reduce((a, b) => a + b, 0);
      // The site links to far more than three pages: the budget, not the site, ended the crawl.
      expect(tasks).toBe(3);
      expect(counts.raw_data).toBeLessThanOrEqual(3);
    } finally {
      await http.del(`/api/v1/settings/${key}`, { token: admin });
    }
  });

  it('cancels a running job: pending pages are skipped and the job ends', async () => {
    const created = await http.post(
      '/api/v1/jobs',
      { initial_url: `${p.site.url.replace('127.0.0.1', 'localhost')}/`, max_depth: 1, max_pages: 15 },
      { token: developer },
    );
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    // Once the seed page has added its links: they wait for the slow rule, queued or already
    // taken by the worker, and neither may be fetched after the cancel.
    await waitUntil(async () => {
      const detail = await http.get(`/api/v1/jobs/${id}/detail`, { token: developer });
      const counts: Record<string, number> = detail.body.data.counts.crawl_tasks;
      return Object.values(counts).reduce((a, b) => a + b, 0) > 3;
    });
    const cancel = await http.put(`/api/v1/jobs/${id}`, { action: 'cancel' }, { token: developer });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.cancelled_at).not.toBeNull();
    expect(await p.waitForJob(id)).toBe('partially_completed');
    const skipped = await http.get(`/api/v1/tasks/crawl?job_id=${id}&status=skipped`, { token: admin });
    expect(skipped.body.data.some((t: { skip_reason: string }) => t.skip_reason === 'Job cancelled')).toBe(true);
    const fetched = await http.get(`/api/v1/tasks/crawl?job_id=${id}&status=completed`, { token: admin });
    expect(fetched.body.meta.pagination.total).toBeLessThanOrEqual(2); // the seed, and one page already in flight
    const again = await http.put(`/api/v1/jobs/${id}`, { action: 'cancel' }, { token: developer });
    expect(again.status).toBe(409);
  });

  it('re-runs a failed task and reopens its job', async () => {
    const created = await http.post(
      '/api/v1/jobs',
      { initial_url: `${p.site.url}/missing`, max_depth: 0 },
      { token: developer },
    );
    const id = created.body.data.id;
    expect(await p.waitForJob(id)).toBe('failed');
    const [task] = (await http.get(`/api/v1/tasks/crawl?job_id=${id}`, { token: admin })).body.data;
    expect(task).toMatchObject({ status: 'failed', error: 'HTTP 404' });
    const rerun = await http.post(`/api/v1/tasks/crawl/${task.id}/run`, undefined, { token: admin });
    expect(rerun.status).toBe(201);
    expect(await p.waitForJob(id)).toBe('failed');
    const after = (await http.get(`/api/v1/tasks/crawl?job_id=${id}`, { token: admin })).body.data[0];
    expect(after.attempts).toBe(1);
    expect((await http.post(`/api/v1/tasks/crawl/99999999/run`, undefined, { token: admin })).status).toBe(404);
  });

  it('lets an operator keep what the pre-filter dropped, with clear errors for bad requests', async () => {
    const created = await http.post(
      '/api/v1/jobs',
      { initial_url: `${p.site.url}/about`, max_depth: 0 },
      { token: developer },
    );
    const id = created.body.data.id;
    expect(await p.waitForJob(id)).toBe('completed');
    const [task] = (await http.get(`/api/v1/tasks/transform?job_id=${id}`, { token: admin })).body.data;
    expect(task).toMatchObject({
      status: 'skipped',
      skip_reason: expect.stringMatching(/^not an idea: /),
      keep_urls: [],
    });
    expect(task.dropped_items).toEqual([{ title: 'About us', url: `${p.site.url}/about`, reason: task.skip_reason }]);

    const path = `/api/v1/tasks/transform/${task.id}/keep-as-ideas`;
    const wrong = await http.post(path, { urls: ['https://elsewhere.example/x'] }, { token: admin });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(
      /^urls\.0 "https:\/\/elsewhere\.example\/x" is not an item the pre-filter dropped/,
    );
    expect((await http.post(path, { urls: [] }, { token: admin })).body.error.message).toMatch(
      /urls must name at least one/,
    );
    expect((await http.post(path, { urls: 'x' }, { token: admin })).status).toBe(400);

    const kept = await http.post(path, {}, { token: admin });
    expect(kept.status).toBe(201);
    expect(kept.body.data.message).toBe('Transform task queued: 1 item(s) will be kept as ideas');
    expect(await p.waitForJob(id)).toBe('completed');
    await p.waitForIdeas(id);
    const ideas = (await http.get(`/api/v1/data/knowledge/by_job/${id}`, { token: admin })).body.data;
    expect(ideas.map((i: { title: string }) => i.title)).toEqual(['About us']);
    // Nothing is left to keep now.
    expect((await http.post(path, {}, { token: admin })).status).toBe(409);
  });
});

describe('raw data', () => {
  it('turns a page added by hand into an idea', async () => {
    const content =
      '<html><head><title>Invoice chaser for plumbers</title></head><body><article><h1>Invoice chaser for plumbers</h1><p>Plumbers hate chasing unpaid invoices; it wastes hours every week. A simple app that sends reminders automatically could charge a monthly subscription, and many small businesses would pay for it.</p></article></body></html>';
    const res = await http.post(
      '/api/v1/data/raw',
      { url: 'https://manual.example/plumbers', content, content_type: 'text/html' },
      { token: developer },
    );
    expect(res.status).toBe(201);
    const idea = await waitUntil(() =>
      p.context.app.db
        .selectFrom('knowledge')
        .select(['title', 'analyzed_at'])
        .where('source_url', '=', 'https://manual.example/plumbers')
        .executeTakeFirst()
        .then((k) => (k?.analyzed_at ? k : undefined)),
    );
    expect(idea.title).toBe('Invoice chaser for plumbers');
    const bad = await http.post(
      '/api/v1/data/raw',
      { url: 'https://x.example/', content: '', content_type: 'text/html' },
      { token: developer },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('content');
  });
});

describe('schedules', () => {
  it('validates cron and time zone, and a due active schedule creates a job on the tick', async () => {
    const badCron = await http.post(
      '/api/v1/schedules',
      { name: 'x', cron: '61 * * * *', job_template: { initial_url: 'https://example.com/' } },
      { token: developer },
    );
    expect(badCron.status).toBe(400);
    expect(badCron.body.error.field).toBe('cron');
    const badTz = await http.post(
      '/api/v1/schedules',
      { name: 'x', cron: '0 * * * *', timezone: 'Mars/Base', job_template: { initial_url: 'https://example.com/' } },
      { token: developer },
    );
    expect(badTz.body.error.field).toBe('timezone');

    const created = await http.post(
      '/api/v1/schedules',
      {
        name: 'Demo hourly',
        cron: '0 * * * *',
        timezone: 'Europe/Berlin',
        is_active: true,
        job_template: { initial_url: `${p.site.url}/hn.json`, max_depth: 0, tag: 'scheduled-demo' },
      },
      { token: developer },
    );
    expect(created.status).toBe(201);
    expect(new Date(created.body.data.next_run_at).getUTCMinutes()).toBe(0);
    await p.context.app.db
      .updateTable('schedules')
      .set({ next_run_at: new Date(Date.now() - 1000) })
      .where('id', '=', created.body.data.id)
      .execute();
    await handleScheduleTick({
      db: p.context.app.db,
      boss: p.context.app.boss,
      log: p.context.app.log,
      allow: (await import('@ideamine/server/net/address-policy')).parseAllowList('127.0.0.1'),
    } as never);
    const schedule = (await http.get(`/api/v1/schedules/${created.body.data.id}`, { token: developer })).body.data;
    expect(schedule.last_job_id).not.toBeNull();
    expect(new Date(schedule.next_run_at).getTime()).toBeGreaterThan(Date.now());
    const job = (await http.get(`/api/v1/jobs/${schedule.last_job_id}`, { token: developer })).body.data;
    expect(job).toMatchObject({ origin: 'scheduled', schedule_id: schedule.id, tag: 'scheduled-demo' });
    expect(await p.waitForJob(job.id)).toBe('completed');
  });

  it('ships inactive schedules for real sources', async () => {
    const list = await http.get('/api/v1/schedules?is_active=false&page_size=50', { token: developer });
    const names = list.body.data
      .filter((s: { is_builtin: boolean }) => s.is_builtin)
      .map((s: { name: string }) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Hacker News: Ask HN',
        'Hacker News: Show HN',
        'Reddit: r/SideProject',
        'Reddit: r/startups',
        'Product Hunt feed',
        'Indie Hackers feed',
        'Reddit: r/SomebodyMakeThis',
        'Reddit: r/AppIdeas',
        'GitHub: open feature requests',
      ]),
    );
  });
});

describe('settings', () => {
  it('checks each value against its key and reverts on delete', async () => {
    const bad = await http.put('/api/v1/settings/crawl.respect_robots', { value: 'yes' }, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('value');
    expect((await http.put('/api/v1/settings/no.such.key', { value: 1 }, { token: admin })).status).toBe(404);
    const unknown = await http.post('/api/v1/settings', { key: 'no.such.key', value: 1 }, { token: admin });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.field).toBe('key');
    const set = await http.put('/api/v1/settings/auth.trial_days', { value: 30 }, { token: admin });
    expect(set.body.data).toMatchObject({ key: 'auth.trial_days', value: 30, is_default: false });
    const del = await http.del('/api/v1/settings/auth.trial_days', { token: admin });
    expect(del.body.data.message).toBe('Setting deleted successfully');
    const list = await http.get('/api/v1/settings', { token: developer });
    expect(list.body.data.find((s: { key: string }) => s.key === 'auth.trial_days')).toMatchObject({
      value: 14,
      is_default: true,
    });
    expect((await http.put('/api/v1/settings/auth.trial_days', { value: 30 }, { token: developer })).status).toBe(403);
  });
});
