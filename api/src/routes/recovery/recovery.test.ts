import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { client } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let http: ReturnType<typeof client>;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
  admin = await signedInUser(server.app, { role: 'admin' });
});
afterAll(() => server.close());

describe('knowledge recovery', () => {
  it('lists deleted ideas, restores one and purges another, each audited', async () => {
    const a = await buildKnowledge(server.app, { title: 'Recover me' });
    const b = await buildKnowledge(server.app, { title: 'Purge me' });
    const live = await buildKnowledge(server.app);
    for (const idea of [a, b])
      expect((await http.del(`/api/v1/data/knowledge/${idea.id}`, { token: admin.token })).status).toBe(200);

    const list = await http.get('/api/v1/admin/recovery/knowledge', { token: admin.token });
    expect(list.body.data.map((k: { id: number }) => k.id)).toEqual([b.id, a.id]);
    expect(list.body.data[0].deleted_at).not.toBeNull();
    expect(
      (await http.get('/api/v1/admin/recovery/knowledge?search=recover', { token: admin.token })).body.data,
    ).toHaveLength(1);

    const restored = await http.post(`/api/v1/admin/recovery/knowledge/${a.id}/restore`, {}, { token: admin.token });
    expect(restored.body.data).toMatchObject({ id: a.id, deleted_at: null });
    expect((await http.get(`/api/v1/public/ideas/${a.id}`)).status).toBe(200);
    expect(
      (await http.post(`/api/v1/admin/recovery/knowledge/${a.id}/restore`, {}, { token: admin.token })).status,
    ).toBe(404);

    expect((await http.del(`/api/v1/admin/recovery/knowledge/${live.id}`, { token: admin.token })).status).toBe(409);
    expect((await http.del(`/api/v1/admin/recovery/knowledge/${b.id}`, { token: admin.token })).status).toBe(200);
    expect(
      await server.app.db.selectFrom('knowledge').select('id').where('id', '=', b.id).executeTakeFirst(),
    ).toBeUndefined();

    const audit = await http.get(`/api/v1/admin/audit-log?entity_type=knowledge&action=knowledge.`, {
      token: admin.token,
    });
    const actions = audit.body.data.map((e: { action: string; entity_id: string }) => `${e.action}:${e.entity_id}`);
    expect(actions).toEqual([
      `knowledge.purge:${b.id}`,
      `knowledge.restore:${a.id}`,
      `knowledge.delete:${b.id}`,
      `knowledge.delete:${a.id}`,
    ]);
    expect(audit.body.data[0].actor_id).toBe(admin.user.id);
  });
});

describe('audit log', () => {
  it('filters by actor, action prefix, entity and dates, and refuses bad filters', async () => {
    const idea = await buildKnowledge(server.app);
    await http.put(`/api/v1/admin/knowledge/${idea.id}/visibility`, { visibility: 'private' }, { token: admin.token });
    const mine = await http.get(`/api/v1/admin/audit-log?actor_id=${admin.user.id}&entity_id=${idea.id}`, {
      token: admin.token,
    });
    expect(mine.body.data.map((e: { action: string }) => e.action)).toEqual(['knowledge.visibility']);
    expect(mine.body.data[0]).toMatchObject({ before: { visibility: 'public' }, after: { visibility: 'private' } });
    const future = await http.get('/api/v1/admin/audit-log?date_from=2999-01-01', { token: admin.token });
    expect(future.body.data).toEqual([]);
    const bad = await http.get('/api/v1/admin/audit-log?date_from=2025-02-01&date_to=2025-01-01', {
      token: admin.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('date_to');
    expect((await http.get('/api/v1/admin/audit-log?actor_id=abc', { token: admin.token })).status).toBe(400);
  });
});
