import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Tokens } from '@ideamine/shared/contract/auth';
import type { AppContext } from '../context';
import { inTransaction, type Db } from '../db/database';
import { ApiError } from '../errors';
import { signAccessToken } from './access-token';
import { seal, unseal } from './seal';

// Sign-in sessions. Each session is a family of refresh tokens: every refresh uses up the token
// it presents and issues the next one; presenting a used token again means it was stolen, so the
// whole family (and its access tokens) is revoked. One exception: for REFRESH_GRACE_MS after a
// rotation, the used token answers with the very pair it was rotated into, as long as that pair
// has not been used itself. Two tabs of one browser refreshing at the same moment present the
// same token; the second one gets what the first got instead of ending the session for both.

export const REFRESH_GRACE_MS = 10_000;
const SEAL_PURPOSE = 'refresh-successor';

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
        't.successor_hash',
        't.successor_sealed',
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
      const again = await successorInGrace(ctx, trx, row);
      if (again) return { tokens: again, userId: row.user_id } as const;
      await revokeSession(trx, row.session_id, 'refresh token reuse');
      return { error: 'Refresh token reuse detected; the session was revoked' } as const;
    }
    if (row.expires_at.getTime() < Date.now()) return { error: 'The refresh token has expired' } as const;
    const tokens = await issueTokens(ctx, trx, row.user_id, row.session_id);
    await trx
      .updateTable('refresh_tokens')
      .set({
        used_at: new Date(),
        successor_hash: hashToken(tokens.refresh_token),
        successor_sealed: seal(ctx.jwtKey, SEAL_PURPOSE, JSON.stringify(tokens)),
      })
      .where('token_hash', '=', row.token_hash)
      .execute();
    // The sealed pairs of this session's older rotations are past their grace: nothing keeps them.
    await trx
      .updateTable('refresh_tokens')
      .set({ successor_sealed: null })
      .where('session_id', '=', row.session_id)
      .where('token_hash', '!=', row.token_hash)
      .where('successor_sealed', 'is not', null)
      .where('used_at', '<', new Date(Date.now() - REFRESH_GRACE_MS))
      .execute();
    return { tokens, userId: row.user_id } as const;
  });
  if ('error' in outcome) throw refreshFailed(outcome.error as string);
  return outcome;
}

/**
 * The pair a used token was rotated into, when the token was used less than REFRESH_GRACE_MS ago
 * and that pair is still unused; otherwise null (reuse detection applies).
 */
async function successorInGrace(
  ctx: AppContext,
  trx: Db,
  row: { used_at: Date | null; successor_hash: string | null; successor_sealed: string | null },
): Promise<Tokens | null> {
  if (!row.used_at || !row.successor_hash || !row.successor_sealed) return null;
  if (Date.now() - row.used_at.getTime() > REFRESH_GRACE_MS) return null;
  const successor = await trx
    .selectFrom('refresh_tokens')
    .select('used_at')
    .where('token_hash', '=', row.successor_hash)
    .executeTakeFirst();
  if (!successor || successor.used_at) return null;
  const plain = unseal(ctx.jwtKey, SEAL_PURPOSE, row.successor_sealed);
  return plain ? (JSON.parse(plain) as Tokens) : null;
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
