import fc from 'fast-check';
import { PROFIT_LABELS, type ProfitLabel } from '@ideamine/shared/contract/knowledge';
import type { Db } from '../db/database';

// Random changes to ideas, the kinds that change what the public lists show: for property tests
// of what triggers keep beside knowledge (the counters, the listing), run from several
// connections at once.

export const CATEGORIES = ['saas', 'fintech', 'health'];
export const LABELS: (ProfitLabel | null)[] = [...PROFIT_LABELS, null];

export type IdeaChange =
  | { kind: 'insert'; categories: string[]; label: ProfitLabel | null; community: boolean; isPrivate: boolean }
  | { kind: 'delete' | 'hide' | 'show' | 'merge' | 'purge'; pick: number }
  | { kind: 'recategorise'; pick: number; categories: string[] }
  | { kind: 'relabel'; pick: number; label: ProfitLabel | null }
  | { kind: 'vote'; pick: number; up: number; down: number }
  | { kind: 'rescore'; pick: number; profit: number | null; overall: number | null }
  | { kind: 'retitle'; pick: number; title: string };

const categories = fc.subarray(CATEGORIES);
const label = fc.constantFrom(...LABELS);
const score = (max: number) => fc.option(fc.integer({ min: 0, max: max * 4 }).map((n) => n / 4));

/** `withListed`: also the changes only the listing cares about (votes, scores, titles). */
export function ideaChange(withListed = false): fc.Arbitrary<IdeaChange> {
  const counted: fc.Arbitrary<IdeaChange>[] = [
    fc.record({
      kind: fc.constant('insert' as const),
      categories,
      label,
      community: fc.boolean(),
      isPrivate: fc.boolean(),
    }),
    fc.record({
      kind: fc.constantFrom('delete' as const, 'hide' as const, 'show' as const, 'merge' as const, 'purge' as const),
      pick: fc.nat(),
    }),
    fc.record({ kind: fc.constant('recategorise' as const), pick: fc.nat(), categories }),
    fc.record({ kind: fc.constant('relabel' as const), pick: fc.nat(), label }),
  ];
  const listed: fc.Arbitrary<IdeaChange>[] = [
    fc.record({ kind: fc.constant('vote' as const), pick: fc.nat(), up: fc.nat(5), down: fc.nat(5) }),
    fc.record({ kind: fc.constant('rescore' as const), pick: fc.nat(), profit: score(10), overall: score(5) }),
    // Few distinct titles, so the title sort has ties for id to break.
    fc.record({
      kind: fc.constant('retitle' as const),
      pick: fc.nat(),
      title: fc.constantFrom('Alpha', 'beta', 'Gamma'),
    }),
  ];
  const [insert, ...rest] = counted;
  return fc.oneof({ weight: 4, arbitrary: insert! }, ...rest, ...(withListed ? listed : []));
}

let serial = 0;

/** Applies one change; `ids` is the ideas that exist, kept up to date. */
export async function applyIdeaChange(db: Db, o: IdeaChange, ids: number[], userId: number): Promise<void> {
  if (o.kind === 'insert') {
    serial += 1;
    const row = await db
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
  const target = db.updateTable('knowledge').where('id', '=', id);
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
      await db.updateTable('knowledge').set({ merged_into_id: null }).where('merged_into_id', '=', id).execute();
      await db.deleteFrom('knowledge').where('id', '=', id).execute();
      ids.splice(ids.indexOf(id), 1);
      return;
    case 'recategorise':
      return void (await target.set({ categories: o.categories }).execute());
    case 'relabel':
      return void (await target.set({ profit_potential: o.label }).execute());
    case 'vote':
      return void (await target.set({ upvotes: o.up, downvotes: o.down }).execute());
    case 'rescore':
      return void (await target.set({ profit_score: o.profit, overall_score: o.overall }).execute());
    case 'retitle':
      return void (await target.set({ title: o.title }).execute());
  }
}

/** Runs the streams of changes side by side, one connection each. */
export async function applyConcurrently(db: Db, streams: IdeaChange[][], userId: number): Promise<void> {
  const ids = (await db.selectFrom('knowledge').select('id').execute()).map((r) => r.id);
  await Promise.all(
    streams.map(async (changes) => {
      for (const o of changes)
        await applyIdeaChange(db, o, ids, userId).catch((err: Error & { code?: string }) => {
          if (err.code !== '23503' && err.code !== '40P01') throw err; // a purge racing a merge
        });
    }),
  );
}
