import { createHash } from 'node:crypto';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { withScratchDatabase } from '../db/scratch-database';
import { restoreBackup } from './restore';
import { backupTables, quote, STABLE_TEXT_SETTINGS } from './tables';

// Verifies a backup the only convincing way: restore it into a scratch database and compare
// every table's row count and checksum with the manifest written at backup time.

export interface VerifyResult {
  ok: boolean;
  tables: { table: string; expected_rows: number; restored_rows: number; checksum_match: boolean }[];
}

export async function verifyBackup(databaseUrl: string, path: string): Promise<VerifyResult> {
  return withScratchDatabase(databaseUrl, 'ideamine_verify', async (pool) => {
    const { manifest } = await restoreBackup(pool, path);
    const actual = await checksums(pool);
    const tables = manifest.map((m) => {
      const a = actual.get(m.table);
      return {
        table: m.table,
        expected_rows: m.rows,
        restored_rows: a?.rows ?? 0,
        checksum_match: a?.sha256 === m.sha256,
      };
    });
    return { ok: tables.every((t) => t.checksum_match && t.expected_rows === t.restored_rows), tables };
  });
}

async function checksums(pool: pg.Pool): Promise<Map<string, { rows: number; sha256: string }>> {
  const client = await pool.connect();
  try {
    await client.query(STABLE_TEXT_SETTINGS);
    const out = new Map<string, { rows: number; sha256: string }>();
    for (const t of await backupTables(client)) {
      const hash = createHash('sha256');
      let rows = 0;
      const copy = client.query(
        copyTo(
          `COPY (SELECT ${t.columns.map(quote).join(', ')} FROM ${quote(t.name)} ORDER BY ${t.orderBy.map(quote).join(', ')}) TO STDOUT`,
        ),
      );
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        hash.update(chunk);
        for (const byte of chunk) if (byte === 10) rows++;
      }
      out.set(t.name, { rows, sha256: hash.digest('hex') });
    }
    return out;
  } finally {
    client.release();
  }
}
