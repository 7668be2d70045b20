import { TtlCache } from './cache/ttl-cache';
import pino, { type Logger } from 'pino';
import { loadSigningKey } from './auth/signing-key';
import { ensureAdmin } from './commands/ensure-admin';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { startBoss } from './queue/boss';

export function createLogger(config: Config): Logger {
  return pino({ level: config.logLevel, base: { service: 'ideamine' }, redact: ['req.headers.authorization'] });
}

/**
 * Connects, migrates, starts the queue, makes sure an admin exists and loads the token key.
 * `maintainQueue` runs pg-boss's cron and maintenance (processes that run workers do).
 */
export async function createAppContext(
  config: Config,
  log: Logger,
  databaseUrl: string,
  opts: { maintainQueue?: boolean } = {},
): Promise<AppContext> {
  const { db, pool } = openDatabase(databaseUrl, config.dbPoolSize);
  const applied = await migrate(pool);
  if (applied.length) log.info({ applied }, 'applied migrations');
  const boss = await startBoss(databaseUrl, log, { schedule: opts.maintainQueue ?? false });
  await ensureAdmin(db, log, config.adminEmail, config.adminPassword, config.dataDir);
  const jwtKey = await loadSigningKey(db, config.jwtSecret);
  return {
    config,
    db,
    pool,
    boss,
    databaseUrl,
    log,
    jwtKey,
    startedAt: new Date(),
    publicCache: new TtlCache(config.publicCacheSeconds * 1000),
    dashboardCache: new TtlCache(config.dashboardCacheSeconds * 1000),
  };
}

/** Closes what createAppContext opened. */
export async function closeAppContext(ctx: AppContext): Promise<void> {
  await ctx.boss.stop({ graceful: true, timeout: 5000, wait: true });
  await ctx.db.destroy();
}
