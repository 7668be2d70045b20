import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Tokens } from '@ideamine/shared/contract/auth';
import type { AppContext } from '../context';
import { inTransaction, type Db } from '../db/database';
import { ApiError } from '../errors';
import { signAccessToken } from './access-token';

// Sign-in sessions. Each session is a family of refresh tokens: every refresh uses up the token
// it presents and issues the next one; presenting a used token again means it was stolen, so the
// whole family (and its access tokens) is revoked.

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex');

async function issueTokens(ctx: AppContext, db: Db, userId: number, sessionId: string): Promise<Tokens> {
  const refresh = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ctx.config.refreshTokenTtlDays * 86_400_000);
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: hashToken(refresh), session_id: sessionId, expires_at: expiresAt })
    .execute();
  const access = await signAccessToken({ userId, sessionId }, ctx.jwtKey, ctx.config.accessTokenTtlSeconds);
  return {
    access_token: access.token,
    refresh_token: refresh,
    token_type: 'Bearer',
    expires_at: access.expiresAt.toISOString(),
  };
}

/** Starts a session; pass `db` to make it part of a larger transaction. */
export async function openSession(
  ctx: AppContext,
  userId: number,
  client: ClientInfo,
  db: Db = ctx.db,
): Promise<Tokens> {
  const sessionId = randomUUID();
  return inTransaction(db, async (trx) => {
    await trx
      .insertInto('sessions')
      .values({ id: sessionId, user_id: userId, ip: client.ip, user_agent: client.userAgent?.slice(0, 500) ?? null })
      .execute();
    return issueTokens(ctx, trx, userId, sessionId);
  });
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Db, userId: number, reason: string, exceptSessionId?: string) {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}

const refreshFailed = (message: string) => new ApiError('REFRESH_FAILED', message, 'refresh_token');

/** Uses up a refresh token and returns the next pair, or refuses with REFRESH_FAILED. */
export async function rotateRefreshToken(ctx: AppContext, raw: string): Promise<{ tokens: Tokens; userId: number }> {
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('refresh_tokens as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .leftJoin('users as u', 'u.id', 's.user_id')
      .select([
        't.token_hash',
        't.used_at',
        't.expires_at',
        's.id as session_id',
        's.revoked_at',
        's.user_id',
        'u.id as found_user',
      ])
      .where('t.token_hash', '=', hashToken(raw))
      .forUpdate('t')
      .executeTakeFirst();
    if (!row) return { error: 'Invalid refresh token' } as const;
    if (row.found_user === null) return { error: 'User not found' } as const;
    if (row.revoked_at) return { error: 'The session has ended; please sign in again' } as const;
    if (row.used_at) {
      await revokeSession(trx, row.session_id, 'refresh token reuse');
      return { error: 'Refresh token reuse detected; the session was revoked' } as const;
    }
    if (row.expires_at.getTime() < Date.now()) return { error: 'The refresh token has expired' } as const;
    await trx
      .updateTable('refresh_tokens')
      .set({ used_at: new Date() })
      .where('token_hash', '=', row.token_hash)
      .execute();
    return { tokens: await issueTokens(ctx, trx, row.user_id, row.session_id), userId: row.user_id } as const;
  });
  if ('error' in outcome) throw refreshFailed(outcome.error as string);
  return outcome;
}

/** The session a refresh token belongs to, used by logout when no access token names one. */
export async function sessionOfRefreshToken(
  db: Db,
  raw: string,
): Promise<{ sessionId: string; userId: number } | null> {
  const row = await db
    .selectFrom('refresh_tokens as t')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .select(['s.id', 's.user_id'])
    .where('t.token_hash', '=', hashToken(raw))
    .executeTakeFirst();
  return row ? { sessionId: row.id, userId: row.user_id } : null;
}
