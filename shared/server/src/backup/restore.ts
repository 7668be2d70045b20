import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { BackupFileError, inspectBackup, readBackup, type InspectedBackup } from './read-backup';
import { backupTables, foreignKeys, quote, STABLE_TEXT_SETTINGS } from './tables';

// Restores a backup into the database behind `pool`, all or nothing: the whole file is checked
// first (format, checksums, same migrations and columns as this database), then one transaction
// drops the foreign keys between the tables, empties them, loads every row, puts the keys back
// (which re-checks every reference) and moves identity sequences past the restored ids.

export async function restoreBackup(pool: pg.Pool, path: string): Promise<InspectedBackup> {
  const inspected = await inspectBackup(path);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(STABLE_TEXT_SETTINGS);
    const tables = await checkCompatible(client, inspected);
    const keys = await foreignKeys(
      client,
      tables.map((t) => t.name),
    );
    for (const k of keys) await client.query(`ALTER TABLE ${quote(k.table)} DROP CONSTRAINT ${quote(k.name)}`);
    await client.query(`TRUNCATE ${tables.map((t) => quote(t.name)).join(', ')}`);
    let copy: Writable | undefined;
    await readBackup(path, {
      onTable: async (s) => {
        copy = client.query(copyFrom(`COPY ${quote(s.table)} (${s.columns.map(quote).join(', ')}) FROM STDIN`));
      },
      onRow: async (line) => {
        if (!copy!.write(`${line}\n`)) await once(copy!, 'drain');
      },
      onEndTable: async () => {
        copy!.end();
        await finished(copy!);
      },
    });
    for (const k of keys)
      await client.query(`ALTER TABLE ${quote(k.table)} ADD CONSTRAINT ${quote(k.name)} ${k.definition}`);
    for (const t of tables)
      for (const col of t.identityColumns)
        await client.query(
          `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${quote(col)}) FROM ${quote(t.name)}), 0) + 1, false)`,
          [`public.${quote(t.name)}`, col],
        );
    await client.query('COMMIT');
    return inspected;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The backup must come from the same schema: same migrations, tables and columns. */
async function checkCompatible(client: pg.ClientBase, inspected: InspectedBackup) {
  const migrations = (
    await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
  ).rows.map((r) => r.name);
  if (JSON.stringify(migrations) !== JSON.stringify(inspected.header.migrations))
    throw new BackupFileError(
      `The backup was made with a different database schema (${inspected.header.migrations.at(-1) ?? 'none'}; this server has ${migrations.at(-1) ?? 'none'})`,
    );
  const tables = await backupTables(client);
  for (const t of tables) {
    const cols = inspected.columns[t.name];
    if (!cols || JSON.stringify(cols) !== JSON.stringify(t.columns))
      throw new BackupFileError(`The backup does not match this database's table ${t.name}`);
  }
  if (Object.keys(inspected.columns).length !== tables.length)
    throw new BackupFileError('The backup holds tables this database does not have');
  return tables;
}
