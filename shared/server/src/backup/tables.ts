import type pg from 'pg';

// What a backup holds: every table of the public schema but a few that describe this install
// rather than its data. Column lists leave out generated columns (PostgreSQL computes them again).

/** Not backed up: the migration list (compared instead), the backup list itself (its files live
 * beside it), this install's signing key, throttle counters that expire within a day, and the
 * trigger-kept idea rollups and page counter (migration 0015), public idea counters (0026) and
 * public listing (0030, with its change log 0037), search slice (0032, with its removal log 0036) and model version counts
 * (0033), which the restored knowledge and raw_data rows rebuild as they load. */
export const EXCLUDED_TABLES = new Set([
  'schema_migrations',
  'backups',
  'server_secrets',
  'rate_limit_counters',
  'idea_daily',
  'idea_daily_changes',
  'idea_domains',
  'idea_domain_changes',
  'idea_terms_daily',
  'idea_term_changes',
  'raw_data_count',
  'raw_data_count_changes',
  'public_idea_counts',
  'public_idea_count_changes',
  'public_listing',
  'public_listing_changes',
  'search_recent',
  'search_recent_gone',
  'idea_model_counts',
  'idea_model_count_changes',
]);

export interface TableInfo {
  name: string;
  columns: string[];
  /** Ordering that makes the COPY text of a table deterministic (primary key, else every column). */
  orderBy: string[];
  identityColumns: string[];
}

export async function backupTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const tables = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
  );
  const result: TableInfo[] = [];
  for (const { name } of tables.rows) {
    if (EXCLUDED_TABLES.has(name)) continue;
    const cols = await client.query<{ name: string; identity: string; generated: string }>(
      `SELECT attname AS name, attidentity AS identity, attgenerated AS generated FROM pg_attribute
       WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      [`public.${quote(name)}`],
    );
    const columns = cols.rows.filter((c) => c.generated === '').map((c) => c.name);
    const pk = await client.query<{ name: string }>(
      `SELECT a.attname AS name FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
       WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
      [`public.${quote(name)}`],
    );
    result.push({
      name,
      columns,
      orderBy: pk.rows.length ? pk.rows.map((r) => r.name) : columns,
      identityColumns: cols.rows.filter((c) => c.identity !== '').map((c) => c.name),
    });
  }
  return result;
}

/** Foreign keys between backed-up tables, to drop while loading and add back afterwards. */
export async function foreignKeys(client: pg.ClientBase, tables: string[]) {
  const { rows } = await client.query<{ table: string; name: string; definition: string }>(
    `SELECT c.relname AS table, con.conname AS name, pg_get_constraintdef(con.oid) AS definition
     FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE con.contype = 'f' AND n.nspname = 'public' AND c.relname = ANY ($1) ORDER BY c.relname, con.conname`,
    [tables],
  );
  return rows;
}

export const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Session settings that make COPY text identical wherever it is produced. */
export const STABLE_TEXT_SETTINGS = "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET extra_float_digits = 3";
