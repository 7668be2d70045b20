import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '@ideamine/server/test/factories';
import { client } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let http: ReturnType<typeof client>;
let token: string;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
  const admin = await signedInUser(server.app, { role: 'admin' });
  token = admin.token;
  adminId = admin.user.id;
});
afterAll(() => server.close());

const db = () => server.app.db;
const post = (path: string, body: unknown = {}) => http.post(`/api/v1/admin/queues${path}`, body, { token });

const bossJob = async (id: string) =>
  (await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id = ${id}::uuid`.execute(db())).rows[0]?.state;

async function seedJob() {
  return db()
    .insertInto('jobs')
    .values({ initial_url: 'https://example.test/', status: 'completed', finished_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function seedTask(jobId: number, status: string, error: string | null = null) {
  return db()
    .insertInto('crawl_tasks')
    .values({
      job_id: jobId,
      url: `https://example.test/page-${Math.random().toString(36).slice(2)}`,
      domain: 'example.test',
      status: status as 'pending',
      error,
      finished_at: status === 'pending' ? null : new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('pause and resume', () => {
  it('refuses unknown queues naming the field and lists every queue', async () => {
    const bad = await post('/nope/pause');
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('queue');
    const list = await http.get('/api/v1/admin/queues', { token });
    expect(list.body.data.map((q: { queue: string }) => q.queue)).toContain('transform');
    expect(list.body.data.every((q: { paused: boolean }) => !q.paused)).toBe(true);
  });
});

describe('bulk task actions', () => {
  it('counts first, then retries with the reason in the audit log', async () => {
    const job = await seedJob();
    const failed503 = [];
    for (let i = 0; i < 3; i++) failed503.push((await seedTask(job.id, 'failed', 'HTTP 503 upstream')).id);
    await seedTask(job.id, 'failed', 'DNS failure');
    await seedTask(job.id, 'completed');
    const filter = { kind: 'crawl', job_id: job.id, status: 'failed', error_contains: '503' };

    const dry = await post('/tasks/bulk', { action: 'retry', filter, reason: 'upstream recovered' });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toEqual({ action: 'retry', matched: 3, affected: 0, performed: false });
    const stillFailed = await db().selectFrom('crawl_tasks').select('id').where('status', '=', 'failed').execute();
    expect(stillFailed).toHaveLength(4);

    const done = await post('/tasks/bulk', { action: 'retry', filter, reason: 'upstream recovered', confirm: true });
    expect(done.body.data).toEqual({ action: 'retry', matched: 3, affected: 3, performed: true });
    const tasks = await db()
      .selectFrom('crawl_tasks')
      .select(['id', 'status', 'error'])
      .where('job_id', '=', job.id)
      .execute();
    expect(
      tasks
        .filter((t) => t.status === 'pending')
        .map((t) => t.id)
        .sort(),
    ).toEqual([...failed503].sort());
    expect(
      (await db().selectFrom('jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow()).status,
    ).toBe('active');
    const { rows: messages } = await sql<{ data: { taskIds: number[] } }>`
      SELECT data FROM pgboss.job WHERE name = 'crawl' AND state = 'created'`.execute(db());
    expect(messages.flatMap((m) => m.data.taskIds).sort()).toEqual([...failed503].sort());
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'tasks.bulk_retry')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: adminId, entity_type: 'crawl_tasks' });
    expect(audit.after).toMatchObject({ reason: 'upstream recovered', matched: 3, affected: 3, filter });

    // Cancel the pending ones in bulk: the job has nothing left to do and ends.
    const cancel = await post('/tasks/bulk', {
      action: 'cancel',
      filter: { kind: 'crawl', job_id: job.id },
      reason: 'not needed',
      confirm: true,
    });
    expect(cancel.body.data).toMatchObject({ matched: 3, affected: 3 });
    expect(
      (await db().selectFrom('jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow()).status,
    ).toBe('partially_completed');
  });

  it('acts only on the checked ids that also match the rest of the filter', async () => {
    const job = await seedJob();
    const a = await seedTask(job.id, 'failed', 'HTTP 500');
    const b = await seedTask(job.id, 'failed', 'HTTP 500');
    const c = await seedTask(job.id, 'failed', 'HTTP 500');
    const done = await seedTask(job.id, 'completed');
    const filter = { kind: 'crawl', job_id: job.id, status: 'failed', ids: [a.id, b.id, done.id] };

    const dry = await post('/tasks/bulk', { action: 'retry', filter, reason: 'checked rows' });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toEqual({ action: 'retry', matched: 2, affected: 0, performed: false });
    const res = await post('/tasks/bulk', { action: 'retry', filter, reason: 'checked rows', confirm: true });
    expect(res.body.data).toEqual({ action: 'retry', matched: 2, affected: 2, performed: true });
    const status = async (id: number) =>
      (await db().selectFrom('crawl_tasks').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect([await status(a.id), await status(b.id), await status(c.id), await status(done.id)]).toEqual([
      'pending',
      'pending',
      'failed',
      'completed',
    ]);

    const empty = await post('/tasks/bulk', { action: 'retry', filter: { kind: 'crawl', ids: [] }, reason: 'none' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.field).toBe('filter.ids');
    const bad = await post('/tasks/bulk', { action: 'retry', filter: { kind: 'crawl', ids: [0] }, reason: 'none' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toMatch(/^filter\.ids/);
    const many = Array.from({ length: 1001 }, (_, i) => i + 1);
    const tooMany = await post('/tasks/bulk', {
      action: 'delete',
      filter: { kind: 'crawl', ids: many },
      reason: 'many',
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.field).toBe('filter.ids');
  });

  it('refuses a missing reason and bad enums naming the field', async () => {
    const noReason = await post('/tasks/bulk', { action: 'retry', filter: { kind: 'crawl' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.field).toBe('reason');
    const badAction = await post('/tasks/bulk', { action: 'nuke', filter: { kind: 'crawl' }, reason: 'because' });
    expect(badAction.body.error.field).toBe('action');
    const badKind = await post('/tasks/bulk', { action: 'retry', filter: { kind: 'x' }, reason: 'because' });
    expect(badKind.body.error.field).toBe('filter.kind');
  });
});

describe('single task actions and search', () => {
  it('retries, cancels and deletes one task', async () => {
    const job = await seedJob();
    const failed = await seedTask(job.id, 'failed', 'Timeout reading body');
    const pending = await seedTask(job.id, 'pending');
    expect((await post(`/tasks/crawl/${failed.id}/retry`)).status).toBe(200);
    expect(
      (await db().selectFrom('crawl_tasks').select('status').where('id', '=', failed.id).executeTakeFirstOrThrow())
        .status,
    ).toBe('pending');
    expect((await post(`/tasks/crawl/${pending.id}/cancel`, { reason: 'duplicate' })).status).toBe(200);
    const cancelled = await db()
      .selectFrom('crawl_tasks')
      .selectAll()
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(cancelled).toMatchObject({ status: 'skipped', skip_reason: 'Cancelled by operator: duplicate' });
    const again = await post(`/tasks/crawl/${pending.id}/cancel`, { reason: 'duplicate' });
    expect(again.status).toBe(409);
    expect((await http.del(`/api/v1/admin/queues/tasks/crawl/${pending.id}`, { token })).status).toBe(200);
    expect((await http.del(`/api/v1/admin/queues/tasks/crawl/${pending.id}`, { token })).status).toBe(404);
    expect((await post(`/tasks/other/1/cancel`)).body.error.field).toBe('kind');
  });

  it('searches url, error and skip reason, paged', async () => {
    const job = await seedJob();
    await seedTask(job.id, 'failed', 'TLS handshake refused');
    await seedTask(job.id, 'failed', 'TLS handshake refused');
    const res = await http.get('/api/v1/admin/queues/tasks?q=tls%20handshake&page_size=1', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      kind: 'crawl',
      job_id: job.id,
      status: 'failed',
      error: 'TLS handshake refused',
    });
    expect(res.body.meta.pagination).toMatchObject({ total: 2, page: 1, page_size: 1, total_pages: 2 });
    const none = await http.get('/api/v1/admin/queues/tasks?q=nothing-like-this&kind=transform', { token });
    expect(none.body.data).toEqual([]);
    expect((await http.get('/api/v1/admin/queues/tasks?page_size=0', { token })).body.error.field).toBe('page_size');
    expect((await http.get('/api/v1/admin/queues/tasks?kind=x', { token })).body.error.field).toBe('kind');
  });
});

describe('dead-letter replay', () => {
  it('sends messages back with a replay count and refuses past 3 replays', async () => {
    await sql`DELETE FROM pgboss.job WHERE name = 'transform'`.execute(db());
    const fresh = (await server.app.boss.send('transform.dead', { taskIds: [11] }))!;
    const worn = (await server.app.boss.send('transform.dead', { taskIds: [12], replays: 3 }))!;
    const res = await post('/transform/dead-letter/replay', { reason: 'bug fixed' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ replayed: 1, refused: 1, max_replays: 3 });
    const { rows } = await sql<{ data: unknown }>`SELECT data FROM pgboss.job WHERE name = 'transform'`.execute(db());
    expect(rows.map((r) => r.data)).toEqual([{ taskIds: [11], replays: 1 }]);
    expect(await bossJob(fresh)).toBeUndefined();
    expect(await bossJob(worn)).toBe('created');

    const refused = await post('/transform/dead-letter/replay', { reason: 'try again', message_id: worn });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('3 times');
    const unknown = await post('/transform/dead-letter/replay', {
      reason: 'try again',
      message_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect((await post('/transform/dead-letter/replay', { reason: 'x y z', limit: 0 })).body.error.field).toBe('limit');
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'queue.dead_letter_replay')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ reason: 'bug fixed', replayed: [fresh], refused: 1 });
  });
});
