import { sql } from 'kysely';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROFIT_LABELS } from '@ideamine/shared/contract/knowledge';
import { useTestDatabase } from '../test/database';
import { applyConcurrently, CATEGORIES, ideaChange } from '../test/public-idea-changes';
import { foldIdeaRollups } from './idea-rollups';
import { publicIdeaCount, type PublicCountKey } from './public-counts';

// The public list's counters against a count(*) oracle: after random concurrent inserts,
// deletes, visibility changes, category and label edits and merges, run from several connections
// at once and folded or not, every counter equals counting the rows.

const db = useTestDatabase(8);

/** The oracle: count(*) of the rows the list would show. */
async function counted(key: PublicCountKey): Promise<number> {
  let q = db()
    .selectFrom('knowledge')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .where('visibility', '=', 'public');
  if (key.category) q = q.where(sql<boolean>`categories @> ARRAY[${key.category}]::text[]`);
  if (key.labels) q = q.where('profit_potential', 'in', [...key.labels]);
  if (key.user_filter === 'community') q = q.where('user_id', 'is not', null);
  if (key.user_filter === 'crawled') q = q.where('user_id', 'is', null);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

// Any label, each label alone, and each label with those above it (min_profit_level).
const LABEL_SETS = [
  undefined,
  ...PROFIT_LABELS.map((l) => [l]),
  ...PROFIT_LABELS.slice(1).map((_, i) => PROFIT_LABELS.slice(0, i + 2)),
];
const KEYS: PublicCountKey[] = [undefined, ...CATEGORIES].flatMap((category) =>
  LABEL_SETS.flatMap((labels) =>
    (['all', 'community', 'crawled'] as const).map((user_filter) => ({ category, labels, user_filter })),
  ),
);

describe('public idea counters', () => {
  it('equal count(*) for every filter after random concurrent changes, folded or not', async () => {
    const user = await db()
      .insertInto('users')
      .values({ username: 'counter', email: 'counter@counts.test', password_hash: 'x', role: 'trial' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(ideaChange(), { maxLength: 12 }), { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        async (streams, fold) => {
          // Three writers at once, each on its own connection from the pool.
          await applyConcurrently(db(), streams, user.id);
          if (fold) await foldIdeaRollups(db());
          for (const key of KEYS)
            expect(await publicIdeaCount(db(), key), JSON.stringify(key)).toBe(await counted(key));
        },
      ),
      { numRuns: 15, seed: 20261125 },
    );
  });
});
