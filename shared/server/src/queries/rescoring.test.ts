import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ideaModel } from '../llm/idea-model/model';
import { useTestDatabase } from '../test/database';
import { foldIdeaRollups } from './idea-rollups';
import { rescoringProgress, staleScores } from './rescoring';

// Re-scoring progress from per-version counters against counting the ideas staleScores picks:
// after random inserts, re-scores, soft deletes, restores, merges and purges, folded or not.

const db = useTestDatabase(4);
const VERSIONS = [null, 'idea-model-0000000000', ideaModel().version, 'gpt-4o-mini'];

type Change =
  | { kind: 'insert'; analysed: boolean; version: string | null }
  | { kind: 'rescore'; pick: number; version: string | null }
  | { kind: 'delete' | 'restore' | 'merge' | 'purge'; pick: number };

const version = fc.constantFrom(...VERSIONS);
const change: fc.Arbitrary<Change> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('insert' as const), analysed: fc.boolean(), version }) },
  fc.record({ kind: fc.constant('rescore' as const), pick: fc.nat(), version }),
  fc.record({
    kind: fc.constantFrom('delete' as const, 'restore' as const, 'merge' as const, 'purge' as const),
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
        slug: `r-${serial}`,
        title: `Rescore ${serial}`,
        source_url: `https://rescore.test/${serial}`,
        content_hash: `rescore-${serial}`,
        analyzed_at: c.analysed ? new Date() : null,
        model_version: c.version,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
    return;
  }
  if (!ids.length) return;
  const id = ids[c.pick % ids.length]!;
  const target = db().updateTable('knowledge').where('id', '=', id);
  if (c.kind === 'rescore') await target.set({ analyzed_at: new Date(), model_version: c.version }).execute();
  if (c.kind === 'delete') await target.set({ deleted_at: new Date() }).execute();
  if (c.kind === 'restore') await target.set({ deleted_at: null, merged_into_id: null }).execute();
  if (c.kind === 'merge') {
    const into = ids[(c.pick + 1) % ids.length]!;
    if (into !== id) await target.set({ merged_into_id: into }).execute();
  }
  if (c.kind === 'purge') {
    await db().updateTable('knowledge').set({ merged_into_id: null }).where('merged_into_id', '=', id).execute();
    await db().deleteFrom('knowledge').where('id', '=', id).execute();
    ids.splice(ids.indexOf(id), 1);
  }
}

describe('re-scoring progress', () => {
  it('equals counting the stale and the analysed ideas after random changes, folded or not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 20 }), fc.boolean(), async (changes, fold) => {
        const ids = (await db().selectFrom('knowledge').select('id').execute()).map((r) => r.id);
        for (const c of changes) await apply(c, ids);
        if (fold) await foldIdeaRollups(db());
        const oracle = await db()
          .selectFrom('knowledge')
          .select((eb) => [
            eb.fn.count<string>('id').filterWhere(staleScores(eb)).as('stale'),
            eb.fn
              .count<string>('id')
              .filterWhere((f) =>
                f.and([f('analyzed_at', 'is not', null), f('deleted_at', 'is', null), f('merged_into_id', 'is', null)]),
              )
              .as('analysed'),
          ])
          .executeTakeFirstOrThrow();
        expect(await rescoringProgress(db())).toEqual({
          model_version: ideaModel().version,
          stale: Number(oracle.stale),
          analysed: Number(oracle.analysed),
        });
      }),
      { numRuns: 15, seed: 20261127 },
    );
  });
});
