import pino from 'pino';
import { loadConfig } from '@ideamine/server/config';
import { ensureDatabase, resolveDatabase } from '@ideamine/server/db/resolve-database';

// The database a benchmark keeps between runs: DATABASE_URL's server (or the embedded one in
// data/bench), with the named database created there when missing.

export async function benchDatabase(name: string) {
  const log = pino({ level: 'warn' });
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: 'data/bench',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const server = await resolveDatabase(config, log);
  await ensureDatabase(server.url, name);
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return { log, config, server, url: url.toString() };
}
