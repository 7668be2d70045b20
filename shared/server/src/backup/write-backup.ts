import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { BACKUP_FORMAT, BACKUP_VERSION, END_OF_TABLE, type BackupHeader, type TableManifest } from './format';
import { backupTables, quote, STABLE_TEXT_SETTINGS } from './tables';

// Writes a consistent backup: every table read in one REPEATABLE READ snapshot, streamed through
// gzip into a temporary file that is renamed into place only when complete, so a failed or
// interrupted backup never looks like a finished one.

export interface WrittenBackup {
  sizeBytes: number;
  sha256: string;
  header: BackupHeader;
  manifest: TableManifest[];
}

/**
 * Writes into the gzip stream, waiting while it is full. `failed` rejects when the file side of
 * the pipeline fails (disk full, file too large): the pipeline then destroys gzip without an
 * 'error' event, so waiting for 'drain' alone would wait forever, holding the snapshot open.
 */
async function write(gzip: Gzip, data: string | Buffer, failed: Promise<never>): Promise<void> {
  if (!gzip.write(data)) await Promise.race([once(gzip, 'drain'), failed]);
}

export async function writeBackup(pool: pg.Pool, path: string): Promise<WrittenBackup> {
  const temp = `${path}.partial`;
  const fileHash = createHash('sha256');
  let sizeBytes = 0;
  const gzip = createGzip({ level: 6 });
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      fileHash.update(chunk);
      sizeBytes += chunk.length;
      done(null, chunk);
    },
  });
  const written = pipeline(gzip, counter, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
  written.catch(() => undefined); // awaited below; avoid an unhandled rejection meanwhile
  const failed = written.then(() => new Promise<never>(() => undefined));
  failed.catch(() => undefined);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(STABLE_TEXT_SETTINGS);
    const tables = await backupTables(client);
    const migrations = (await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows;
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: new Date().toISOString(),
      migrations: migrations.map((m) => m.name),
      tables: tables.map((t) => t.name),
    };
    await write(gzip, `${JSON.stringify(header)}\n`, failed);
    const manifest: TableManifest[] = [];
    for (const t of tables) {
      await write(gzip, `${JSON.stringify({ table: t.name, columns: t.columns })}\n`, failed);
      const cols = t.columns.map(quote).join(', ');
      const order = t.orderBy.map(quote).join(', ');
      const copy = client.query(copyTo(`COPY (SELECT ${cols} FROM ${quote(t.name)} ORDER BY ${order}) TO STDOUT`));
      const hash = createHash('sha256');
      let rows = 0;
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        hash.update(chunk);
        for (const byte of chunk) if (byte === 10) rows++;
        await write(gzip, chunk, failed);
      }
      await write(gzip, `${END_OF_TABLE}\n`, failed);
      manifest.push({ table: t.name, rows, sha256: hash.digest('hex') });
    }
    await client.query('COMMIT');
    gzip.end(`${JSON.stringify({ manifest })}\n`);
    await written;
    await rename(temp, path);
    return { sizeBytes, sha256: fileHash.digest('hex'), header, manifest };
  } catch (err) {
    // A COPY cut short (the file failed) leaves the connection mid-stream, where a ROLLBACK would
    // wait forever for the rest of the COPY: the connection is dropped instead (released with the
    // error), which ends the read-only transaction with it.
    broken = err as Error;
    gzip.destroy();
    await written.catch(() => undefined);
    await rm(temp, { force: true });
    throw err;
  } finally {
    client.release(broken);
  }
}
