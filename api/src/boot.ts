import pino, { type Logger } from 'pino';
import { loadSigningKey } from './auth/signing-key';
import { ensureAdmin } from './commands/ensure-admin';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';

export function createLogger(config: Config): Logger {
  return pino({ level: config.logLevel, base: { service: 'ideamine' }, redact: ['req.headers.authorization'] });
}

/** Connects, migrates, makes sure an admin exists and loads the token key. */
export async function createAppContext(config: Config, log: Logger, databaseUrl: string): Promise<AppContext> {
  const { db, pool } = openDatabase(databaseUrl, config.dbPoolSize);
  const applied = await migrate(pool);
  if (applied.length) log.info({ applied }, 'applied migrations');
  await ensureAdmin(db, log, config.adminEmail, config.adminPassword);
  const jwtKey = await loadSigningKey(db, config.jwtSecret);
  return { config, db, pool, log, jwtKey, startedAt: new Date() };
}
