import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '@ideamine/server/test/factories';
import { client } from '@ideamine/api/test/http';
import { startTestServer, type TestServer } from '@ideamine/api/test/server';
import { startWorkers } from '@ideamine/worker/runtime';

// Pausing a queue from the operator API stops real workers from fetching it.

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

/** Polls until `check` holds (bounded), instead of sleeping a fixed time. */
async function until<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (check(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const bossJob = async (id: string) =>
  (await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id = ${id}::uuid`.execute(db())).rows[0]?.state;

describe('pause and resume', () => {
  it('stops a real worker from fetching a paused queue until it is resumed', async () => {
    const paused = await post('/crawl/pause', { reason: 'maintenance' });
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ queue: 'crawl', paused: true, reason: 'maintenance' });

    const workers = await startWorkers({
      db: db(),
      boss: server.app.boss,
      log: server.app.log,
      queues: ['crawl'],
      concurrency: 1,
      pollingIntervalSeconds: 0.5,
      pauseCheckSeconds: 0.1,
    });
    try {
      expect(workers.pausedQueues()).toEqual(['crawl']);
      const messageId = (await server.app.boss.send('crawl', { taskIds: [2_000_000_000] }))!;
      // Several pause checks (each 0.1 s apart) span more than one polling interval: still waiting.
      const from = workers.pauseChecks();
      await until(
        async () => workers.pauseChecks(),
        (n) => n >= from + 8,
      );
      expect(await bossJob(messageId)).toBe('created');
      expect(workers.pausedQueues()).toEqual(['crawl']);

      const resumed = await post('/crawl/resume');
      expect(resumed.body.data).toMatchObject({ queue: 'crawl', paused: false });
      expect(
        await until(
          () => bossJob(messageId),
          (s) => s === 'completed',
        ),
      ).toBe('completed');
      expect(workers.pausedQueues()).toEqual([]);
    } finally {
      await workers.stop();
    }
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'actor_id'])
      .where('entity_type', '=', 'queue')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'queue.pause', entity_id: 'crawl', actor_id: adminId },
      { action: 'queue.resume', entity_id: 'crawl', actor_id: adminId },
    ]);
  });

  it('says when a pause has taken hold on every live worker; nothing sent after that is fetched', async () => {
    const workers = await startWorkers({
      db: db(),
      boss: server.app.boss,
      log: server.app.log,
      queues: ['transform'],
      concurrency: 2,
      pollingIntervalSeconds: 0.5,
      pauseCheckSeconds: 0.1,
    });
    type State = { queue: string; paused: boolean; workers: number; workers_paused: number };
    const transform = async () =>
      ((await http.get('/api/v1/admin/queues', { token })).body.data as State[]).find((q) => q.queue === 'transform')!;
    try {
      expect(await transform()).toMatchObject({ paused: false, workers: 1, workers_paused: 0 });
      await post('/transform/pause', { reason: 'hold' });
      const held = await until(transform, (q) => q.workers_paused === 1);
      expect(held).toMatchObject({ paused: true, workers: 1, workers_paused: 1 });
      // Sent right after the pause took hold: it waits, however fast the worker polls.
      const messageId = (await server.app.boss.send('transform', { taskIds: [2_000_000_000] }))!;
      const from = workers.pauseChecks();
      await until(
        async () => workers.pauseChecks(),
        (n) => n >= from + 8,
      );
      expect(await bossJob(messageId)).toBe('created');

      await post('/transform/resume');
      expect(await until(transform, (q) => q.workers_paused === 0)).toMatchObject({ paused: false, workers_paused: 0 });
      expect(
        await until(
          () => bossJob(messageId),
          (s) => s === 'completed',
        ),
      ).toBe('completed');
    } finally {
      await workers.stop();
    }
    expect(await transform()).toMatchObject({ workers: 0, workers_paused: 0 });
  });
});
