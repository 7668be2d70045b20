import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_MAX_IDEAS, PROJECT_MAX_PER_USER } from '@ideamine/shared/contract/projects';
import { buildKnowledge, buildUser, signedInUser } from '@ideamine/server/test/factories';
import { client } from '../../test/http';
import { buildProject } from '@ideamine/server/test/project-avatar-factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
});
afterAll(() => server.close());

const trialUser = () => signedInUser(server.app, { role: 'trial' });

describe('access', () => {
  it('needs role trial or higher; an expired trial is told so', async () => {
    expect((await http.get('/api/v1/projects')).status).toBe(401);
    const guest = await signedInUser(server.app, { role: 'guest' });
    const refused = await http.get('/api/v1/projects', { token: guest.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    const expired = await signedInUser(server.app, { role: 'trial', trialExpiresAt: new Date(Date.now() - 1000) });
    const late = await http.post('/api/v1/projects', { name: 'Too late' }, { token: expired.token });
    expect(late.status).toBe(403);
    expect(late.body.error.code).toBe('TRIAL_EXPIRED');
    const count = await server.app.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', expired.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("answers 404 for another user's project, whatever the call", async () => {
    const owner = await trialUser();
    const other = await trialUser();
    const idea = await buildKnowledge(server.app);
    const project = await buildProject(server.app, owner.user.id, { knowledgeIds: [idea.id] });
    const base = `/api/v1/projects/${project.id}`;
    const calls = [
      http.get(base, { token: other.token }),
      http.put(base, { name: 'Mine now' }, { token: other.token }),
      http.post(`${base}/ideas`, { knowledge_id: (await buildKnowledge(server.app)).id }, { token: other.token }),
      http.put(`${base}/ideas/${idea.id}`, { note: 'x' }, { token: other.token }),
      http.del(`${base}/ideas/${idea.id}`, { token: other.token }),
      http.post(`${base}/share`, undefined, { token: other.token }),
      http.del(`${base}/share`, { token: other.token }),
      http.del(base, { token: other.token }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Project not found');
    }
    const list = await http.get('/api/v1/projects', { token: other.token });
    expect(list.body.data).toEqual([]);
    const still = await http.get(base, { token: owner.token });
    expect(still.body.data).toMatchObject({ name: project.name, idea_count: 1, is_shared: false });
  });
});

describe('projects', () => {
  it('creates a project with ideas and shows them as idea cards with notes', async () => {
    const { token, user } = await trialUser();
    const a = await buildKnowledge(server.app, { title: 'Invoice robot' });
    const mine = await buildKnowledge(server.app, { visibility: 'private', user_id: user.id });
    const created = await http.post(
      '/api/v1/projects',
      { name: '  Side bets  ', description: 'Ideas to try', notes: 'Ask Sam', knowledge_ids: [a.id, mine.id] },
      { token },
    );
    expect(created.status).toBe(201);
    const p = created.body.data;
    expect(p).toMatchObject({
      name: 'Side bets',
      description: 'Ideas to try',
      notes: 'Ask Sam',
      idea_count: 2,
      is_shared: false,
      shared_at: null,
      share: null,
    });
    expect(p.ideas.map((i: any) => [i.id, i.position, i.note])).toEqual([
      [a.id, 1, ''],
      [mine.id, 2, ''],
    ]);
    expect(p.ideas[0]).toMatchObject({ title: 'Invoice robot', slug: a.slug, vote_score: 0 });
    expect(Date.parse(p.ideas[0].added_at)).not.toBeNaN();

    const updated = await http.put(`/api/v1/projects/${p.id}`, { notes: 'Ask Sam and Kim' }, { token });
    expect(updated.body.data).toMatchObject({ name: 'Side bets', notes: 'Ask Sam and Kim' });
    expect(Date.parse(updated.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(p.updated_at));

    expect((await http.del(`/api/v1/projects/${p.id}`, { token })).body.data.message).toBe('Project deleted');
    expect((await http.get(`/api/v1/projects/${p.id}`, { token })).status).toBe(404);
  });

  it('lists only the caller’s projects with paging, search and sort', async () => {
    const { token, user } = await trialUser();
    const idea = await buildKnowledge(server.app);
    await buildProject(server.app, user.id, { name: 'Beta launch', knowledgeIds: [idea.id] });
    await buildProject(server.app, user.id, { name: 'alpha tests', shared: true });
    await buildProject(server.app, user.id, { name: 'Gamma' });
    await buildProject(server.app, (await buildUser(server.app)).id, { name: 'Beta of someone else' });

    const byName = await http.get('/api/v1/projects?sort=name&page_size=2', { token });
    expect(byName.body.data.map((p: any) => p.name)).toEqual(['alpha tests', 'Beta launch']);
    expect(byName.body.meta.pagination).toEqual({ total: 3, page: 1, page_size: 2, total_page: 2, total_pages: 2 });
    expect(byName.body.data[0]).toMatchObject({ is_shared: true, idea_count: 0 });
    expect(byName.body.data[1]).toMatchObject({ is_shared: false, idea_count: 1 });
    expect(byName.body.data[0]).not.toHaveProperty('notes');

    const search = await http.get('/api/v1/projects?search=beta', { token });
    expect(search.body.data.map((p: any) => p.name)).toEqual(['Beta launch']);
    const newest = await http.get('/api/v1/projects?sort=created_at', { token });
    expect(newest.body.data.map((p: any) => p.name)).toEqual(['Gamma', 'alpha tests', 'Beta launch']);
    const oldest = await http.get('/api/v1/projects?sort=created_at&order=asc', { token });
    expect(oldest.body.data[0].name).toBe('Beta launch');
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const { token, user } = await trialUser();
    const project = await buildProject(server.app, user.id);
    const idea = await buildKnowledge(server.app);
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/v1/projects', { name: '   ' }, 'name'],
      ['POST', '/api/v1/projects', { name: 'x'.repeat(121) }, 'name'],
      ['POST', '/api/v1/projects', { name: 'ok', description: 'd'.repeat(2001) }, 'description'],
      ['POST', '/api/v1/projects', { name: 'ok', notes: 'n'.repeat(10_001) }, 'notes'],
      ['POST', '/api/v1/projects', { name: 'ok', knowledge_ids: [idea.id, idea.id] }, 'knowledge_ids'],
      ['POST', '/api/v1/projects', { name: 'ok', knowledge_ids: ['one'] }, 'knowledge_ids.0'],
      ['POST', '/api/v1/projects', { name: 'ok', owner: 3 }, 'owner'],
      ['PUT', `/api/v1/projects/${project.id}`, { name: '' }, 'name'],
      ['POST', `/api/v1/projects/${project.id}/ideas`, {}, 'knowledge_id'],
      ['POST', `/api/v1/projects/${project.id}/ideas`, { knowledge_id: idea.id, note: 'n'.repeat(2001) }, 'note'],
      ['PUT', `/api/v1/projects/${project.id}/ideas/${idea.id}`, { position: 0 }, 'position'],
      ['PUT', `/api/v1/projects/${project.id}/ideas/abc`, {}, 'knowledgeId'],
      ['GET', '/api/v1/projects?sort=votes', undefined, 'sort'],
      ['GET', '/api/v1/projects/0', undefined, 'id'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await http.send(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.error.field, `${method} ${path}`).toBe(field);
      expect(res.body.error.message).toContain(field);
    }
  });
});

describe('ideas in a project', () => {
  it('attaches public and own ideas, never other users’ private ones', async () => {
    const { token, user } = await trialUser();
    const other = await buildUser(server.app);
    const project = await buildProject(server.app, user.id);
    const attach = (knowledge_id: number, note?: string) =>
      http.post(`/api/v1/projects/${project.id}/ideas`, { knowledge_id, note }, { token });

    const pub = await buildKnowledge(server.app);
    const added = await attach(pub.id, 'Looks cheap to build');
    expect(added.status).toBe(201);
    expect(added.body.data.ideas).toMatchObject([{ id: pub.id, note: 'Looks cheap to build', position: 1 }]);
    const own = await buildKnowledge(server.app, { visibility: 'private', user_id: user.id });
    expect((await attach(own.id)).status).toBe(201);

    const twice = await attach(pub.id);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This idea is already in the project');

    const secret = await buildKnowledge(server.app, { visibility: 'private', user_id: other.id, title: 'Secret' });
    const deleted = await buildKnowledge(server.app);
    await server.app.db.updateTable('knowledge').set({ deleted_at: new Date() }).where('id', '=', deleted.id).execute();
    for (const id of [secret.id, deleted.id, 2_000_000_000]) {
      const res = await attach(id);
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Idea not found', field: 'knowledge_id' });
    }
    const viaCreate = await http.post(
      '/api/v1/projects',
      { name: 'Sneaky', knowledge_ids: [pub.id, secret.id] },
      { token },
    );
    expect(viaCreate.status).toBe(404);
    expect(viaCreate.body.error).toMatchObject({ message: 'Idea not found', field: 'knowledge_ids.1' });
    expect((await http.get('/api/v1/projects?search=Sneaky', { token })).body.data).toEqual([]);

    const detail = await http.get(`/api/v1/projects/${project.id}`, { token });
    expect(detail.body.data.ideas.map((i: any) => i.id)).toEqual([pub.id, own.id]);
    expect(JSON.stringify(detail.body)).not.toContain('Secret');
  });

  it('drops ideas from view once they are made private by someone else, deleted or merged', async () => {
    const { token, user } = await trialUser();
    const other = await buildUser(server.app);
    const [theirs, gone, merged, kept] = await Promise.all([
      buildKnowledge(server.app, { user_id: other.id }),
      buildKnowledge(server.app),
      buildKnowledge(server.app),
      buildKnowledge(server.app),
    ]);
    const project = await buildProject(server.app, user.id, { knowledgeIds: [theirs.id, gone.id, merged.id, kept.id] });
    const db = server.app.db;
    await db.updateTable('knowledge').set({ visibility: 'private' }).where('id', '=', theirs.id).execute();
    await db.updateTable('knowledge').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
    await db.updateTable('knowledge').set({ merged_into_id: kept.id }).where('id', '=', merged.id).execute();
    const detail = await http.get(`/api/v1/projects/${project.id}`, { token });
    expect(detail.body.data.ideas.map((i: any) => i.id)).toEqual([kept.id]);
    expect(detail.body.data.idea_count).toBe(1);
    const list = await http.get('/api/v1/projects', { token });
    expect(list.body.data[0].idea_count).toBe(1);
  });

  it('changes notes, moves ideas and keeps positions 1..n', async () => {
    const { token, user } = await trialUser();
    const ideas = await Promise.all([1, 2, 3, 4].map(() => buildKnowledge(server.app)));
    const ids = ideas.map((i) => i.id);
    const project = await buildProject(server.app, user.id, { knowledgeIds: ids });
    const put = (kid: number, body: unknown) =>
      http.put(`/api/v1/projects/${project.id}/ideas/${kid}`, body, { token });
    const order = (res: any) => res.body.data.ideas.map((i: any) => [i.id, i.position]);

    const moved = await put(ids[3]!, { position: 1, note: 'Start here' });
    expect(order(moved)).toEqual([
      [ids[3], 1],
      [ids[0], 2],
      [ids[1], 3],
      [ids[2], 4],
    ]);
    expect(moved.body.data.ideas[0].note).toBe('Start here');
    // Past the end means last.
    expect(order(await put(ids[0]!, { position: 99 }))).toEqual([
      [ids[3], 1],
      [ids[1], 2],
      [ids[2], 3],
      [ids[0], 4],
    ]);
    const removed = await http.del(`/api/v1/projects/${project.id}/ideas/${ids[1]}`, { token });
    expect(order(removed)).toEqual([
      [ids[3], 1],
      [ids[2], 2],
      [ids[0], 3],
    ]);
    const again = await http.del(`/api/v1/projects/${project.id}/ideas/${ids[1]}`, { token });
    expect(again.status).toBe(404);
    expect((await put(ids[1]!, { note: 'x' })).status).toBe(404);
  });

  it('gives concurrent attaches distinct positions', async () => {
    const { token, user } = await trialUser();
    const project = await buildProject(server.app, user.id);
    const ideas = await Promise.all(Array.from({ length: 8 }, () => buildKnowledge(server.app)));
    const results = await Promise.all(
      ideas.map((k) => http.post(`/api/v1/projects/${project.id}/ideas`, { knowledge_id: k.id }, { token })),
    );
    expect(results.map((r) => r.status)).toEqual(ideas.map(() => 201));
    const detail = await http.get(`/api/v1/projects/${project.id}`, { token });
    expect(detail.body.data.ideas.map((i: any) => i.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it(`holds at most ${PROJECT_MAX_IDEAS} ideas`, async () => {
    const { token, user } = await trialUser();
    const project = await buildProject(server.app, user.id);
    const ideas = await Promise.all(Array.from({ length: PROJECT_MAX_IDEAS + 1 }, () => buildKnowledge(server.app)));
    await server.app.db
      .insertInto('project_ideas')
      .values(
        ideas
          .slice(0, PROJECT_MAX_IDEAS)
          .map((k, i) => ({ project_id: project.id, knowledge_id: k.id, position: i + 1 })),
      )
      .execute();
    const res = await http.post(`/api/v1/projects/${project.id}/ideas`, { knowledge_id: ideas.at(-1)!.id }, { token });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(`A project can hold at most ${PROJECT_MAX_IDEAS} ideas`);
    const tooMany = await http.post(
      '/api/v1/projects',
      { name: 'Huge', knowledge_ids: ideas.map((k) => k.id) },
      { token },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.field).toBe('knowledge_ids');
  });

  it(`allows at most ${PROJECT_MAX_PER_USER} projects per user`, async () => {
    const { token, user } = await trialUser();
    await server.app.db
      .insertInto('projects')
      .values(Array.from({ length: PROJECT_MAX_PER_USER }, (_, i) => ({ user_id: user.id, name: `P${i}` })))
      .execute();
    const res = await http.post('/api/v1/projects', { name: 'One more' }, { token });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain(`at most ${PROJECT_MAX_PER_USER} projects`);
    const stats = await http.get('/api/v1/dashboard/user-stats', { token });
    expect(stats.body.data.projects).toBe(PROJECT_MAX_PER_USER);
  });
});

describe('sharing', () => {
  it('shares by link, read-only and without private parts, until revoked', async () => {
    const { token, user } = await trialUser();
    const other = await buildUser(server.app);
    const pub = await buildKnowledge(server.app, { title: 'Public one' });
    const ownPrivate = await buildKnowledge(server.app, {
      visibility: 'private',
      user_id: user.id,
      title: 'My secret',
    });
    const theirs = await buildKnowledge(server.app, { user_id: other.id, title: 'Their idea' });
    const project = await buildProject(server.app, user.id, { knowledgeIds: [pub.id, ownPrivate.id, theirs.id] });
    await http.put(`/api/v1/projects/${project.id}/ideas/${pub.id}`, { note: 'Worth a look' }, { token });
    await server.app.db.updateTable('knowledge').set({ visibility: 'private' }).where('id', '=', theirs.id).execute();

    const shared = await http.post(`/api/v1/projects/${project.id}/share`, undefined, { token });
    expect(shared.status).toBe(201);
    const link = shared.body.data;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`/shared/${link.token}`);
    const same = await http.post(`/api/v1/projects/${project.id}/share`, undefined, { token });
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual(link);
    const owned = await http.get(`/api/v1/projects/${project.id}`, { token });
    expect(owned.body.data).toMatchObject({ is_shared: true, share: link });

    const view = await http.get(`/api/v1/shared/${link.token}`);
    expect(view.status).toBe(200);
    expect(view.headers.get('cache-control')).toBe('no-store');
    expect(view.body.data).toMatchObject({
      name: project.name,
      description: 'A test project',
      owner: { display_name: 'Test' },
      shared_at: link.shared_at,
    });
    expect(view.body.data.ideas).toMatchObject([{ id: pub.id, title: 'Public one', note: 'Worth a look' }]);
    const text = JSON.stringify(view.body);
    for (const leak of ['private notes', 'My secret', 'Their idea', user.email, 'user_id', '"notes"']) {
      expect(text).not.toContain(leak);
    }

    const revoked = await http.del(`/api/v1/projects/${project.id}/share`, { token });
    expect(revoked.body.data).toMatchObject({ is_shared: false, share: null });
    const gone = await http.get(`/api/v1/shared/${link.token}`);
    expect(gone.status).toBe(404);
    const fresh = await http.post(`/api/v1/projects/${project.id}/share`, undefined, { token });
    expect(fresh.status).toBe(201);
    expect(fresh.body.data.token).not.toBe(link.token);
  });

  it('names the owner by username when there is no first name', async () => {
    const owner = await buildUser(server.app);
    await server.app.db.updateTable('users').set({ first_name: '' }).where('id', '=', owner.id).execute();
    const project = await buildProject(server.app, owner.id, { shared: true });
    const view = await http.get(`/api/v1/shared/${project.token}`);
    expect(view.body.data.owner).toEqual({ display_name: owner.username });
  });

  it('answers 404 for unknown tokens and 400 for malformed ones', async () => {
    const unknown = await http.get(`/api/v1/shared/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    for (const bad of ['short', 'x'.repeat(200), 'has%20space', 'dots...' + 'a'.repeat(30)]) {
      const res = await http.get(`/api/v1/shared/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.field).toBe('token');
    }
  });

  it('stops the link when the project is deleted', async () => {
    const { token, user } = await trialUser();
    const project = await buildProject(server.app, user.id, { shared: true });
    expect((await http.get(`/api/v1/shared/${project.token}`)).status).toBe(200);
    await http.del(`/api/v1/projects/${project.id}`, { token });
    expect((await http.get(`/api/v1/shared/${project.token}`)).status).toBe(404);
  });
});

describe('user stats', () => {
  it('counts the caller’s projects', async () => {
    const { token, user } = await trialUser();
    await buildProject(server.app, user.id);
    await buildProject(server.app, user.id);
    await buildProject(server.app, (await buildUser(server.app)).id);
    const res = await http.get('/api/v1/dashboard/user-stats', { token });
    expect(res.body.data.projects).toBe(2);
  });
});
