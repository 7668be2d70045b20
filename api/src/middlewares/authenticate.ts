import type { Middleware } from 'koa';
import type { AppContext } from '@ideamine/server/context';
import { verifyAccessToken } from '@ideamine/server/auth/access-token';
import { ApiError } from '@ideamine/server/errors';
import { findUserOfSession, type UserRow } from '@ideamine/server/queries/users';

export interface AuthState {
  user: UserRow;
  sessionId: string;
}

/**
 * Reads the Bearer token when one is sent. A bad, expired or revoked token is kept as
 * `authError`: routes that need a user answer it with 401 (so the client refreshes), public
 * routes treat the caller as anonymous (so refresh and login work with a stale token around).
 */
export function authenticate(app: AppContext): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    if (header) {
      const result = await resolve(app, header);
      if (result instanceof ApiError) ctx.state.authError = result;
      else ctx.state.auth = result;
    }
    await next();
  };
}

async function resolve(app: AppContext, header: string): Promise<AuthState | ApiError> {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
  if (!match) return new ApiError('INVALID_TOKEN', 'The Authorization header must be "Bearer <access token>"');
  const claims = await verifyAccessToken(match[1]!, app.jwtKey);
  if (!claims) return new ApiError('INVALID_TOKEN');
  const user = await findUserOfSession(app.db, claims.userId, claims.sessionId);
  if (!user) return new ApiError('INVALID_TOKEN', 'The session has ended; please sign in again');
  return { user, sessionId: claims.sessionId };
}
