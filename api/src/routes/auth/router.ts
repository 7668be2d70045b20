import {
  authResultSchema,
  changePasswordBody,
  loginBody,
  logoutBody,
  refreshBody,
  registerBody,
  updateMeBody,
} from '@ideamine/shared/contract/auth';
import { messageSchema } from '@ideamine/shared/contract/common';
import { userSchema } from '@ideamine/shared/contract/users';
import { PUBLIC, SIGNED_IN } from '@ideamine/shared/permissions';
import { dummyPasswordHash, hashPassword, verifyPassword } from '@ideamine/server/auth/password';
import { consume, limits, resetLimit } from '@ideamine/server/auth/throttle';
import { openSession, revokeSession, rotateRefreshToken, sessionOfRefreshToken } from '@ideamine/server/auth/sessions';
import { changePassword } from '@ideamine/server/commands/change-password';
import { registerUser } from '@ideamine/server/commands/register-user';
import { updateProfile } from '@ideamine/server/commands/update-profile';
import { ApiError } from '@ideamine/server/errors';
import { presentUser } from '../../presenters/user';
import { findUserByEmailOrUsername, findUserById } from '@ideamine/server/queries/users';
import { defineRoute, ok } from '../define';

const tag = 'Auth';

export const authRoutes = [
  defineRoute({
    id: 'auth.register',
    method: 'POST',
    path: '/auth/register',
    summary: 'Create an account (a trial) and sign in',
    tag,
    requirement: PUBLIC,
    body: registerBody,
    response: authResultSchema,
    successStatus: 201,
    handler: async ({ app, body, client }) => {
      await consume(app.db, limits.registerFromIp(app.config, client.ip ?? 'unknown'));
      const passwordHash = await hashPassword(body.password);
      return app.db.transaction().execute(async (trx) => {
        const user = await registerUser(trx, body, passwordHash);
        const tokens = await openSession(app, user.id, client, trx);
        return ok({ tokens, user: presentUser(user) });
      });
    },
  }),

  defineRoute({
    id: 'auth.login',
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with email (or username) and password',
    tag,
    requirement: PUBLIC,
    body: loginBody,
    response: authResultSchema,
    handler: async ({ app, body, client }) => {
      await consume(app.db, limits.loginFromIp(app.config, client.ip ?? 'unknown'));
      const login = body.email.toLowerCase();
      const user = await findUserByEmailOrUsername(app.db, login);
      // Counted before the check, keyed on the account itself, so neither parallel guesses nor
      // switching between email and username get more tries.
      const accountLimit = limits.passwordChecks(app.config, user ? `user:${user.id}` : `login:${login}`);
      await consume(app.db, accountLimit);
      const valid = await verifyPassword(body.password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || !valid) throw new ApiError('INVALID_CREDENTIALS');
      await resetLimit(app.db, accountLimit.key);
      const tokens = await openSession(app, user.id, client);
      return ok({ tokens, user: presentUser(user) });
    },
  }),

  defineRoute({
    id: 'auth.logout',
    method: 'POST',
    path: '/auth/logout',
    summary: 'End a session: the one of the access token sent, and/or the one the refresh token belongs to',
    tag,
    requirement: PUBLIC,
    body: logoutBody,
    response: messageSchema,
    handler: async ({ app, auth, body }) => {
      // Holding the refresh token is proof enough, so an expired access token can still sign out.
      const fromRefresh = body.refresh_token ? await sessionOfRefreshToken(app.db, body.refresh_token) : null;
      if (!auth && !fromRefresh) {
        throw new ApiError('VALIDATION_ERROR', 'Send a valid refresh_token or an access token', 'refresh_token');
      }
      if (auth) await revokeSession(app.db, auth.sessionId, 'logout');
      if (fromRefresh) await revokeSession(app.db, fromRefresh.sessionId, 'logout');
      return ok({ message: 'Signed out' });
    },
  }),

  defineRoute({
    id: 'auth.refresh',
    method: 'POST',
    path: '/auth/refresh',
    summary: 'Exchange a refresh token for a new token pair (the old refresh token is used up)',
    tag,
    requirement: PUBLIC,
    body: refreshBody,
    response: authResultSchema,
    handler: async ({ app, body }) => {
      const { tokens, userId } = await rotateRefreshToken(app, body.refresh_token);
      const user = await findUserById(app.db, userId);
      if (!user) throw new ApiError('REFRESH_FAILED', 'User not found', 'refresh_token');
      return ok({ tokens, user: presentUser(user) });
    },
  }),

  defineRoute({
    id: 'auth.me',
    method: 'GET',
    path: '/auth/me',
    summary: 'The signed-in user',
    tag,
    requirement: SIGNED_IN,
    response: userSchema,
    handler: async ({ auth }) => ok(presentUser(auth!.user)),
  }),

  defineRoute({
    id: 'auth.me.update',
    method: 'PUT',
    path: '/auth/me',
    summary: "Update the signed-in user's profile",
    tag,
    requirement: SIGNED_IN,
    body: updateMeBody,
    response: userSchema,
    handler: async ({ app, auth, body }) => ok(presentUser(await updateProfile(app, auth!.user, body))),
  }),

  defineRoute({
    id: 'auth.change_password',
    method: 'POST',
    path: '/auth/change-password',
    summary: 'Change the password; every other session is signed out',
    tag,
    requirement: SIGNED_IN,
    body: changePasswordBody,
    response: messageSchema,
    handler: async ({ app, auth, body }) => {
      await changePassword(app, auth!.user, auth!.sessionId, body);
      return ok({ message: 'Password changed' });
    },
  }),
];
