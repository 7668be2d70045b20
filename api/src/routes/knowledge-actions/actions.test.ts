import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { client } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
});
afterAll(() => server.close());

const vote = (id: number, token: string | undefined, vote_type: string) =>
  http.post(`/api/v1/knowledge/${id}/vote`, { vote_type }, { token });

describe('votes', () => {
  it('asks visitors to sign in', async () => {
    const idea = await buildKnowledge(server.app);
    const res = await vote(idea.id, undefined, 'upvote');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Please sign in to vote');
    expect((await http.get(`/api/v1/knowledge/${idea.id}/vote-stats`)).body.data.total_votes).toBe(0);
  });

  it('adds, removes and switches one vote per user (spec s4)', async () => {
    const idea = await buildKnowledge(server.app);
    const { token } = await signedInUser(server.app, { role: 'guest' });
    expect((await vote(idea.id, token, 'upvote')).body.data).toEqual({
      knowledge_id: idea.id,
      vote_type: 'upvote',
      upvotes: 1,
      downvotes: 0,
      vote_score: 1,
    });
    expect((await vote(idea.id, token, 'downvote')).body.data).toMatchObject({
      vote_type: 'downvote',
      upvotes: 0,
      downvotes: 1,
      vote_score: -1,
    });
    expect((await vote(idea.id, token, 'downvote')).body.data).toMatchObject({
      vote_type: null,
      upvotes: 0,
      downvotes: 0,
    });
    await vote(idea.id, token, 'upvote');
    expect((await http.get(`/api/v1/knowledge/${idea.id}/vote`, { token })).body.data.vote_type).toBe('upvote');
    const stats = await http.get(`/api/v1/knowledge/${idea.id}/vote-stats`);
    expect(stats.body.data).toEqual({
      knowledge_id: idea.id,
      upvotes: 1,
      downvotes: 0,
      vote_score: 1,
      total_votes: 1,
      upvote_percentage: 100,
    });
    const card = (await http.get(`/api/v1/public/ideas/${idea.id}`)).body.data;
    expect(card).toMatchObject({ upvotes: 1, downvotes: 0, vote_score: 1 });
  });

  it('keeps counts exact under concurrent votes', async () => {
    const idea = await buildKnowledge(server.app);
    const voters = await Promise.all(Array.from({ length: 12 }, () => signedInUser(server.app, { role: 'guest' })));
    // Each voter votes three times at once (up, down, up): whatever order they land in, the
    // counters must equal the votes table.
    await Promise.all(
      voters.flatMap((v, i) => [
        vote(idea.id, v.token, i % 2 ? 'upvote' : 'downvote'),
        vote(idea.id, v.token, 'downvote'),
        vote(idea.id, v.token, 'upvote'),
      ]),
    );
    const rows = await server.app.db
      .selectFrom('knowledge_votes')
      .select('vote_type')
      .where('knowledge_id', '=', idea.id)
      .execute();
    const up = rows.filter((r) => r.vote_type === 'upvote').length;
    const down = rows.length - up;
    const counts = await server.app.db
      .selectFrom('knowledge')
      .select(['upvotes', 'downvotes'])
      .where('id', '=', idea.id)
      .executeTakeFirstOrThrow();
    expect(counts).toEqual({ upvotes: up, downvotes: down });
    expect(rows.length).toBeLessThanOrEqual(12);
  });

  it('refuses bad votes and hidden ideas', async () => {
    const owner = await signedInUser(server.app, { role: 'guest' });
    const other = await signedInUser(server.app, { role: 'guest' });
    const idea = await buildKnowledge(server.app, { visibility: 'private', user_id: owner.user.id });
    expect((await vote(idea.id, other.token, 'upvote')).status).toBe(404);
    expect((await vote(idea.id, owner.token, 'upvote')).status).toBe(200);
    const bad = await vote(idea.id, owner.token, 'sideways');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('vote_type');
    expect((await vote(999_999_999, owner.token, 'upvote')).status).toBe(404);
    expect((await http.get(`/api/v1/knowledge/${idea.id}/vote-stats`)).status).toBe(404);
  });
});

