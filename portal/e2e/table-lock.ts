import pg from 'pg';
import { e2eState } from './fixtures';

/**
 * Holds an exclusive lock on a table of the e2e server's database, so calls that read it wait:
 * a slow server, for real, until `release()`.
 */
export async function holdTableLock(table: string): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: e2eState().databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${pg.escapeIdentifier(table)} IN ACCESS EXCLUSIVE MODE`);
  return {
    release: async () => {
      await client.query('COMMIT');
      await client.end();
    },
  };
}
