import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_IDEA_SORTS } from '@ideamine/shared/contract/public';
import { buildKnowledge } from '@ideamine/server/test/factories';
import { client } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

// Seek pagination of the public ideas list: walking by cursor, every idea that was there at the
// start is seen exactly once, whatever the sort (ties and gaps included) and however many ideas
// are added between pages.

let server: TestServer;
let http: ReturnType<typeof client>;
const CATEGORY = 'cat-cursor';
const start: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
  const base = Date.UTC(2026, 9, 1);
  for (let i = 0; i < 23; i++) {
    const idea = await buildKnowledge(server.app, {
      title: `Cursor idea ${String.fromCharCode(97 + (i % 7))} ${i % 3}`, // repeated titles: ties
      categories: [CATEGORY],
      profit_score: [7.25, 5, 7.25, 3.1][i % 4]!, // ties on the score
      overall_score: i % 3 === 0 ? null : (i % 5) / 2, // gaps, sorted last
      created_at: new Date(base + (i % 6) * 60_000), // ties on the time
    });
    start.push(idea.id);
  }
});
afterAll(() => server?.close());

let added = 0;

async function walk(sort: string, order: string): Promise<number[]> {
  const seen: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 500; pages++) {
    const query = new URLSearchParams({
      category: CATEGORY,
      sort,
      order,
      page_size: '4',
      ...(cursor ? { cursor } : {}),
    });
    const res = await http.get(`/api/v1/public/ideas?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    seen.push(...(res.body.data as { id: number }[]).map((i) => i.id));
    cursor = res.body.meta.pagination.next_cursor;
    if (!cursor) return seen;
    // New ideas arrive between pages, sorting before, among and after the ones already read.
    added += 1;
    await buildKnowledge(server.app, {
      title: `Cursor idea ${String.fromCharCode(97 + (added % 7))} new`,
      categories: [CATEGORY],
      profit_score: [9, 7.25, 1][added % 3]!,
      overall_score: added % 2 ? null : 1,
    });
  }
  throw new Error('the walk did not end');
}

describe('seek pagination of the public ideas list', () => {
  it.each(PUBLIC_IDEA_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order])))(
    'by %s %s: every idea there at the start is seen exactly once, none twice',
    async (sort, order) => {
      const seen = await walk(sort, order);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of start)
        expect(
          seen.filter((s) => s === id),
          `idea ${id}`,
        ).toHaveLength(1);
    },
  );

  it('refuses a cursor it did not give out, or one made for another sort, naming the field', async () => {
    const first = await http.get(`/api/v1/public/ideas?category=${CATEGORY}&sort=title&page_size=2`);
    const cursor = first.body.meta.pagination.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const other = await http.get(`/api/v1/public/ideas?category=${CATEGORY}&sort=created_at&cursor=${cursor}`);
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({ field: 'cursor' });
    expect(other.body.error.message).toContain('start again without it');
    for (const bad of ['x', 'WzEsMiwzXQ', Buffer.from('["title","asc",null,-4]').toString('base64url')]) {
      const res = await http.get(`/api/v1/public/ideas?sort=title&order=asc&cursor=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ field: 'cursor' });
    }
  });
});
