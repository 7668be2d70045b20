import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { databaseUrl, dropDatabase, withDatabase } from './database-admin';

/** A fresh database for one test file, cloned from the migrated template in milliseconds. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `ideamine_t_${randomBytes(6).toString('hex')}`;
  await withDatabase(adminUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`));
  return { url: databaseUrl(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}
