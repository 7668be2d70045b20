import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { client } from '@ideamine/api/test/http';
import { startTestServer, type TestServer } from '@ideamine/api/test/server';
import { startWorkers } from '@ideamine/worker/runtime';

// Profit analysis end to end: the API takes one idea or a batch, a real worker runs the batch's
// queued message, and the API reports its progress.

let server: TestServer;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
});
afterAll(() => server.close());

describe('profit analysis', () => {
  it('analyses one idea now and a batch through the queue with progress', async () => {
    const dev = await signedInUser(server.app, { role: 'developer' });
    const a = await buildKnowledge(server.app, { body: 'Teams hate manual invoices; they would pay a subscription.' });
    const b = await buildKnowledge(server.app);
    const one = await http.post('/api/v1/profit-analysis', { knowledge_id: a.id }, { token: dev.token });
    expect(one.status).toBe(201);
    expect(one.body.data).toMatchObject({ knowledge_id: a.id, title: a.title, status: 'completed' });
    expect(one.body.data.result.profit_breakdown).toHaveLength(6);
    expect(
      (await http.post('/api/v1/profit-analysis', { knowledge_id: 999_999_999 }, { token: dev.token })).status,
    ).toBe(404);

    const refused = await http.post(
      '/api/v1/profit-analysis/batch',
      { knowledge_ids: [a.id, 999_999_998] },
      { token: dev.token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('999999998');
    expect(await server.app.db.selectFrom('profit_analysis_batches').select('id').execute()).toEqual([]);

    const started = await http.post(
      '/api/v1/profit-analysis/batch',
      { knowledge_ids: [a.id, b.id, a.id] },
      { token: dev.token },
    );
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({ status: 'pending', total: 2, completed: 0, progress_percentage: 0 });

    // Run the queued message the way a worker does.
    const workers = await startWorkers({
      db: server.app.db,
      boss: server.app.boss,
      log: server.app.log,
      queues: ['profit-analysis'],
      pollingIntervalSeconds: 0.5,
    });
    try {
      const deadline = Date.now() + 20_000;
      let batch;
      do {
        batch = (await http.get(`/api/v1/profit-analysis/batch/${started.body.data.id}`, { token: dev.token })).body
          .data;
        if (batch.status === 'completed') break;
        await new Promise((r) => setTimeout(r, 100));
      } while (Date.now() < deadline);
      expect(batch).toMatchObject({ status: 'completed', total: 2, completed: 2, failed: 0, progress_percentage: 100 });
      expect(batch.results.map((r: { knowledge_id: number }) => r.knowledge_id).sort()).toEqual([a.id, b.id].sort());
    } finally {
      await workers.stop();
    }
    const list = await http.get('/api/v1/profit-analysis/batch', { token: dev.token });
    expect(list.body.data[0]).toMatchObject({ id: started.body.data.id, status: 'completed' });
    const other = await signedInUser(server.app, { role: 'developer' });
    expect(
      (await http.get(`/api/v1/profit-analysis/batch/${started.body.data.id}`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (
        await http.post(
          '/api/v1/profit-analysis',
          { knowledge_id: a.id },
          { token: (await signedInUser(server.app, { role: 'guest' })).token },
        )
      ).status,
    ).toBe(403);
  });
});
