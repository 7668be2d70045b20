import { TtlCache } from './cache/ttl-cache';
import { listenForChanges } from './cache/change-listener';
import { replicaCatchUp } from './cache/replica-catch-up';
import { SearchSlice } from './search/search-slice';
import { ListingCopy } from './listing/listing-copy';
import pino, { type Logger } from 'pino';
import { loadSigningKey } from './auth/signing-key';
import { ensureAdmin } from './commands/ensure-admin';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { startBoss } from './queue/boss';

/**
 * Errors as pino logs them, minus PostgreSQL's `detail`: it carries row values ("Failing row
 * contains (..., scrypt$...)", "Key (email)=(...)"), so a failed insert would log a password
 * hash. Nested causes are cleaned the same way.
 */
function errorWithoutRowValues(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown;
  const strip = (value: unknown, depth: number): void => {
    if (!value || typeof value !== 'object' || depth > 5) return;
    const record = value as Record<string, unknown>;
    if ('detail' in record) record.detail = '[redacted: may hold row values]';
    for (const v of Object.values(record)) strip(v, depth + 1);
  };
  strip(out, 0);
  return out;
}

/** JSON lines to stdout, or to `destination` (tests read what would have been logged). */
export function createLogger(config: Config, destination?: pino.DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    base: { service: 'ideamine' },
    redact: ['req.headers.authorization'],
    serializers: { err: errorWithoutRowValues },
  };
  return destination ? pino(options, destination) : pino(options);
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
  const readDb = config.databaseReadUrl
    ? openDatabase(config.databaseReadUrl, config.dbPoolSize, 'ideamine-public-reads').db
    : db;
  const ctx: Omit<AppContext, 'changes'> = {
    config,
    db,
    pool,
    readDb,
    boss,
    databaseUrl,
    log,
    jwtKey,
    startedAt: new Date(),
    // Visitors' pages: one nobody asks for twice is not kept (the long tail of filters and words).
    publicCache: new TtlCache(config.publicCacheSeconds * 1000, 1000, true),
    dashboardCache: new TtlCache(config.dashboardCacheSeconds * 1000),
    searchSlice: new SearchSlice(readDb, log, config.publicReadWaitMs),
    publicListing: new ListingCopy(readDb, log, config.publicCardCacheBytes, config.publicReadWaitMs),
  };
  // A change anywhere (any API process, a worker) drops both caches here within a second, and
  // with a read replica once more when the replica has replayed it.
  const dropCaches = () => {
    ctx.publicCache.clear();
    ctx.dashboardCache.clear();
    ctx.searchSlice.changed();
    ctx.publicListing.changed();
  };
  // A visitor's page answered from a copy still reading a change is dropped once the copy has it.
  for (const copy of [ctx.searchSlice, ctx.publicListing])
    copy.onCaughtUpAfterStaleAnswer(() => ctx.publicCache.clear());
  const replica = readDb === db ? null : replicaCatchUp(db, readDb, log, dropCaches);
  const changes = await listenForChanges(databaseUrl, log, () => {
    dropCaches();
    replica?.changed();
  });
  return Object.assign(ctx, { changes });
}

/** Closes what createAppContext opened. */
export async function closeAppContext(ctx: AppContext): Promise<void> {
  await ctx.changes.close();
  await ctx.boss.stop({ graceful: true, timeout: 5000, wait: true });
  await ctx.db.destroy();
  if (ctx.readDb !== ctx.db) await ctx.readDb.destroy();
}
