import { sql } from 'kysely';
import type { Db } from '@ideamine/server/db/database';

// Counts every row written to every table of a test database (row triggers into one counter
// table), so a test can say "this refused request changed nothing" exactly and cheaply.

export async function installChangeCounter(db: Db): Promise<void> {
  await sql`CREATE TABLE fuzz_changes (tbl text PRIMARY KEY, n bigint NOT NULL)`.execute(db);
  await sql`
    CREATE FUNCTION fuzz_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz_changes (tbl, n) VALUES (TG_TABLE_NAME, 1)
      ON CONFLICT (tbl) DO UPDATE SET n = fuzz_changes.n + 1;
      RETURN NULL;
    END $$`.execute(db);
  const tables = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'fuzz_changes'`.execute(db);
  for (const { tablename } of tables.rows)
    await sql`CREATE TRIGGER fuzz_count_change AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(tablename)}
              FOR EACH ROW EXECUTE FUNCTION fuzz_count_change()`.execute(db);
}

/** Rows written so far, per table. */
export async function changeCounts(db: Db): Promise<Map<string, number>> {
  const rows = await sql<{ tbl: string; n: string }>`SELECT tbl, n FROM fuzz_changes`.execute(db);
  return new Map(rows.rows.map((r) => [r.tbl, Number(r.n)]));
}

/** Tables whose counts differ between two readings. */
export function changedTables(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...after].filter(([table, n]) => (before.get(table) ?? 0) !== n).map(([table]) => table);
}
