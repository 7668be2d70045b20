import type { Middleware } from 'koa';
import type { AppContext } from '../context';
import { verifyAccessToken } from '../auth/access-token';
import { ApiError } from '../errors';
import { findUserOfSession, type UserRow } from '../queries/users';

export interface AuthState {
  user: UserRow;
  sessionId: string;
}

/**
 * Reads the Bearer token when one is sent. A bad, expired or revoked token is a 401 even on a
 * public route, so the client learns to refresh instead of silently browsing signed out.
 */
export function authenticate(app: AppContext): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    if (header) {
      const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
      if (!match) throw new ApiError('INVALID_TOKEN', 'The Authorization header must be "Bearer <access token>"');
      const claims = await verifyAccessToken(match[1]!, app.jwtKey);
      if (!claims) throw new ApiError('INVALID_TOKEN');
      const user = await findUserOfSession(app.db, claims.userId, claims.sessionId);
      if (!user) throw new ApiError('INVALID_TOKEN', 'The session has ended; please sign in again');
      ctx.state.auth = { user, sessionId: claims.sessionId } satisfies AuthState;
    }
    await next();
  };
}
