import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKnowledge, buildUser, signedInUser } from '@ideamine/server/test/factories';
import { client } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let http: ReturnType<typeof client>;
let admin: Awaited<ReturnType<typeof signedInUser>>;

const CONSENT = {
  analytics_enabled: true,
  performance_tracking: true,
  personalization: false,
  advertising: false,
  consent_date: '2026-11-20T10:00:00Z',
  consent_version: '1.0',
};
const batch = (visitor: string, paths: string[], consent: object = CONSENT) => ({
  visitor_id: visitor,
  consent,
  events: paths.map((path) => ({ name: 'page_view', path })),
});

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
  admin = await signedInUser(server.app, { role: 'admin' });
});
afterAll(() => server.close());

describe('analytics events', () => {
  it('stores events only with analytics consent under version 1.0', async () => {
    const ok = await http.post('/api/v1/analytics/events', batch('visitor-aaaa', ['/', '/ideas', '/register']));
    expect(ok.body.data).toEqual({ accepted: 3, ignored: 0, reason: null });
    const declined = await http.post(
      '/api/v1/analytics/events',
      batch('visitor-bbbb', ['/'], { ...CONSENT, analytics_enabled: false }),
    );
    expect(declined.body.data).toMatchObject({ accepted: 0, ignored: 1 });
    const oldVersion = await http.post(
      '/api/v1/analytics/events',
      batch('visitor-cccc', ['/'], { ...CONSENT, consent_version: '0.9' }),
    );
    expect(oldVersion.body.data.accepted).toBe(0);
    const rows = await server.app.db.selectFrom('analytics_events').select('visitor_id').execute();
    expect(rows.map((r) => r.visitor_id)).toEqual(['visitor-aaaa', 'visitor-aaaa', 'visitor-aaaa']);
  });

  it('refuses malformed batches naming the field', async () => {
    for (const [body, field] of [
      [{ ...batch('visitor-dddd', ['/']), events: [] }, 'events'],
      [{ ...batch('visitor-dddd', ['/']), visitor_id: 'x' }, 'visitor_id'],
      [{ ...batch('visitor-dddd', ['/']), consent: { analytics_enabled: true } }, 'consent'],
      [{ ...batch('visitor-dddd', ['/']), events: [{ name: 'DROP TABLE', path: '/' }] }, 'events.name'],
      [{ ...batch('visitor-dddd', []), events: Array.from({ length: 51 }, () => ({ name: 'page_view' })) }, 'events'],
    ] as const) {
      const res = await http.post('/api/v1/analytics/events', body);
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res.body.error), field).toContain(field);
    }
  });
});

describe('admin aggregates', () => {
  it('analytics: visitors, page views, top pages, funnel, trial status, daily series', async () => {
    await http.post('/api/v1/analytics/events', batch('visitor-eeee', ['/', '/ideas', '/ideas']));
    const member = await signedInUser(server.app, { role: 'guest' });
    await http.post('/api/v1/analytics/events', batch('visitor-ffff', ['/register']), { token: member.token });
    await buildUser(server.app, { role: 'trial', trialExpiresAt: new Date(Date.now() - 86_400_000) });

    const res = await http.get('/api/v1/admin/analytics?period=24h&limit=2', { token: admin.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.page_views).toBe(7);
    expect(d.unique_visitors).toBe(3);
    expect(d.top_pages).toEqual([
      { path: '/ideas', views: 3 },
      { path: '/', views: 2 }, // ties with /register (2): by path
    ]);
    expect(d.signup_funnel).toMatchObject({ visitors: 3, register_page_visitors: 2 });
    // Of the two visitors who opened /register, one made an account (the guest); the expired
    // trial account never visited, so it is no step of the funnel: no step exceeds the one before.
    expect(d.signup_funnel).toMatchObject({ signups: 1, trial_signups: 0 });
    expect(d.trial_status.expired).toBe(1);
    expect(d.active_users).toBeGreaterThanOrEqual(2);
    expect(d.daily.at(-1).page_views).toBe(7);
    expect((await http.get('/api/v1/admin/analytics?period=1y', { token: admin.token })).status).toBe(400);
    expect((await http.get('/api/v1/admin/analytics', { token: member.token })).status).toBe(403);
  });

  it('engagement: totals, top ideas and per day', async () => {
    const idea = await buildKnowledge(server.app);
    const other = await buildKnowledge(server.app);
    const voter = await signedInUser(server.app, { role: 'guest' });
    const view = await http.get(`/api/v1/public/ideas/${idea.id}`);
    await http.post(`/api/v1/knowledge/${idea.id}/engagement`, {
      view_token: view.body.meta.view_token,
      time_on_page_ms: 5000,
    });
    await http.get(`/api/v1/public/ideas/${other.id}`);
    await http.post(`/api/v1/knowledge/${idea.id}/vote`, { vote_type: 'upvote' }, { token: voter.token });
    await http.post(`/api/v1/knowledge/${idea.id}/app-request`, {}, { token: voter.token });

    const res = await http.get('/api/v1/admin/engagement?period=7d', { token: admin.token });
    expect(res.body.data.totals).toEqual({
      views: 2,
      unique_viewers: 1,
      engaged_views: 1,
      average_time_on_page_ms: 5000,
      votes: 1,
      upvotes: 1,
      downvotes: 0,
      app_requests: 1,
      implementations: 0,
    });
    expect(res.body.data.top_ideas[0]).toMatchObject({ id: idea.id, views: 1, votes: 1, app_requests: 1 });
    expect(res.body.data.top_ideas[1]).toMatchObject({ id: other.id, views: 1 });
    expect(res.body.data.daily.at(-1)).toMatchObject({ views: 2, votes: 1, app_requests: 1 });
  });
});