describe('engagement', () => {
  it('records views and counts time on page only over 1000 ms', async () => {
    const idea = await buildKnowledge(server.app);
    const viewer = await signedInUser(server.app, { role: 'guest' });
    const first = await http.get(`/api/v1/public/ideas/${idea.id}`);
    const second = await http.get(`/api/v1/public/ideas/${idea.id}`);
    const third = await http.get(`/api/v1/public/ideas/${idea.id}`, { token: viewer.token });
    const report = (token: string, ms: number) =>
      http.post(`/api/v1/knowledge/${idea.id}/engagement`, { view_token: token, time_on_page_ms: ms });
    expect((await report(first.body.meta.view_token, 1000)).body.data).toEqual({ recorded: false });
    expect((await report(second.body.meta.view_token, 4000)).body.data).toEqual({ recorded: true });
    expect((await report(third.body.meta.view_token, 2000)).body.data).toEqual({ recorded: true });
    expect((await report('not-a-token', 5000)).body.data).toEqual({ recorded: false });
    expect((await report(first.body.meta.view_token, -1)).status).toBe(400);

    await http.post(`/api/v1/knowledge/${idea.id}/app-request`, {}, { token: viewer.token });
    await http.post(`/api/v1/knowledge/${idea.id}/implementation`, {}, { token: viewer.token });
    const stats = await http.get(`/api/v1/knowledge/${idea.id}/engagement-stats`);
    expect(stats.body.data).toEqual({
      knowledge_id: idea.id,
      views: 3,
      unique_viewers: 2, // both anonymous visits came from the same address and browser
      engaged_views: 2,
      average_time_on_page_ms: 3000,
      upvotes: 0,
      downvotes: 0,
      vote_score: 0,
      app_requests: 1,
      implementations: 1,
    });
  });

  it('app requests are once per user; implementations can be added, updated and removed', async () => {
    const idea = await buildKnowledge(server.app);
    const user = await signedInUser(server.app, { role: 'guest' });
    const path = `/api/v1/knowledge/${idea.id}`;
    expect((await http.post(`${path}/app-request`, {})).status).toBe(401);
    const first = await http.post(`${path}/app-request`, { message: 'Please build it' }, { token: user.token });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ app_requested: true, app_requests: 1 });
    const again = await http.post(`${path}/app-request`, {}, { token: user.token });
    expect(again.status).toBe(200);
    expect(again.body.data.app_requests).toBe(1);

    const impl = await http.post(`${path}/implementation`, { url: 'https://example.test/app' }, { token: user.token });
    expect(impl.body.data).toMatchObject({ implementing: true, implementations: 1 });
    await http.post(`${path}/implementation`, { notes: 'v2' }, { token: user.token });
    expect((await http.get(`${path}/engagement-stats`)).body.data.implementations).toBe(1);
    const bad = await http.post(`${path}/implementation`, { url: 'javascript:alert(1)' }, { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('url');
    const removed = await http.del(`${path}/implementation`, { token: user.token });
    expect(removed.body.data).toMatchObject({ implementing: false, implementations: 0 });
  });
});

