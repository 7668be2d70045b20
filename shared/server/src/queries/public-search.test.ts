import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSearchQuery } from '@ideamine/shared/contract/public';
import { buildKnowledge } from '../test/factories';
import { waitUntil } from '../test/wait';
import { startTestContext, type TestContext } from '../test/context';
import { searchPublicIdeas } from './public-ideas';
import { trimSearchRecent } from './search-recent';

// Search bounds its work on a broad term: an exact total up to a cap, an estimate past it, and
// relevance ranked over the newest matches. Small bounds here stand for 10,000 and 1,000.

let server: TestContext;
const bounds = { exactTotalCap: 8, rankWindow: 6 };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const search = (q: Partial<PublicSearchQuery>) =>
  searchPublicIdeas(
    server.app.db,
    { sort: 'relevance', order: 'desc', page: 1, page_size: 4, ...q } as PublicSearchQuery,
    { bounds },
  );

// 12 ideas about kayaks, newest first k0..k11; every third names the word in its title too,
// which ranks it higher. 3 ideas about canoes: fewer than the cap, ranked in full.
const kayaks: number[] = [];
const canoes: number[] = [];
beforeAll(async () => {
  server = await startTestContext();
  for (let i = 0; i < 12; i++) {
    const idea = await buildKnowledge(server.app, {
      title: i % 3 === 0 ? `Kayak rental desk ${i}` : `Boat rental desk ${i}`,
      body: `Customers book a kayak by the hour. ${'Paddles and vests included. '.repeat(i % 3 === 0 ? 1 : 3)}`,
      created_at: minutesAgo(i),
    });
    kayaks.push(idea.id);
  }
  for (let i = 0; i < 3; i++) {
    const idea = await buildKnowledge(server.app, {
      title: i === 2 ? 'Canoe club manager' : `Club manager ${i}`,
      body: 'Members reserve a canoe online.',
      created_at: minutesAgo(100 + i),
    });
    canoes.push(idea.id);
  }
  await sql`ANALYZE knowledge`.execute(server.app.db); // the estimate reads the planner's statistics
});
afterAll(() => server.close());

describe('searching public ideas with bounded work', () => {
  it('counts exactly up to the cap and ranks every match of a narrow search', async () => {
    const r = await search({ q: 'canoe' });
    expect(r).toMatchObject({ total: 3, estimated: false });
    // The one naming the word in its title ranks first although it is the oldest; ties by id, newest first.
    expect(r.rows.map((x) => x.id)).toEqual([canoes[2], canoes[1], canoes[0]]);
  });

  it('estimates a total past the cap, never below it', async () => {
    const r = await search({ q: 'kayak' });
    expect(r.estimated).toBe(true);
    expect(r.total).toBeGreaterThan(bounds.exactTotalCap);
  });

  it('ranks the newest window of a broad search and goes on newest first past it, each match once', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => search({ q: 'kayak', page })));
    const order = pages.flatMap((p) => p.rows.map((r) => r.id));
    expect(order).toHaveLength(12);
    expect(new Set(order).size).toBe(12);
    // The window is the 6 newest (k0..k5): title matches k0 and k3 first, then the rest of it.
    expect(order.slice(0, 2).sort()).toEqual([kayaks[0], kayaks[3]].sort());
    expect(order.slice(0, 6).sort()).toEqual(kayaks.slice(0, 6).sort());
    // Past the window, newest first: k9 ranks higher but is outside it.
    expect(order.slice(6)).toEqual(kayaks.slice(6));
    const ranks = pages.flatMap((p) => p.rows.map((r) => r.rank!));
    expect(ranks.slice(0, 6)).toEqual([...ranks.slice(0, 6)].sort((a, b) => b - a));
  });

  it('sorts by a column over every match, with no window', async () => {
    const r = await search({ q: 'kayak', sort: 'created_at', order: 'asc', page_size: 12 });
    expect(r.rows.map((x) => x.id)).toEqual([...kayaks].reverse());
  });
});

describe('the slice of the newest ideas', () => {
  it('answers a broad search the same as reading knowledge does', async () => {
    const pages = async () => Promise.all([1, 2, 3].map(async (page) => (await search({ q: 'kayak', page })).rows));
    const fromSlice = await pages();
    expect(fromSlice.flat().map((r) => r.id)).toHaveLength(12);
    await trimSearchRecent(server.app.db, 1); // one idea: too few matches, so knowledge answers
    expect(await pages()).toEqual(fromSlice);
  });
});

