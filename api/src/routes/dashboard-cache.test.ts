import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TtlCache } from '@ideamine/server/cache/ttl-cache';
import { buildJob, signedInUser } from '@ideamine/server/test/factories';
import { client } from '../test/http';
import { startTestServer, type TestServer } from '../test/server';

let server: TestServer;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
});
afterAll(() => server.close());

describe('the operations dashboard cache', () => {
  it('serves a recent answer to every allowed caller, re-checks access, and reads live on forceRefresh', async () => {
    server.app.dashboardCache = new TtlCache(60_000);
    const admin = await signedInUser(server.app, { role: 'admin' });
    const otherAdmin = await signedInUser(server.app, { role: 'admin' });
    const developer = await signedInUser(server.app, { role: 'developer' });
    const first = await http.get('/api/v1/dashboard/job-stats?period=24h', { token: admin.token });
    await buildJob(server.app);
    const again = await http.get('/api/v1/dashboard/job-stats?period=24h', { token: otherAdmin.token });
    expect(again.body.data.new_jobs.total).toBe(first.body.data.new_jobs.total);
    // A caller without the right is refused even when an answer is cached.
    expect((await http.get('/api/v1/dashboard/job-stats?period=24h', { token: developer.token })).status).toBe(403);
    expect((await http.get('/api/v1/dashboard/job-stats?period=24h')).status).toBe(401);
    // Another query string is another entry; bad input is still refused.
    const week = await http.get('/api/v1/dashboard/job-stats?period=7d', { token: admin.token });
    expect(week.body.data.new_jobs.total).toBe(first.body.data.new_jobs.total + 1);
    expect((await http.get('/api/v1/dashboard/job-stats?period=1y', { token: admin.token })).status).toBe(400);
    const live = await http.get('/api/v1/dashboard/system-status?forceRefresh=true', { token: admin.token });
    expect(live.body.data.cached).toBe(false);
  });
});
