import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@ideamine/server/db/database';
import { createTestDatabase } from '@ideamine/server/test/database';
import type { ExtractedItem } from './item';
import { storeIdeas, type PageItems } from './store-ideas';

// A transform batch writes many pages' ideas in a few statements; what it leaves must be what
// writing the pages one after the other leaves, in every case where one page changes what the
// next finds: the same content on two pages, the same URL on two pages, a page rewriting an
// idea that another page's content matches, two items of one page with one content.

const dbs: { handle: DatabaseHandle; drop(): Promise<void> }[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const db = await createTestDatabase();
    dbs.push({ handle: openDatabase(db.url, 2), drop: db.drop });
  }
});
afterAll(async () => {
  for (const db of dbs) {
    await db.handle.close();
    await db.drop();
  }
});

const item = (url: string, text: string): ExtractedItem => ({
  title: `Idea ${text}`,
  url: `https://ideas.example/${url}`,
  body: `Someone should build ${text}.`,
});

interface Case {
  /** Ideas an earlier crawl left. */
  earlier: ExtractedItem[];
  /** Items per page, in batch order. */
  pages: ExtractedItem[][];
}

const CASES: Record<string, Case> = {
  'one content or one URL on two pages': {
    earlier: [],
    pages: [
      [item('1/a', '1x')],
      [item('1/b', '1x')], // page 1's content under another URL: a source of its idea
      [item('1/a', '1z')], // page 1's URL with new content: rewrites that idea
      [item('1/c', '1q'), item('1/d', '1q')], // one content twice on one page: two ideas
      [item('1/e', '1w'), item('1/e', '1w2')], // one URL twice on a page: the last item counts
      [item('1/f', '1s')],
    ],
  },
  'a page rewriting an idea that another page matches': {
    earlier: [item('2/old', '2v'), item('2/earlier', '2r')],
    pages: [
      [item('2/old', '2v2')], // rewrites an earlier idea...
      [item('2/c', '2v')], // ...whose old content this page has: a new idea
      [item('2/f', '2r')], // an earlier idea's content: a source of it
      [item('2/g', '2t')],
    ],
  },
};

/** The case written with `write` after the earlier ideas; what is in the database after. */
async function run(
  handle: DatabaseHandle,
  { earlier, pages }: Case,
  write: (pages: PageItems[]) => Promise<Map<number, number[]>>,
) {
  const db = handle.db;
  const job = await db
    .insertInto('jobs')
    .values({ initial_url: 'https://ideas.example/', include_patterns: [], exclude_patterns: [] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const raws = await db
    .insertInto('raw_data')
    .values(
      Array.from({ length: pages.length + 1 }, (_, n) => ({
        job_id: job.id,
        url: `https://ideas.example/page/${n}`,
        content: '',
        content_hash: String(n),
      })),
    )
    .returning('id')
    .execute();
  await storeIdeas(db, [{ taskId: 0, jobId: job.id, rawDataId: raws[0]!.id, items: earlier }]);
  const created = await write(
    pages.map((items, n) => ({ taskId: n + 1, jobId: job.id, rawDataId: raws[n + 1]!.id, items })),
  );
  const ideas = await db
    .selectFrom('knowledge')
    .select(['source_url', 'title', 'body', 'content_hash', 'raw_data_id'])
    .where('job_id', '=', job.id)
    .orderBy('source_url')
    .execute();
  const sources = await db
    .selectFrom('knowledge_sources as s')
    .innerJoin('knowledge as k', 'k.id', 's.knowledge_id')
    .select(['s.url', 'k.source_url as idea', 's.raw_data_id'])
    .where('s.job_id', '=', job.id)
    .orderBy('s.url')
    .execute();
  const urlOf = new Map(
    (await db.selectFrom('knowledge').select(['id', 'source_url']).execute()).map((k) => [k.id, k.source_url]),
  );
  const changed = [...created].map(([taskId, ids]) => [taskId, ids.map((id) => urlOf.get(id))]);
  return { ideas, sources, changed };
}

describe('storeIdeas', () => {
  it.each(Object.entries(CASES))('writes a batch as its pages written one after the other: %s', async (_, c) => {
    const [one, together] = dbs;
    const sequential = await run(one!.handle, c, async (pages) => {
      const out = new Map<number, number[]>();
      for (const page of pages)
        for (const [taskId, ids] of await storeIdeas(one!.handle.db, [page])) out.set(taskId, ids);
      return out;
    });
    const batched = await run(together!.handle, c, (pages) =>
      together!.handle.db.transaction().execute((trx) => storeIdeas(trx, pages)),
    );
    expect(batched).toEqual(sequential);
    // Some page became a source of another's idea rather than an idea of its own.
    expect(sequential.sources.some((s) => s.url !== s.idea)).toBe(true);
  });
});
