import { sql } from 'kysely';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { BUDGET_LIMITS, BUDGETED_ROLES, budgetKey } from '@ideamine/shared/crawl-budget-settings';
import { signedInUser } from '@ideamine/server/test/factories';
import { client } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

// Issue 19, section 5: a trial account could start crawls of any public URL with no budget of its
// own. Each role now has one in settings (crawl.budget.<role>.pages_per_job, jobs_per_day,
// concurrent_jobs), checked when a job is created; pages per job becomes the job's max_pages, which
// the crawler holds it to while it runs (build/start/src/pipeline-api.test.ts watches one crawl).

let server: TestServer;
let http: ReturnType<typeof client>;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
  admin = (await signedInUser(server.app, { role: 'admin' })).token;
});
afterAll(() => server?.close());
// Every test starts from the defaults.
afterEach(async () => {
  for (const role of BUDGETED_ROLES)
    for (const limit of BUDGET_LIMITS) await http.del(`/api/v1/settings/${budgetKey(role, limit)}`, { token: admin });
});

const setBudget = async (key: string, value: number) => {
  const res = await http.put(`/api/v1/settings/${key}`, { value }, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
let n = 0;
const start = (token: string, extra: Record<string, unknown> = {}) =>
  http.post('/api/v1/jobs', { initial_url: `https://example.test/budget/${++n}`, ...extra }, { token });
const user = (role: 'trial' | 'developer' | 'admin') => signedInUser(server.app, { role });

describe('crawl budgets', () => {
  it('are settings with a default each, 0 for no limit, checked when changed', async () => {
    const res = await http.get('/api/v1/settings', { token: admin });
    const byKey = Object.fromEntries((res.body.data as { key: string; value: unknown }[]).map((s) => [s.key, s.value]));
    expect(byKey).toMatchObject({
      'crawl.budget.trial.pages_per_job': 50,
      'crawl.budget.trial.jobs_per_day': 10,
      'crawl.budget.trial.concurrent_jobs': 2,
      'crawl.budget.developer.pages_per_job': 0,
      'crawl.budget.developer.jobs_per_day': 0,
      'crawl.budget.developer.concurrent_jobs': 0,
    });
    expect(Object.keys(byKey).filter((k) => k.startsWith('crawl.budget.admin'))).toEqual([]);
    const bad = await http.put('/api/v1/settings/crawl.budget.trial.jobs_per_day', { value: -1 }, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'value' });
    expect(bad.body.error.message).toMatch(/^value is not valid for crawl\.budget\.trial\.jobs_per_day: /);
  });

  it("caps a job's pages: a missing max_pages gets the budget, a larger one is refused naming the limit", async () => {
    const trial = await user('trial');
    const plain = await start(trial.token);
    expect(plain.status).toBe(201);
    expect(plain.body.data.max_pages).toBe(50);

    await setBudget('crawl.budget.trial.pages_per_job', 20);
    const other = await user('trial');
    const capped = await start(other.token);
    expect(capped.status).toBe(201);
    expect(capped.body.data.max_pages).toBe(20);
    const tooMany = await start(other.token, { max_pages: 21 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'max_pages',
      message:
        'max_pages may be at most 20 for a trial account (setting crawl.budget.trial.pages_per_job); ask for 20 pages or fewer',
    });
    // Nothing was created by the refused call.
    const mine = await http.get('/api/v1/jobs', { token: other.token });
    expect(mine.body.meta.pagination.total).toBe(1);

    const developer = await user('developer');
    expect((await start(developer.token, { max_pages: 10_000 })).body.data.max_pages).toBe(10_000);
  });

  it('refuses a job past the concurrent limit until one finishes or is cancelled', async () => {
    const trial = await user('trial');
    const first = await start(trial.token);
    const second = await start(trial.token);
    expect([first.status, second.status]).toEqual([201, 201]);
    const third = await start(trial.token);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBeNull();
    expect(third.body.error).toEqual({
      code: 'RATE_LIMITED',
      message:
        'Concurrent crawl budget reached: a trial account may have 2 crawl jobs pending or running at once ' +
        '(setting crawl.budget.trial.concurrent_jobs) and you have 2. A place frees up as soon as one of them ' +
        'finishes; wait for one to finish, or cancel one, then start this job.',
    });

    // Cancelling frees a place at once.
    expect(
      (await http.put(`/api/v1/jobs/${first.body.data.id}`, { action: 'cancel' }, { token: trial.token })).status,
    ).toBe(200);
    const fourth = await start(trial.token);
    expect(fourth.status).toBe(201);
    expect((await start(trial.token)).status).toBe(429);
    // So does a job finishing (as the workers end it).
    await server.app.db
      .updateTable('jobs')
      .set({ status: 'completed', finished_at: new Date() })
      .where('id', '=', second.body.data.id)
      .execute();
    expect((await start(trial.token)).status).toBe(201);
  });

  it('refuses a job past the daily limit, saying when it resets; the next UTC day starts afresh', async () => {
    await setBudget('crawl.budget.trial.jobs_per_day', 3);
    await setBudget('crawl.budget.trial.concurrent_jobs', 0);
    const trial = await user('trial');
    for (let i = 0; i < 3; i++) expect((await start(trial.token)).status).toBe(201);
    const refused = await start(trial.token);
    expect(refused.status).toBe(429);
    const { rows } = await sql<{ midnight: Date }>`
      SELECT date_trunc('day', now(), 'UTC') + interval '1 day' AS midnight`.execute(server.app.db);
    const midnight = rows[0]!.midnight;
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(refused.body.error.message).toMatch(
      new RegExp(
        '^Daily crawl budget reached: a trial account may start 3 crawl jobs per day \\(setting ' +
          'crawl\\.budget\\.trial\\.jobs_per_day\\) and you have started 3 today\\. The count resets at midnight UTC ' +
          `\\(${midnight.toISOString().replaceAll('.', '\\.')}\\), in (\\d+ hours? ?)?(\\d+ minutes?)?(less than a minute)?; ` +
          'start this job then, or ask an administrator to raise the limit\\.$',
      ),
    );
    const retryAfter = Number(refused.headers.get('retry-after'));
    const untilMidnight = (midnight.getTime() - Date.now()) / 1000;
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(Math.abs(retryAfter - untilMidnight)).toBeLessThan(60);

    // The jobs were started yesterday (UTC): they no longer count.
    await server.app.db
      .updateTable('jobs')
      .set({ created_at: sql`date_trunc('day', now(), 'UTC') - interval '1 minute'` })
      .where('created_by', '=', trial.user.id)
      .execute();
    expect((await start(trial.token)).status).toBe(201);
  });

  it('lets two requests at once take only the places left', async () => {
    const trial = await user('trial');
    const answers = await Promise.all(Array.from({ length: 6 }, () => start(trial.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    const { n: created } = await server.app.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_by', '=', trial.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(created)).toBe(2);
  });

  it('leaves developers unlimited unless a budget is set, and admins always', async () => {
    const developer = await user('developer');
    const adminUser = await user('admin');
    for (let i = 0; i < 3; i++) {
      expect((await start(developer.token)).status).toBe(201);
      expect((await start(adminUser.token)).status).toBe(201);
    }
    await setBudget('crawl.budget.developer.concurrent_jobs', 3);
    const refused = await start(developer.token);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toContain(
      'a developer account may have 3 crawl jobs pending or running at once (setting crawl.budget.developer.concurrent_jobs)',
    );
    expect((await start(adminUser.token)).status).toBe(201);
  });
});
