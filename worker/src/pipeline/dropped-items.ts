import { sql } from 'kysely';
import type { Db } from '@ideamine/server/db/database';
import type { DroppedItem } from '@ideamine/server/db/schema';

// Every item the pre-filter dropped from a page is recorded, one row each, so an operator can
// page through all of them and keep any as an idea. The task row carries only a preview (the
// first DROPPED_PREVIEW) for its list, and the count.

/** How many dropped items a task row shows in lists; the rest are a page away (GET .../dropped-items). */
export const DROPPED_PREVIEW = 20;
/** Rows per INSERT: five arrays of this many values each, well inside a statement's limits. */
const ROWS_PER_INSERT = 5_000;

/** Replaces what each task's last run dropped with what this run dropped (a run again starts afresh). */
export async function recordDropped(trx: Db, dropped: Map<number, DroppedItem[]>): Promise<void> {
  const taskIds = [...dropped.keys()];
  if (!taskIds.length) return;
  await trx.deleteFrom('transform_dropped_items').where('task_id', 'in', taskIds).execute();
  const rows = [...dropped].flatMap(([taskId, items]) => items.map((d, position) => ({ taskId, position, ...d })));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const part = rows.slice(i, i + ROWS_PER_INSERT);
    await sql`
      INSERT INTO transform_dropped_items (task_id, position, url, title, reason)
      SELECT * FROM unnest(${part.map((r) => r.taskId)}::bigint[], ${part.map((r) => r.position)}::int[],
        ${part.map((r) => r.url)}::text[], ${part.map((r) => r.title)}::text[], ${part.map((r) => r.reason)}::text[])`.execute(
      trx,
    );
  }
}
