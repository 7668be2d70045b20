import { sql } from 'kysely';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRENDING_TIME_FILTERS, WINDOW_HOURS } from '@ideamine/shared/limits';
import type { Db } from '../db/database';
import { useTestDatabase } from '../test/database';
import { foldIdeaRollups } from './idea-rollups';
import { trendingKeywords } from './trending';

// Trending keywords from the public keyword rollup against an oracle that unnests the keywords
// of every public idea in the two windows: after random inserts (created at any hour of the last
// 200 days, so the window edges fall anywhere in a day), keyword edits, visibility changes,
// deletes and merges, folded or not.

const db = useTestDatabase(4);

const WORDS = ['ledger', 'kiln', 'Kiln', 'sonar', 'need'];
const keywords = fc.subarray(WORDS);

type Change =
  | { kind: 'insert'; hoursAgo: number; keywords: string[]; isPrivate: boolean }
  | { kind: 'rekey'; pick: number; keywords: string[] }
  | { kind: 'hide' | 'show' | 'delete' | 'merge'; pick: number };

const change: fc.Arbitrary<Change> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      // Hours with a fraction: ideas land on both sides of each window edge and midnight.
      hoursAgo: fc.integer({ min: 0, max: 200 * 24 * 4 }).map((q) => q / 4),
      keywords,
      isPrivate: fc.boolean(),
    }),
  },
  fc.record({ kind: fc.constant('rekey' as const), pick: fc.nat(), keywords }),
  fc.record({
    kind: fc.constantFrom('hide' as const, 'show' as const, 'delete' as const, 'merge' as const),
    pick: fc.nat(),
  }),
);

let serial = 0;
async function apply(c: Change, ids: number[]): Promise<void> {
  if (c.kind === 'insert') {
    serial += 1;
    const row = await db()
      .insertInto('knowledge')
      .values({
        slug: `t-${serial}`,
        title: `Trend ${serial}`,
        source_url: `https://trending.test/${serial}`,
        content_hash: `trend-${serial}`,
        keywords: c.keywords,
        visibility: c.isPrivate ? 'private' : 'public',
        created_at: sql<Date>`now() - make_interval(secs => ${c.hoursAgo * 3600})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
    return;
  }
  if (!ids.length) return;
  const id = ids[c.pick % ids.length]!;
  const target = db().updateTable('knowledge').where('id', '=', id);
  if (c.kind === 'rekey') await target.set({ keywords: c.keywords }).execute();
  if (c.kind === 'hide') await target.set({ visibility: 'private' }).execute();
  if (c.kind === 'show') await target.set({ visibility: 'public', deleted_at: null, merged_into_id: null }).execute();
  if (c.kind === 'delete') await target.set({ deleted_at: new Date() }).execute();
  if (c.kind === 'merge') {
    const into = ids[(c.pick + 1) % ids.length]!;
    if (into !== id) await target.set({ merged_into_id: into }).execute();
  }
}

/** The oracle: every public idea's keywords in the window and the one before, counted. */
async function oracle(trx: Db, hours: number) {
  const { rows } = await sql<{ keyword: string; count: number; previous_count: number }>`
    SELECT kw AS keyword,
           count(*) FILTER (WHERE created_at >= now() - make_interval(hours => ${hours}))::int AS count,
           count(*) FILTER (WHERE created_at < now() - make_interval(hours => ${hours}))::int AS previous_count
    FROM knowledge, unnest(keywords) AS kw
    WHERE deleted_at IS NULL AND merged_into_id IS NULL AND visibility = 'public' AND lower(kw) <> 'need'
      AND created_at >= now() - make_interval(hours => ${hours * 2})
    GROUP BY kw`.execute(trx);
  return rows.filter((r) => r.count > 0).sort((a, b) => b.count - a.count || (a.keyword < b.keyword ? -1 : 1));
}

describe('trending keywords', () => {
  it('count what unnesting every public idea in the windows counts, for every window', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 25 }), fc.boolean(), async (changes, fold) => {
        const ids = (await db().selectFrom('knowledge').select('id').execute()).map((r) => r.id);
        for (const c of changes) await apply(c, ids);
        if (fold) await foldIdeaRollups(db());
        // One transaction pins now(): the oracle and the rollup read the same instant.
        await db()
          .transaction()
          .execute(async (trx) => {
            for (const window of TRENDING_TIME_FILTERS) {
              const got = (await trendingKeywords(trx, window, 100)).map((k) => ({
                keyword: k.keyword,
                count: k.count,
                previous_count: k.previous_count,
              }));
              expect(got, window).toEqual(await oracle(trx, WINDOW_HOURS[window]));
            }
          });
      }),
      { numRuns: 12, seed: 20261127 },
    );
  });
});
