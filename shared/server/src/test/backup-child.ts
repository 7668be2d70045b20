import { once } from 'node:events';
import { createBackup } from '../commands/backups';
import { openDatabase } from '../db/database';

// One backup (the production createBackup) in a process of its own, so that a test can limit
// this process alone (prlimit --fsize: the file grows past the limit and the write fails with
// EFBIG, as a full disk fails with ENOSPC). It says "ready" once loaded, waits for a line on
// stdin (the limit is set meanwhile), and prints the outcome as one JSON line.
// Usage: node --import tsx shared/server/src/test/backup-child.ts <database url> <backup folder>

const [databaseUrl, dir] = process.argv.slice(2);
if (!databaseUrl || !dir) throw new Error('usage: backup-child.ts <database url> <backup folder>');
const { db, pool, close } = openDatabase(databaseUrl, 2);
process.stdout.write('ready\n');
await once(process.stdin, 'data');
let outcome: Record<string, unknown>;
try {
  const row = await createBackup({ db, pool, databaseUrl, dir }, 'manual', null);
  outcome = { ok: true, id: row.id, file_name: row.file_name };
} catch (err) {
  const e = err as Error & { status?: number; code?: string };
  outcome = { ok: false, status: e.status ?? null, code: e.code ?? null, message: e.message };
}
process.stdout.write(`${JSON.stringify(outcome)}\n`);
await close();
process.exit(0);
