import { sql } from 'kysely';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFIT_LABELS, type ProfitLabel } from '@ideamine/shared/contract/knowledge';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../test/database';
import { foldIdeaRollups } from './idea-rollups';
import { publicIdeaCount, type PublicCountKey } from './public-counts';

// The public list's counters against a count(*) oracle: after random concurrent inserts,
// deletes, visibility changes, category and label edits and merges, run from several connections
// at once and folded or not, every counter equals counting the rows.

let handle: DatabaseHandle;
let drop: () => Promise<void>;
const db = () => handle.db;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  handle = openDatabase(database.url, 8);
});
afterAll(async () => {
  await handle?.close();
  await drop?.();
});

const CATEGORIES = ['saas', 'fintech', 'health'];
const LABELS: (ProfitLabel | null)[] = [...PROFIT_LABELS, null];

type Op =
  | { kind: 'insert'; categories: string[]; label: ProfitLabel | null; community: boolean; isPrivate: boolean }
  | { kind: 'delete' | 'hide' | 'show' | 'merge' | 'purge'; pick: number }
  | { kind: 'recategorise'; pick: number; categories: string[] }
  | { kind: 'relabel'; pick: number; label: ProfitLabel | null };

const categories = fc.subarray(CATEGORIES);
const label = fc.constantFrom(...LABELS);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      categories,
      label,
      community: fc.boolean(),
      isPrivate: fc.boolean(),
    }),
  },
  fc.record({
    kind: fc.constantFrom('delete' as const, 'hide' as const, 'show' as const, 'merge' as const, 'purge' as const),
    pick: fc.nat(),
  }),
  fc.record({ kind: fc.constant('recategorise' as const), pick: fc.nat(), categories }),
  fc.record({ kind: fc.constant('relabel' as const), pick: fc.nat(), label }),
);

let serial = 0;

async function apply(o: Op, ids: number[], userId: number): Promise<void> {
  if (o.kind === 'insert') {
    serial += 1;
    const row = await db()
      .insertInto('knowledge')
      .values({
        slug: `idea-${serial}`,
        title: `Idea ${serial}`,
        source_url: `https://counts.test/${serial}-${Math.random()}`,
        source_domain: 'counts.test',
        content_hash: `h${serial}-${Math.random()}`,
        categories: o.categories,
        profit_potential: o.label,
        user_id: o.community ? userId : null,
        visibility: o.isPrivate ? 'private' : 'public',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
    return;
  }
  if (!ids.length) return;
  const id = ids[o.pick % ids.length]!;
  const target = db().updateTable('knowledge').where('id', '=', id);
  switch (o.kind) {
    case 'delete':
      return void (await target.set({ deleted_at: new Date() }).execute());
    case 'hide':
      return void (await target.set({ visibility: 'private' }).execute());
    case 'show':
      return void (await target.set({ visibility: 'public', deleted_at: null }).execute());
    case 'merge': {
      const into = ids[(o.pick + 1) % ids.length]!;
      if (into !== id) await target.set({ merged_into_id: into }).execute();
      return;
    }
    case 'purge':
      await db().updateTable('knowledge').set({ merged_into_id: null }).where('merged_into_id', '=', id).execute();
      await db().deleteFrom('knowledge').where('id', '=', id).execute();
      ids.splice(ids.indexOf(id), 1);
      return;
    case 'recategorise':
      return void (await target.set({ categories: o.categories }).execute());
    case 'relabel':
      return void (await target.set({ profit_potential: o.label }).execute());
  }
}

/** The oracle: count(*) of the rows the list would show. */
async function counted(key: PublicCountKey): Promise<number> {
  let q = db()
    .selectFrom('knowledge')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted_at', 'is', null)
    .where('merged_into_id', 'is', null)
    .where('visibility', '=', 'public');
  if (key.category) q = q.where(sql<boolean>`categories @> ARRAY[${key.category}]::text[]`);
  if (key.profit_level) q = q.where('profit_potential', '=', key.profit_level);
  if (key.user_filter === 'community') q = q.where('user_id', 'is not', null);
  if (key.user_filter === 'crawled') q = q.where('user_id', 'is', null);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

const KEYS: PublicCountKey[] = [undefined, ...CATEGORIES].flatMap((category) =>
  [undefined, ...PROFIT_LABELS].flatMap((profit_level) =>
    (['all', 'community', 'crawled'] as const).map((user_filter) => ({ category, profit_level, user_filter })),
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
        fc.array(fc.array(op, { maxLength: 12 }), { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        async (streams, fold) => {
          const ids = (await db().selectFrom('knowledge').select('id').execute()).map((r) => r.id);
          // Three writers at once, each on its own connection from the pool.
          await Promise.all(
            streams.map(async (ops) => {
              for (const o of ops)
                await apply(o, ids, user.id).catch((err: Error & { code?: string }) => {
                  if (err.code !== '23503' && err.code !== '40P01') throw err; // a purge racing a merge
                });
            }),
          );
          if (fold) await foldIdeaRollups(db());
          for (const key of KEYS)
            expect(await publicIdeaCount(db(), key), JSON.stringify(key)).toBe(await counted(key));
        },
      ),
      { numRuns: 15, seed: 20261125 },
    );
  });
});
