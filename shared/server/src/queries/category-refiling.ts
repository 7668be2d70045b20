import type { Db } from '../db/database';

// How far filing ideas again under changed category rules has come (worker/src/jobs/
// refile-categories.ts): one row, read without counting ideas, so the dashboard stays fast at
// any size.

export interface RefilingProgress {
  /** The share of the sweep's id range looked at, in percent with one decimal. */
  percent_done: number;
  /** Ideas whose categories changed so far. */
  moved: number;
}

/** The sweep under way, or null when none is (every idea is filed under the current rules). */
export async function refilingProgress(db: Db): Promise<RefilingProgress | null> {
  const state = await db.selectFrom('category_refiling').selectAll().executeTakeFirst();
  // Not begun yet (an upgrade before the worker's first tick, or while the OpenAI-compatible
  // provider is in use, which never re-files): nothing to show until it does.
  if (!state?.started_at || state.finished_at) return null;
  const share = Math.min(1, state.next_id / (state.last_id + 1));
  return { percent_done: Math.round(share * 1000) / 10, moved: state.moved };
}
