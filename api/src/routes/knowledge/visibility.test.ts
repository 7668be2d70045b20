import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/http';
import { buildJob, buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { startTestServer, type TestServer } from '../../test/server';

// Private ideas through the operator calls: admins see every idea; everyone else public ideas
// and their own private ones. Someone else's private idea is answered as not found, whatever
// the call (list, search, by job, by id or slug, edit, delete, enrich, profit analysis).

let server: TestServer;
let http: ReturnType<typeof client>;
const tokens: Record<'owner' | 'trial' | 'developer' | 'admin', string> = {} as never;
let privateId = 0;
let ownPrivateId = 0;
let jobId = 0;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
  const owner = await signedInUser(server.app, { role: 'trial', trialExpiresAt: new Date(Date.now() + 86_400_000) });
  tokens.owner = owner.token;
  tokens.trial = (
    await signedInUser(server.app, { role: 'trial', trialExpiresAt: new Date(Date.now() + 86_400_000) })
  ).token;
  tokens.developer = (await signedInUser(server.app, { role: 'developer' })).token;
  tokens.admin = (await signedInUser(server.app, { role: 'admin' })).token;
  // The idea owner's own job: another trial user may not list its ideas (jobs/ownership.test.ts).
  jobId = (await buildJob(server.app, { createdBy: owner.user.id })).id;
  const secret = await buildKnowledge(server.app, {
    title: 'Hidden gardening venture',
    visibility: 'private',
    user_id: owner.user.id,
  });
  await buildKnowledge(server.app, { title: 'Open gardening venture' });
  privateId = secret.id;
  ownPrivateId = secret.id;
  await server.app.db.updateTable('knowledge').set({ job_id: jobId }).execute();
});
afterAll(() => server.close());

const titles = async (who: keyof typeof tokens, path: string) => {
  const res = await http.get(path, { token: tokens[who] });
  expect(res.status, path).toBe(200);
  return (res.body.data as { title: string }[]).map((i) => i.title).sort();
};

describe('private ideas in the operator calls', () => {
  it('lists, searches and lists by job only what the caller may see', async () => {
    for (const path of [
      '/api/v1/data/knowledge?search=gardening',
      '/api/v1/data/knowledge/search?q=gardening',
      `/api/v1/data/knowledge/by_job/${jobId}`,
    ]) {
      if (path.includes('by_job')) expect((await http.get(path, { token: tokens.trial })).status).toBe(404);
      else expect(await titles('trial', path), path).toEqual(['Open gardening venture']);
      expect(await titles('developer', path), path).toEqual(['Open gardening venture']);
      expect(await titles('owner', path), path).toEqual(['Hidden gardening venture', 'Open gardening venture']);
      expect(await titles('admin', path), path).toEqual(['Hidden gardening venture', 'Open gardening venture']);
    }
  });

  it('answers 404 for one idea the caller may not see, by id or slug', async () => {
    for (const path of [
      `/api/v1/data/knowledge/${privateId}`,
      `/api/v1/data/knowledge/id/${privateId}/any`,
      `/api/v1/data/knowledge/slug/${privateId}/hidden-gardening-venture`,
    ]) {
      expect((await http.get(path, { token: tokens.developer })).status, path).toBe(404);
      expect((await http.get(path, { token: tokens.owner })).status, path).toBe(200);
      expect((await http.get(path, { token: tokens.admin })).status, path).toBe(200);
    }
  });

  it('refuses to edit, delete or enrich it for anyone but the admin, as if it did not exist', async () => {
    const edit = await http.put(
      `/api/v1/data/knowledge/${privateId}`,
      { title: 'Taken over' },
      { token: tokens.developer },
    );
    expect(edit.status).toBe(404);
    expect((await http.del(`/api/v1/data/knowledge/${privateId}`, { token: tokens.developer })).status).toBe(404);
    expect(
      (await http.post(`/api/v1/data/knowledge/${privateId}/enrich`, {}, { token: tokens.developer })).status,
    ).toBe(404);
    const batch = await http.post(
      '/api/v1/data/knowledge/batch-enrich',
      { knowledge_ids: [privateId] },
      { token: tokens.developer },
    );
    expect(batch.body.data).toMatchObject({ queued: 0, not_found: [privateId] });
    const row = await server.app.db
      .selectFrom('knowledge')
      .select(['title', 'deleted_at'])
      .where('id', '=', privateId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Hidden gardening venture', deleted_at: null });
  });

  it('runs no profit analysis of it for other callers, without saying it exists', async () => {
    const one = await http.post('/api/v1/profit-analysis', { knowledge_id: privateId }, { token: tokens.trial });
    expect(one.status).toBe(404);
    expect(JSON.stringify(one.body)).not.toContain('Hidden');
    const batch = await http.post(
      '/api/v1/profit-analysis/batch',
      { knowledge_ids: [privateId] },
      { token: tokens.trial },
    );
    expect(batch.status).toBe(400);
    expect(batch.body.error.field).toBe('knowledge_ids');
    const own = await http.post('/api/v1/profit-analysis', { knowledge_id: ownPrivateId }, { token: tokens.owner });
    expect(own.status).toBe(201);
  });
});