describe('the created_at floor of a broad search', () => {
  // The slice was trimmed to one idea above: these searches read knowledge.
  const narrow = { exactTotalCap: 2, rankWindow: 2 };
  const searchWith = (b: typeof narrow) =>
    searchPublicIdeas(
      server.app.db,
      { q: 'kayak', sort: 'relevance', order: 'desc', page: 1, page_size: 4 } as PublicSearchQuery,
      { bounds: b },
    );

  it('ranks the same newest matches when the floor holds enough of them', async () => {
    // 15 ideas, about 12 matches, a window of 2: the floor sits at about the 5th newest idea.
    const r = await searchWith(narrow);
    expect(r.estimated).toBe(true);
    // The window ranked (k0 names it in its title), then on newest first past it.
    expect(r.rows.map((x) => x.id)).toEqual([kayaks[0], kayaks[1], kayaks[2], kayaks[3]]);
  });

  it('widens the floor when the newest ideas hold too few matches, with the same answer', async () => {
    // 30 newer ideas about something else: the first floor holds no kayak at all.
    for (let i = 0; i < 30; i++)
      await buildKnowledge(server.app, { title: `Bike shop ${i}`, body: 'Repairs.', created_at: minutesAgo(-1 - i) });
    await sql`ANALYZE knowledge`.execute(server.app.db);
    const r = await searchWith({ exactTotalCap: 2, rankWindow: 3 });
    const ids = r.rows.map((x) => x.id);
    expect(ids[0]).toBe(kayaks[0]);
    expect(ids.slice(0, 3).sort()).toEqual([kayaks[0], kayaks[1], kayaks[2]].sort());
    expect(ids[3]).toBe(kayaks[3]);
  });
});

describe("this process's in-memory copy of the slice", () => {
  const one = { exactTotalCap: 1, rankWindow: 1 };
  const answers: unknown[] = [];
  const newestFirst = async (fromMemory: boolean) => {
    const slice = server.app.searchSlice;
    const watched = {
      share: (q: string) => slice.share(q),
      rankedNewest: async (...args: Parameters<typeof slice.rankedNewest>) => {
        const answer = await slice.rankedNewest(...args);
        answers.push(answer);
        return answer;
      },
    };
    const r = await searchPublicIdeas(
      server.app.db,
      { q: 'paddles', sort: 'relevance', order: 'desc', page: 1, page_size: 1 } as PublicSearchQuery,
      { bounds: one, ...(fromMemory ? { slice: watched } : {}) },
    );
    return r.rows[0]?.id;
  };

  it('answers as the table does, and takes in a new idea once the change is announced', async () => {
    expect(await server.app.searchSlice.ready()).toBe(true);
    expect(await newestFirst(true)).toBe(kayaks[0]);
    expect(await newestFirst(false)).toBe(kayaks[0]);
    const heard = server.app.changes.received();
    const idea = await buildKnowledge(server.app, { title: 'Paddle board hire', body: 'Paddles by the hour.' });
    await waitUntil(async () => server.app.changes.received() > heard, 1000, 'the change notification');
    expect(await newestFirst(true)).toBe(idea.id);
    expect(await newestFirst(false)).toBe(idea.id);
    // Both answers came from memory, not from the table.
    expect(answers).toEqual([
      [{ id: kayaks[0], rank: expect.any(Number) }],
      [{ id: idea.id, rank: expect.any(Number) }],
    ]);
  });

  it("estimates a broad search's total from the slice's share of matches, without asking the planner", async () => {
    const search = (slice?: typeof server.app.searchSlice, listing?: typeof server.app.publicListing) =>
      searchPublicIdeas(
        server.app.db,
        { q: 'repairs', sort: 'relevance', order: 'desc', page: 1, page_size: 2 } as PublicSearchQuery,
        { bounds: { exactTotalCap: 1, rankWindow: 1 }, slice, listing },
      );
    const { rows } = await sql<{ matches: number; slice: number; ideas: number }>`
      SELECT (SELECT count(*) FROM search_recent WHERE search @@ plainto_tsquery('english', 'repairs'))::int AS matches,
             (SELECT count(*) FROM search_recent)::int AS slice,
             (SELECT count(*) FROM knowledge WHERE deleted_at IS NULL AND merged_into_id IS NULL
                AND visibility = 'public')::int AS ideas`.execute(server.app.db);
    const { matches, slice, ideas } = rows[0]!;
    expect(matches).toBe(30); // the bike shops
    const fromSlice = await search(server.app.searchSlice);
    expect(fromSlice).toMatchObject({ estimated: true, total: Math.round((matches * ideas) / slice) });
    // The number of public ideas from the in-memory list instead of the counters: the same total.
    expect(await server.app.publicListing.ready()).toBe(true);
    expect(await search(server.app.searchSlice, server.app.publicListing)).toEqual(fromSlice);
    // The same page as without the copy, whose total the planner estimates.
    const fromTable = await search();
    expect(fromTable.estimated).toBe(true);
    expect(fromSlice.rows.map((r) => r.id)).toEqual(fromTable.rows.map((r) => r.id));
  });
});
