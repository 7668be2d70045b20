import { sql } from 'kysely';
import type { Db } from '../db/database';

// The number of stored pages (raw_data rows), exact without counting a million rows: a single-row
// counter plus the +1/-1 rows that raw_data's triggers append (migration 0015), folded into the
// counter by foldRawPageCount.

export async function rawPageCount(db: Db): Promise<number> {
  const { rows } = await sql<{ pages: number | null }>`
    SELECT (SELECT coalesce(sum(pages), 0) FROM raw_data_count)
         + (SELECT coalesce(sum(pages), 0) FROM raw_data_count_changes) AS pages`.execute(db);
  return Number(rows[0]?.pages ?? 0);
}

/** Adds the appended changes to the counter; run inside the rollup fold's transaction. */
export async function foldRawPageCount(trx: Db): Promise<void> {
  await sql`
    WITH moved AS (DELETE FROM raw_data_count_changes RETURNING pages)
    UPDATE raw_data_count SET pages = pages + (SELECT coalesce(sum(pages), 0) FROM moved)`.execute(trx);
}
