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
  min_profit_level?: ProfitLabel;
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
  // This label or better: the labels before it in PROFIT_LABELS (best first).
  if (f.min_profit_level) {
    const better = PROFIT_LABELS.slice(0, PROFIT_LABELS.indexOf(f.min_profit_level) + 1);
    where.push(`profit_potential IN (${better.map((l) => `'${l}'`).join(', ')})`);
  }
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
      const title = args[0].sort === 'title';
      // A title cursor is PostgreSQL's to place (listing/title-keys.ts); every other read is the
      // copy's, a title page once the copy has placed the titles that changed.
      if (title && 'cursor' in args[1]) return copy.page(...args);
      let page = await copy.page(...args);
      if (!page && title && (await copy.titlesPlaced())) page = await copy.page(...args);
      if (!page) throw new Error('the in-memory list did not answer');
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
  min_profit_level: fc.option(fc.constantFrom(...PROFIT_LABELS), { nil: undefined }),
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

  it('leaves a page PostgreSQL must answer: after a title cursor, and a copy behind the cards', async () => {
    const copy = new ListingCopy(db(), pino({ level: 'silent' }));
    await copy.ready();
    const cursor = { value: 'Alpha', id: 1 };
    expect(await copy.page({ user_filter: 'all', sort: 'title', order: 'asc' }, { cursor }, 5)).toBeUndefined();
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

  it('sorts titles as PostgreSQL does while titles crowd into one gap, and when many move at once', async () => {
    const logged: string[] = [];
    const copy = new ListingCopy(db(), pino({ level: 'info' }, { write: (line: string) => logged.push(line) }));
    expect(await copy.ready()).toBe(true);
    const renumbered = () => logged.filter((line) => line.includes('title keys renumbered')).length;
    const read = fromMemory(copy);
    const byTitle: Filter = { user_filter: 'all', sort: 'title', order: 'asc' };
    const insert = (titles: string[]) =>
      db()
        .insertInto('knowledge')
        .values(
          titles.map((title) => {
            const slug = title.replace(/\W+/g, '-');
            const source = { source_url: `https://gap.test/${slug}`, source_domain: 'gap.test', content_hash: slug };
            return { slug, title, categories: ['saas'], ...source };
          }),
        )
        .execute();
    // Until the copy places a changed title, its title pages are PostgreSQL's.
    await insert(['Mm gap 999']);
    copy.changed();
    expect(await copy.page(byTitle, { offset: 0 }, 5)).toBeUndefined();
    expect(await copy.titlesPlaced()).toBe(true);
    expect(await copy.page(byTitle, { offset: 0 }, 5)).toBeDefined();
    // Each title lands between the same lower neighbour and the one put before it, halving that
    // gap every time: past about fifty halvings the keys are renumbered in the order they hold.
    for (let n = 60; n > 0; n--) {
      await insert([`Mm gap ${String(n).padStart(3, '0')}`]);
      copy.changed();
      const expected = await oracle(byTitle);
      expect((await read(byTitle, 1, 500)).rows.map((r) => r.id)).toEqual(expected);
    }
    expect(renumbered()).toBe(1);
    // More titles than one round places, with a retitle, a hide and a delete in the same read.
    const many = Array.from({ length: 2_100 }, (_, i) => `Mm many ${(i * 7919) % 2_100}`);
    await insert(many);
    await db().updateTable('knowledge').set({ title: 'Aa retitled' }).where('title', '=', 'Mm gap 007').execute();
    await db().updateTable('knowledge').set({ visibility: 'private' }).where('title', '=', 'Mm gap 011').execute();
    await db().deleteFrom('knowledge').where('title', '=', 'Mm gap 012').execute();
    copy.changed();
    for (const order of ['asc', 'desc'] as const) {
      for (const category of [undefined, 'saas']) {
        const f: Filter = { ...byTitle, order, ...(category ? { category } : {}) };
        const expected = await oracle(f);
        const page = await read(f, 3, 100);
        expect(
          page.rows.map((r) => r.id),
          JSON.stringify(f),
        ).toEqual(expected.slice(200, 300));
        expect(page.total).toBe(expected.length);
      }
    }
    await db().deleteFrom('knowledge').where('title', 'like', 'Mm %').execute();
    await db().deleteFrom('knowledge').where('title', '=', 'Aa retitled').execute();
  });

  it('places a title only where the copy agrees with PostgreSQL, even when a change is not read yet', async () => {
    const copy = new ListingCopy(db(), pino({ level: 'silent' }));
    const byTitle: Filter = { user_filter: 'all', sort: 'title', order: 'asc' };
    const add = async (title: string) => {
      const slug = `kk-${title.replace(/\W+/g, '-')}`;
      const source = { source_url: `https://kk.test/${slug}`, source_domain: 'kk.test', content_hash: slug };
      const row = await db()
        .insertInto('knowledge')
        .values({ slug, title, ...source })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const neighbour = await add('Kk 1');
    await add('Kk 3');
    expect(await copy.ready()).toBe(true);
    await add('Kk 2');
    copy.changed();
    await db()
      .transaction()
      .execute(async (trx) => {
        // Where 'Kk 2' goes is read only after this commits (the lock holds the read back), and by
        // then its lower neighbour has moved: the copy, which has not read that move, must not place it.
        await sql`LOCK TABLE public_listing IN ACCESS EXCLUSIVE MODE`.execute(trx);
        expect(await copy.page({ ...byTitle, sort: 'vote_score' }, { offset: 0 }, 5)).toBeDefined();
        await trx.updateTable('knowledge').set({ title: 'Kk 4' }).where('id', '=', neighbour).execute();
      });
    expect(await copy.titlesPlaced()).toBe(false);
    expect(await copy.page(byTitle, { offset: 0 }, 5)).toBeUndefined();
    // Once the move is read, both titles are placed and the copy sorts titles again.
    copy.changed();
    const expected = await oracle(byTitle);
    expect((await fromMemory(copy)(byTitle, 1, 500)).rows.map((r) => r.id)).toEqual(expected);
    await db().deleteFrom('knowledge').where('source_domain', '=', 'kk.test').execute();
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
