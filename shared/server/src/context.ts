import type { Logger } from 'pino';
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { TtlCache } from './cache/ttl-cache';
import type { ChangeListener } from './cache/change-listener';
import type { Config } from './config';
import type { Db } from './db/database';
import type { SearchSlice } from './search/search-slice';
import type { ListingCopy } from './listing/listing-copy';

/** What every route, command and query may use: built once per process. */
export interface AppContext {
  config: Config;
  db: Db;
  pool: pg.Pool;
  /**
   * Visitors' public reads: a read replica when DATABASE_READ_URL is set, else `db`. Never for
   * writes, the queue or a signed-in caller (who must see their own change at once).
   */
  readDb: Db;
  /** The job queue (pg-boss, in the same database). */
  boss: PgBoss;
  databaseUrl: string;
  log: Logger;
  /** The key that signs access tokens, shared by every API process through the database. */
  jwtKey: Uint8Array;
  startedAt: Date;
  /** Short-lived cache of expensive public reads (see PUBLIC_CACHE_SECONDS). */
  publicCache: TtlCache;
  /** Short-lived cache of operations-dashboard answers (see DASHBOARD_CACHE_SECONDS). */
  dashboardCache: TtlCache;
  /**
   * The newest public ideas' text as an in-memory index for searches (read from `readDb`); built
   * only where something calls `warm()` (the API), so workers carry none.
   */
  searchSlice: SearchSlice;
  /** The public list as sorted arrays in memory (read from `readDb`), built likewise only in the API. */
  publicListing: ListingCopy;
  /** Drops both caches when the data changes (PostgreSQL LISTEN/NOTIFY). */
  changes: ChangeListener;
}
