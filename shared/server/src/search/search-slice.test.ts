import { sql } from 'kysely';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/database';
import { applyConcurrently, ideaChange } from '../test/public-idea-changes';
import { rankedNewestInSlice, trimSearchRecent } from '../queries/search-recent';
import { SearchSlice } from './search-slice';

// The in-memory copy of the search slice answers exactly as the slice's table does in
// PostgreSQL (the oracle), after random concurrent changes, backdated ideas, trims and a
// truncate, once it has been told that something changed. It reads only what changed.

const db = useTestDatabase(8);
const silent = pino({ level: 'silent' });

const QUERIES = ['idea', 'alpha', 'beta gamma', 'idea alpha', 'nothing here'];
const PAGES = [
  { order: 'desc' as const, limit: 3, offset: 0 },
  { order: 'asc' as const, limit: 2, offset: 1 },
];

async function fromTable(q: string, window: number, page: (typeof PAGES)[number]) {
  return rankedNewestInSlice(db(), sql`websearch_to_tsquery('english', ${q})`, window, page);
}

let serial = 0;
async function insertIdea(title: string, hoursAgo = 0): Promise<void> {
  serial += 1;
  await db()
    .insertInto('knowledge')
    .values({
      slug: `slice-${serial}`,
      title,
      summary: 'alpha beta idea alpha',
      source_url: `https://memory.test/${serial}`,
      content_hash: `memory-${serial}`,
      created_at: sql<Date>`now() - make_interval(hours => ${hoursAgo})`,
    })
    .execute();
}

describe('in-memory search slice', () => {
  it('answers as the table does after random changes, backdated ideas and trims', async () => {
    const user = await db()
      .insertInto('users')
      .values({ username: 'memory', email: 'memory@memory.test', password_hash: 'x', role: 'trial' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const title of ['Alpha idea', 'Gamma beta', 'Idea idea beta']) await insertIdea(title);
    const slice = new SearchSlice(db(), silent);
    expect(await slice.ready()).toBe(true);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(ideaChange(true), { maxLength: 10 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 48 }), { maxLength: 2 }),
        fc.option(fc.integer({ min: 2, max: 30 })),
        fc.integer({ min: 1, max: 4 }),
        async (streams, backdated, trimTo, window) => {
          await applyConcurrently(db(), streams, user.id);
          for (const hours of backdated) await insertIdea('Beta gamma idea', hours);
          if (trimTo !== null) await trimSearchRecent(db(), trimTo);
          slice.changed();
          for (const q of QUERIES)
            for (const page of PAGES.filter((p) => p.offset < window))
              expect(await slice.rankedNewest(q, window, page), `${q} ${window} ${JSON.stringify(page)}`).toEqual(
                await fromTable(q, window, page),
              );
        },
      ),
      { numRuns: 15, seed: 20261127 },
    );
  });

  it('leaves phrases, OR and NOT to PostgreSQL', async () => {
    const slice = new SearchSlice(db(), silent);
    await slice.ready();
    for (const q of ['"alpha beta"', 'alpha or beta', 'alpha -beta'])
      expect(await slice.rankedNewest(q, 1, PAGES[0]!)).toBeUndefined();
  });

  it('follows a truncate of the slice by reading it again', async () => {
    const slice = new SearchSlice(db(), silent);
    await slice.ready();
    await insertIdea('Alpha after');
    slice.changed();
    expect(await slice.rankedNewest('alpha', 1, PAGES[0]!)).not.toBeNull();
    await sql`TRUNCATE search_recent`.execute(db());
    slice.changed();
    // The truncate drops the copy; it is built again in the background.
    expect(await slice.rankedNewest('alpha', 1, PAGES[0]!)).toBeUndefined();
    expect(await slice.ready()).toBe(true);
    expect(await slice.rankedNewest('alpha', 1, PAGES[0]!)).toBeNull();
  });

  it('answers from its copy until told of a change, then reads only the change', async () => {
    const slice = new SearchSlice(db(), silent);
    await slice.ready();
    const before = await slice.rankedNewest('zebra', 1, PAGES[0]!);
    expect(before).toBeNull();
    await insertIdea('Zebra crossing app');
    expect(await slice.rankedNewest('zebra', 1, PAGES[0]!)).toBeNull(); // not told yet
    slice.changed();
    const after = await slice.rankedNewest('zebra', 1, PAGES[0]!);
    expect(after).toHaveLength(1);
    expect(after).toEqual(await fromTable('zebra', 1, PAGES[0]!));
  });
});
