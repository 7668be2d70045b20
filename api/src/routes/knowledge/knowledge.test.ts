import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/http';
import { buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { startTestServer, type TestServer } from '../../test/server';

// The operators' knowledge list: the sort keys of the admin table and the tag filter the
// dashboard's tag chips link to.

let server: TestServer;
let http: ReturnType<typeof client>;
let token: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
  // An admin: the private idea among them is admin-only (visibility.test.ts covers who sees what).
  token = (await signedInUser(server.app, { role: 'admin' })).token;
  const make = async (key: string, o: Parameters<typeof buildKnowledge>[1], votes: [number, number], pick = false) => {
    const row = await buildKnowledge(server.app, { title: `Sortable ${key}`, ...o });
    await server.app.db
      .updateTable('knowledge')
      .set({ upvotes: votes[0], downvotes: votes[1], editor_pick: pick })
      .where('id', '=', row.id)
      .execute();
    ids[key] = row.id;
  };
  await make('alpha', { keywords: ['gardening'], visibility: 'private' }, [5, 0]);
  await make('beta', { keywords: ['invoices'] }, [1, 4], true);
  await make('gamma', { keywords: ['gardening', 'tools'] }, [3, 1]);
  await server.app.db
    .updateTable('knowledge')
    .set({ tags: ['Featured'] })
    .where('id', '=', ids.beta!)
    .execute();
});
afterAll(() => server.close());

const titles = async (qs: string) => {
  const res = await http.get(`/api/v1/data/knowledge?search=Sortable&${qs}`, { token });
  expect(res.status).toBe(200);
  return res.body.data.map((k: { title: string }) => k.title.replace('Sortable ', ''));
};

describe('GET /data/knowledge sorting and tags', () => {
  it('sorts by vote score (upvotes minus downvotes) both ways', async () => {
    expect(await titles('sort=vote_score&order=desc')).toEqual(['alpha', 'gamma', 'beta']);
    expect(await titles('sort=vote_score&order=asc')).toEqual(['beta', 'gamma', 'alpha']);
  });

  it('sorts by editor pick and by visibility', async () => {
    expect((await titles('sort=editor_pick&order=desc'))[0]).toBe('beta');
    // Alphabetical: private before public.
    expect((await titles('sort=visibility&order=asc'))[0]).toBe('alpha');
    expect((await titles('sort=visibility&order=desc')).at(-1)).toBe('alpha');
  });

  it('filters by a tag or a keyword', async () => {
    expect(await titles('tag=gardening&sort=title&order=asc')).toEqual(['alpha', 'gamma']);
    expect(await titles('tag=Featured')).toEqual(['beta']);
    expect(await titles('tag=nothing-like-this')).toEqual([]);
  });

  it('refuses unknown sort keys and an over-long tag, naming the field', async () => {
    const sort = await http.get('/api/v1/data/knowledge?sort=upvotes', { token });
    expect(sort.status).toBe(400);
    expect(sort.body.error.field).toBe('sort');
    expect(sort.body.error.message).toContain('vote_score');
    const tag = await http.get(`/api/v1/data/knowledge?tag=${'x'.repeat(101)}`, { token });
    expect(tag.status).toBe(400);
    expect(tag.body.error.field).toBe('tag');
  });
});
