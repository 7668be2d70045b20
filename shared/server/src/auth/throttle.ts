import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { ApiError } from '../errors';

// Fixed-window counters in PostgreSQL, so limits hold across every API process. A call is
// counted before the work it guards (a password check), so parallel guesses cannot slip past.

export interface Limit {
  key: string;
  limit: number;
  seconds: number;
  message: string;
}

function windowStart(seconds: number, now = Date.now()): Date {
  return new Date(Math.floor(now / (seconds * 1000)) * seconds * 1000);
}

/** Counts one use of `limit.key`; refuses with 429 and Retry-After once over the limit. */
export async function consume(db: Db, limit: Limit): Promise<void> {
  const start = windowStart(limit.seconds);
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key: limit.key, window_start: start, hits: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (row.hits <= limit.limit) return;
  const retryAfter = Math.max(1, Math.ceil((start.getTime() + limit.seconds * 1000 - Date.now()) / 1000));
  throw new ApiError('RATE_LIMITED', `${limit.message} Try again in ${retryAfter} seconds.`, undefined, {
    'Retry-After': String(retryAfter),
  });
}

export async function resetLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
}

/** Old windows are useless; the server drops them now and then so the table stays small. */
export async function pruneRateLimitCounters(db: Db): Promise<void> {
  await db
    .deleteFrom('rate_limit_counters')
    .where('window_start', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}

export const limits = {
  loginFromIp: (c: Config, ip: string): Limit => ({
    key: `login:ip:${ip}`,
    limit: c.loginMaxAttemptsPerIp,
    seconds: c.loginIpWindowSeconds,
    message: 'Too many sign-in attempts from this address.',
  }),
  /** Password checks per account (sign-in, password change, email change); cleared on success. */
  passwordChecks: (c: Config, account: string): Limit => ({
    key: `password:${account.toLowerCase()}`,
    limit: c.loginMaxFailuresPerAccount,
    seconds: c.loginAccountWindowSeconds,
    message: 'Too many failed password attempts for this account.',
  }),
  registerFromIp: (c: Config, ip: string): Limit => ({
    key: `register:ip:${ip}`,
    limit: c.registerMaxPerIp,
    seconds: 3600,
    message: 'Too many accounts created from this address.',
  }),
};