describe('admin actions', () => {
  it('toggles the editor pick, changes visibility and ownership, each audited', async () => {
    const admin = await signedInUser(server.app, { role: 'admin' });
    const owner = await signedInUser(server.app, { role: 'guest' });
    const idea = await buildKnowledge(server.app);
    const path = `/api/v1/admin/knowledge/${idea.id}`;

    const picked = await http.post(`${path}/editor-pick`, { message: 'Sharp idea' }, { token: admin.token });
    expect(picked.body.data).toMatchObject({ editor_pick: true, editor_pick_message: 'Sharp idea' });
    expect((await http.get('/api/v1/public/editor-picks')).body.data.map((i: { id: number }) => i.id)).toContain(
      idea.id,
    );
    const unpicked = await http.post(`${path}/editor-pick`, {}, { token: admin.token });
    expect(unpicked.body.data).toMatchObject({ editor_pick: false, editor_pick_message: null });

    expect(
      (await http.put(`${path}/visibility`, { visibility: 'private' }, { token: admin.token })).body.data.visibility,
    ).toBe('private');
    expect((await http.get(`/api/v1/public/ideas/${idea.id}`)).status).toBe(404);
    expect((await http.put(`${path}/visibility`, { visibility: 'secret' }, { token: admin.token })).status).toBe(400);

    expect(
      (await http.put(`${path}/ownership`, { user_id: owner.user.id }, { token: admin.token })).body.data.user_id,
    ).toBe(owner.user.id);
    expect((await http.get(`/api/v1/public/ideas/${idea.id}`, { token: owner.token })).status).toBe(200);
    const unknown = await http.put(`${path}/ownership`, { user_id: 999_999_999 }, { token: admin.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('user_id');
    expect((await http.put(`${path}/ownership`, {}, { token: admin.token })).status).toBe(400);
    expect(
      (await http.put(`${path}/ownership`, { user_id: null }, { token: admin.token })).body.data.user_id,
    ).toBeNull();
    expect((await http.post('/api/v1/admin/knowledge/999999999/editor-pick', {}, { token: admin.token })).status).toBe(
      404,
    );

    const audit = await server.app.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity_type', '=', 'knowledge')
      .where('entity_id', '=', String(idea.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'knowledge.editor_pick',
      'knowledge.editor_pick',
      'knowledge.visibility',
      'knowledge.ownership',
      'knowledge.ownership',
    ]);
    expect(audit[2]).toMatchObject({ before: { visibility: 'public' }, after: { visibility: 'private' } });
  });
});

describe('user dashboard', () => {
  it("summarises the caller's own ideas and activity", async () => {
    const me = await signedInUser(server.app, { role: 'trial' });
    const voter = await signedInUser(server.app, { role: 'guest' });
    // High potential is the profit label (High or Very High), whatever the innovation score says.
    const mine = await buildKnowledge(server.app, {
      user_id: me.user.id,
      profit_score: 8,
      profit_potential: 'Very High',
      overall_score: 1.2,
    });
    await buildKnowledge(server.app, {
      user_id: me.user.id,
      profit_score: 4,
      profit_potential: 'Low',
      overall_score: 4.8,
      visibility: 'private',
    });
    await vote(mine.id, voter.token, 'upvote');
    await vote(mine.id, me.token, 'downvote');
    await http.get(`/api/v1/public/ideas/${mine.id}`, { token: voter.token });

    const res = await http.get('/api/v1/dashboard/user-overview', { token: me.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.recent_submissions).toHaveLength(2);
    expect(d.personal_stats).toEqual({
      total_submissions: 2,
      public_submissions: 1,
      private_submissions: 1,
      high_potential_ideas: 1,
      average_score: 6,
      top_score: 8,
      recent_activity: 3,
      total_upvotes: 1,
      total_downvotes: 1,
      net_vote_score: 0,
    });
    expect(d.quick_actions.map((a: { url: string }) => a.url)).toContain('/my/projects');
    expect(Date.parse(d.timestamp)).not.toBeNaN();

    const guest = await signedInUser(server.app, { role: 'guest' });
    const guestActions = (await http.get('/api/v1/dashboard/user-overview', { token: guest.token })).body.data
      .quick_actions;
    expect(guestActions.map((a: { url: string }) => a.url)).not.toContain('/my/projects');

    const stats = await http.get('/api/v1/dashboard/user-stats', { token: me.token });
    expect(stats.body.data).toMatchObject({ votes_cast: 1, downvotes_cast: 1, upvotes_cast: 0, views_received: 1 });
    expect((await http.get('/api/v1/dashboard/user-overview')).status).toBe(401);
  });
});
