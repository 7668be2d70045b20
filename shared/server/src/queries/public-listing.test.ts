import { sql } from 'kysely';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { PROFIT_LABELS, type ProfitLabel } from '@ideamine/shared/contract/knowledge';
import { PUBLIC_IDEA_SORTS } from '@ideamine/shared/contract/public';
import { useTestDatabase } from '../test/database';
import { applyConcurrently, CATEGORIES, ideaChange } from '../test/public-idea-changes';
import { ListingCopy } from '../listing/listing-copy';
import { listPublicIdeas } from './public-ideas';
import { pruneListingChangeLog } from './public-listing';
import { CARD_COLUMNS } from './public-cards';

// The public list read from public_listing (kept by triggers) against an oracle that sorts
// knowledge itself: after random concurrent inserts, deletes, visibility, category, label, vote,
// score and title changes, every filter x sort x order lists the same ideas in the same order,
// page by page and by cursor. So does this process's in-memory copy of the list (listing/), told
// that something changed as the change NOTIFY tells it, and its cursors work on either path.

const db = useTestDatabase(8);

type Sort = (typeof PUBLIC_IDEA_SORTS)[number];
interface Filter {
  category?: string;
  profit_level?: ProfitLabel;
  user_filter: 'all' | 'community' | 'crawled';
  sort: Sort;
  order: 'asc' | 'desc';
}

const ORACLE_SORT: Record<Sort, string> = {
  created_at: 'created_at',
  profit_score: 'profit_score',
  vote_score: 'upvotes - downvotes',
  overall_score: 'overall_score',
  title: 'title',
};

/** The oracle: every public idea matching the filter, sorted by knowledge itself. */
async function oracle(f: Filter): Promise<number[]> {
  const where = [`deleted_at IS NULL AND merged_into_id IS NULL AND visibility = 'public'`];
  if (f.category) where.push(`categories @> ARRAY['${f.category}']`);
  if (f.profit_level) where.push(`profit_potential = '${f.profit_level}'`);
  if (f.user_filter === 'community') where.push('user_id IS NOT NULL');
  if (f.user_filter === 'crawled') where.push('user_id IS NULL');
  const nulls = f.sort === 'profit_score' || f.sort === 'overall_score' ? ' NULLS LAST' : '';
  const { rows } = await sql<{ id: number }>`SELECT id FROM knowledge WHERE ${sql.raw(where.join(' AND '))}
    ORDER BY ${sql.raw(`${ORACLE_SORT[f.sort]} ${f.order}${nulls}, id ${f.order}`)}`.execute(db());
  return rows.map((r) => r.id);
}

type Read = (f: Filter, page: number, page_size: number, cursor?: string) => ReturnType<typeof listPublicIdeas>;

const fromListing: Read = (f, page, page_size, cursor) =>
  listPublicIdeas(db(), { ...f, page, page_size, ...(cursor ? { cursor } : {}) }, null);

/** The in-memory copy; the cards must come from it, so a read PostgreSQL answered instead fails. */
function fromMemory(copy: ListingCopy): Read {
  const answered = {
    cards: copy.cards,
    page: async (...args: Parameters<ListingCopy['page']>) => {
      const page = await copy.page(...args);
      if (!page && args[0].sort !== 'title') throw new Error('the in-memory list did not answer');
      return page;
    },
  };
  return (f, page, page_size, cursor) =>
    listPublicIdeas(db(), { ...f, page, page_size, ...(cursor ? { cursor } : {}) }, null, undefined, answered);
}

async function expectOracleOrder(query: Read, f: Filter): Promise<void> {
  const expected = await oracle(f);
  const label = JSON.stringify(f);
  const all = await query(f, 1, 100);
  expect(
    all.rows.map((r) => r.id),
    label,
  ).toEqual(expected);
  expect(all.total, label).toBe(expected.length);
  const second = await query(f, 2, 3);
  expect(
    second.rows.map((r) => r.id),
    label,
  ).toEqual(expected.slice(3, 6));
  // By cursor, three at a time, to the end.
  const seen: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await query(f, 1, 3, cursor);
    seen.push(...page.rows.map((r) => r.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && seen.length <= expected.length);
  expect(seen, label).toEqual(expected);
}

const filter: fc.Arbitrary<Filter> = fc.record({
  category: fc.option(fc.constantFrom(...CATEGORIES), { nil: undefined }),
  profit_level: fc.option(fc.constantFrom(...PROFIT_LABELS), { nil: undefined }),
  user_filter: fc.constantFrom('all' as const, 'community' as const, 'crawled' as const),
  sort: fc.constantFrom(...PUBLIC_IDEA_SORTS),
  order: fc.constantFrom('asc' as const, 'desc' as const),
});

describe('public listing', () => {
  it('lists what sorting knowledge lists, for every filter, sort and order, by page and by cursor', async () => {
    const user = await db()
      .insertInto('users')
      .values({ username: 'lister', email: 'lister@listing.test', password_hash: 'x', role: 'trial' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // With a card cache, so cards kept from one round must show the next round's changes.
    const copy = new ListingCopy(db(), pino({ level: 'silent' }), 1024 * 1024);
    expect(await copy.ready()).toBe(true);
    const inMemory = fromMemory(copy);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(ideaChange(true), { maxLength: 15 }), { minLength: 3, maxLength: 3 }),
        fc.array(filter, { minLength: 6, maxLength: 6 }),
        async (streams, filters) => {
          await applyConcurrently(db(), streams, user.id);
          copy.changed();
          for (const f of filters) {
            await expectOracleOrder(fromListing, f);
            await expectOracleOrder(inMemory, f);
            expect((await inMemory(f, 1, 100)).cardsJson, JSON.stringify(f)).toBe(
              (await fromListing(f, 1, 100)).cardsJson,
            );
          }
        },
      ),
      { numRuns: 12, seed: 20261127 },
    );
  });

  it('holds no row for an idea that is private, deleted or merged, and one per category', async () => {
    const { rows } = await sql<{ stray: number }>`
      SELECT count(*)::int AS stray FROM public_listing p JOIN knowledge k ON k.id = p.id
      WHERE k.visibility <> 'public' OR k.deleted_at IS NOT NULL OR k.merged_into_id IS NOT NULL
         OR NOT (p.category = '*' OR k.categories @> ARRAY[p.category])`.execute(db());
    expect(rows[0]!.stray).toBe(0);
  });
});

