import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { databaseUrl, dropDatabase } from './admin';
import { openDatabase } from './database';
import { migrate } from './migrate';
import { ensureDatabase } from './resolve-database';

/**
 * Runs `fn` on a fresh, migrated database created beside the one at `serverUrl` (named
 * `prefix` and a random tag), and drops it afterwards whatever happens: a backup is verified in
 * one, and the category evaluation reads the categories a fresh install seeds from one.
 */
export async function withScratchDatabase<T>(
  serverUrl: string,
  prefix: string,
  fn: (pool: pg.Pool) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(serverUrl, name);
  const scratch = openDatabase(databaseUrl(serverUrl, name), 2);
  try {
    await migrate(scratch.pool);
    return await fn(scratch.pool);
  } finally {
    await scratch.close();
    await dropDatabase(serverUrl, name);
  }
}
