import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Config } from '../config';
import { ApiError } from '../errors';

// Login throttling in fixed windows held in PostgreSQL, so the limits hold across every API
// process: all attempts per client IP, failed attempts per account.

interface Window {
  key: string;
  limit: number;
  seconds: number;
}

function windows(config: Config, ip: string, email: string): { ip: Window; account: Window } {
  return {
    ip: { key: `login:ip:${ip}`, limit: config.loginMaxAttemptsPerIp, seconds: config.loginIpWindowSeconds },
    account: {
      key: `login:account:${email.toLowerCase()}`,
      limit: config.loginMaxFailuresPerAccount,
      seconds: config.loginAccountWindowSeconds,
    },
  };
}

function windowStart(seconds: number, now = Date.now()): Date {
  return new Date(Math.floor(now / (seconds * 1000)) * seconds * 1000);
}

async function hits(db: Db, w: Window): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_counters')
    .select('hits')
    .where('key', '=', w.key)
    .where('window_start', '=', windowStart(w.seconds))
    .executeTakeFirst();
  return row?.hits ?? 0;
}

async function hit(db: Db, w: Window): Promise<number> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key: w.key, window_start: windowStart(w.seconds), hits: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

function tooMany(w: Window, message: string): ApiError {
  const retryAfter = Math.max(1, Math.ceil((windowStart(w.seconds).getTime() + w.seconds * 1000 - Date.now()) / 1000));
  return new ApiError('RATE_LIMITED', `${message} Try again in ${retryAfter} seconds.`, undefined, {
    'Retry-After': String(retryAfter),
  });
}

/** Counts this attempt; refuses with 429 when the IP or the account is over its limit. */
export async function admitLoginAttempt(db: Db, config: Config, ip: string, email: string): Promise<void> {
  const w = windows(config, ip, email);
  if ((await hit(db, w.ip)) > w.ip.limit) throw tooMany(w.ip, 'Too many sign-in attempts from this address.');
  if ((await hits(db, w.account)) >= w.account.limit) {
    throw tooMany(w.account, 'Too many failed sign-in attempts for this account.');
  }
}

export async function recordLoginFailure(db: Db, config: Config, ip: string, email: string): Promise<void> {
  await hit(db, windows(config, ip, email).account);
}

export async function clearLoginFailures(db: Db, config: Config, ip: string, email: string): Promise<void> {
  await db
    .deleteFrom('rate_limit_counters')
    .where('key', '=', windows(config, ip, email).account.key)
    .execute();
}

/** Old windows are useless; dropped now and then so the table stays small. */
export async function pruneRateLimitCounters(db: Db): Promise<void> {
  await db
    .deleteFrom('rate_limit_counters')
    .where('window_start', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