describe('public list in memory', () => {
  it('is built from every listed idea, and a cursor from either path goes on in the other', async () => {
    const copy = new ListingCopy(db(), pino({ level: 'silent' }));
    expect(await copy.ready()).toBe(true);
    const f: Filter = { user_filter: 'all', sort: 'created_at', order: 'desc' };
    const expected = await oracle(f);
    expect(expected.length).toBeGreaterThan(6);
    await expectOracleOrder(fromMemory(copy), f);
    const first = await fromListing(f, 1, 3);
    const next = await fromMemory(copy)(f, 1, 3, first.nextCursor!);
    expect(next.rows.map((r) => r.id)).toEqual(expected.slice(3, 6));
    const back = await fromListing(f, 1, 3, next.nextCursor!);
    expect(back.rows.map((r) => r.id)).toEqual(expected.slice(6, 9));
  });

  it('leaves a page PostgreSQL must answer: the title sort, and a copy behind the cards', async () => {
    const copy = new ListingCopy(db(), pino({ level: 'silent' }));
    await copy.ready();
    expect(await copy.page({ user_filter: 'all', sort: 'title', order: 'asc' }, { offset: 0 }, 5)).toBeUndefined();
    // Not told of the change, the copy still lists the hidden idea; its page goes to PostgreSQL.
    const f: Filter = { user_filter: 'all', sort: 'vote_score', order: 'desc' };
    const [top] = await oracle(f);
    await db().updateTable('knowledge').set({ visibility: 'private' }).where('id', '=', top!).execute();
    const memoryPage = await copy.page(f, { offset: 0 }, 5);
    expect(memoryPage!.ids[0]).toBe(top);
    const page = await listPublicIdeas(db(), { ...f, page: 1, page_size: 5 }, null, undefined, copy);
    expect(page.rows.map((r) => r.id)).toEqual((await oracle(f)).slice(0, 5));
    copy.changed();
    expect((await copy.page(f, { offset: 0 }, 5))!.ids).toEqual((await oracle(f)).slice(0, 5));
    await db().updateTable('knowledge').set({ visibility: 'public' }).where('id', '=', top!).execute();
  });

  it('keeps the cards it showed, and shows a card as it is after any change to it', async () => {
    const copy = new ListingCopy(db(), pino({ level: 'silent' }), 1024 * 1024);
    expect(await copy.ready()).toBe(true);
    const read = fromMemory(copy);
    const f: Filter = { user_filter: 'all', sort: 'created_at', order: 'desc' };
    const cardsOf = async () => JSON.parse((await read(f, 1, 5)).cardsJson) as Record<string, unknown>[];
    const first = await cardsOf();
    expect(copy.cards.size).toBe(5);
    // Changes only a card shows (the listing sorts by none of them), each told as NOTIFY tells it.
    const changes: [string, Record<string, unknown>][] = [
      ['summary', { summary: 'A summary edited after the card was kept' }],
      ['editor_pick', { editor_pick: true, editor_pick_message: 'Picked while kept' }],
      ['key_strengths', { key_strengths: ['Edited strength'] }],
      ['monetization_score', { monetization_score: 9.25 }],
    ];
    for (const [name, set] of changes) {
      await db().updateTable('knowledge').set(set).where('id', '=', Number(first[2]!.id)).execute();
      copy.changed();
      const now = (await cardsOf())[2]!;
      for (const [column, value] of Object.entries(set)) expect(now[column], name).toEqual(value);
    }
    // An upvote and a downvote together leave the vote score, and so the listing, as they were.
    await db()
      .updateTable('knowledge')
      .set((eb) => ({ upvotes: eb('upvotes', '+', 1), downvotes: eb('downvotes', '+', 1) }))
      .where('id', '=', Number(first[0]!.id))
      .execute();
    copy.changed();
    expect((await cardsOf())[0]!.upvotes).toBe(Number(first[0]!.upvotes) + 1);
    // The cursor of a page made from kept cards goes on where PostgreSQL's would.
    const kept = await read(f, 1, 5);
    expect(kept.nextCursor).toBe((await fromListing(f, 1, 5)).nextCursor);
  });

  it('logs a change of every column a card shows', async () => {
    const { rows } = await sql<{ body: string }>`
      SELECT pg_get_functiondef('public_card_log_change'::regproc) AS body`.execute(db());
    for (const column of CARD_COLUMNS.filter((c) => c !== 'id')) {
      expect(rows[0]!.body, column).toContain(`o.${column}`);
      expect(rows[0]!.body, column).toContain(`n.${column}`);
    }
  });

  it('keeps its change log a day', async () => {
    await sql`INSERT INTO public_listing_changes (id, changed_at) VALUES (1, now() - interval '25 hours')`.execute(
      db(),
    );
    expect(await pruneListingChangeLog(db())).toBe(1);
    expect(await pruneListingChangeLog(db())).toBe(0);
  });
});
