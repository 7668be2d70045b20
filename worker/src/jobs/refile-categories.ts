import { sql } from 'kysely';
import { recordWatchlistMatches } from '@ideamine/server/commands/watchlist-deliveries';
import type { Db } from '@ideamine/server/db/database';
import { categoriesFor, categoryRulesSignature } from '@ideamine/server/llm/local';
import type { CategoryOption } from '@ideamine/server/llm/provider';
import type { WorkerContext } from '../context';

// Filing ideas again after the category rules changed. An idea is filed under categories when it
// is enriched and kept there; when the local categoriser's rules or the categories' keywords
// change, each minute's tick files up to REFILE_PER_TICK older ideas again under the current
// rules, in id order, and records in category_refiling how far it has come (the admin
// dashboard's Idea Pipeline widget shows it). An idea that moved meets the watchlists again, as
// after an operator's edit: one now under a watched category is a new match.
// Left alone: categories an operator chose, ideas an OpenAI-compatible model enriched (filing
// them again would cost money and replace its choice), and everything while the
// OpenAI-compatible provider is in use.

/**
 * Ideas looked at per tick: filing one takes 0.3 ms (the 3,510 labelled real posts of
 * worker/quality), so a tick spends under two seconds of one worker's minute, and a million ideas
 * are filed again in under four hours.
 */
export const REFILE_PER_TICK = 5_000;

export interface RefileResult {
  /** Ideas looked at in this tick, and those whose categories changed. */
  checked: number;
  moved: number;
}

export async function refileCategories(w: WorkerContext, perTick = REFILE_PER_TICK): Promise<RefileResult> {
  if ((await w.llm()).name !== 'local') return { checked: 0, moved: 0 };
  const { checked, moved } = await fileBatch(w.db, perTick);
  await recordWatchlistMatches(w.db, w.boss, moved);
  return { checked, moved: moved.length };
}

/** One tick's batch, with the ids of the ideas that moved. */
async function fileBatch(db: Db, perTick: number): Promise<{ checked: number; moved: number[] }> {
  const none = { checked: 0, moved: [] };
  return db.transaction().execute(async (trx) => {
    // One sweep at a time: another worker's tick skips the row while this one holds it.
    const state = await trx.selectFrom('category_refiling').selectAll().forUpdate().skipLocked().executeTakeFirst();
    if (!state) return none;
    const options: CategoryOption[] = await trx
      .selectFrom('categories')
      .select(['slug', 'name', 'keywords'])
      .orderBy('slug')
      .execute();
    const rules = categoryRulesSignature(options);
    if (state.rules === null) {
      // A fresh install: every idea is enriched under the rules of today.
      await trx.updateTable('category_refiling').set({ rules, finished_at: new Date() }).execute();
      return none;
    }
    let { next_id: nextId, last_id: lastId } = state;
    if (state.rules !== rules) {
      const newest = await trx
        .selectFrom('knowledge')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      nextId = 0;
      lastId = Number(newest?.id ?? 0);
      await trx
        .updateTable('category_refiling')
        .set({ rules, next_id: 0, last_id: lastId, moved: 0, started_at: new Date(), finished_at: null })
        .execute();
    } else if (state.finished_at) return none;

    const ideas = await trx
      .selectFrom('knowledge')
      .select(['id', 'title', 'body', 'categories'])
      .where('id', '>=', nextId)
      .where('id', '<=', lastId)
      .where('enriched_at', 'is not', null)
      .where('deleted_at', 'is', null)
      .where('merged_into_id', 'is', null)
      .where('categories_edited_at', 'is', null)
      .where((eb) => eb.or([eb('model_version', 'is', null), eb('model_version', 'like', 'idea-model-%')]))
      .orderBy('id')
      .limit(perTick)
      .execute();
    const changed = ideas.flatMap((idea) => {
      const categories = categoriesFor(idea, options);
      return sameSet(categories, idea.categories) ? [] : [{ id: idea.id, categories }];
    });
    await fileUnder(trx, changed);
    const done = ideas.length < perTick;
    await trx
      .updateTable('category_refiling')
      .set((eb) => ({
        next_id: done ? lastId + 1 : ideas.at(-1)!.id + 1,
        moved: eb('moved', '+', changed.length),
        finished_at: done ? new Date() : null,
      }))
      .execute();
    return { checked: ideas.length, moved: changed.map((c) => c.id) };
  });
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((c) => b.includes(c));

/**
 * One statement for the tick's changes, so the list triggers run once, not once per idea. An
 * operator's edit made since the ideas were read wins (the condition is checked again on the row).
 */
async function fileUnder(trx: Db, changed: { id: number; categories: string[] }[]): Promise<void> {
  if (!changed.length) return;
  await sql`
    UPDATE knowledge k
    SET categories = ARRAY(SELECT jsonb_array_elements_text(v.categories)), updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) AS v(id integer, categories jsonb)
    WHERE k.id = v.id AND k.categories_edited_at IS NULL`.execute(trx);
}
