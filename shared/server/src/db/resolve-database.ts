import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface ResolvedDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

const EMBEDDED_DATABASE = 'ideamine';

/** DATABASE_URL when set; otherwise the embedded server in DATA_DIR, with an `ideamine` database. */
export async function resolveDatabase(config: Config, log: Logger): Promise<ResolvedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => undefined };
  const server = await startEmbeddedPostgres({ dataDir: config.dataDir, log: (line) => log.debug({ pg: line }) });
  log.info('using the embedded PostgreSQL (set DATABASE_URL to use another server)');
  await ensureDatabase(server.url, EMBEDDED_DATABASE);
  const url = new URL(server.url);
  url.pathname = `/${EMBEDDED_DATABASE}`;
  return { url: url.toString(), embedded: true, stop: server.stop };
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}
