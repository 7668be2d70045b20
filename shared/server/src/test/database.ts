import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type Db, type DatabaseHandle } from '../db/database';
import { databaseUrl, dropDatabase, withDatabase } from './database-admin';

/** A fresh database for one test file, cloned from the migrated template in milliseconds. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `ideamine_t_${randomBytes(6).toString('hex')}`;
  await withDatabase(adminUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`));
  return { url: databaseUrl(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}

/** A fresh database for the file's tests, opened with `poolSize` connections before them and
 * dropped after them; the returned function gives its Kysely handle once open. */
export function useTestDatabase(poolSize = 8): () => Db {
  const handle = useTestDatabaseHandle(poolSize);
  return () => handle().db;
}

/**
 * The same with its pool too (for raw SQL and `migrate`). `before` runs first: a migration's test
 * takes the schema back to where it was before the migration, as an upgraded database has it.
 */
export function useTestDatabaseHandle(poolSize = 2, before = ''): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    handle = openDatabase(database.url, poolSize);
    if (before) await handle.pool.query(before);
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });
  return () => handle!;
}
