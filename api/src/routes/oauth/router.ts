import type { Logger } from 'pino';
import { z } from 'zod';
import { authResultSchema } from '@ideamine/shared/contract/auth';
import { messageSchema } from '@ideamine/shared/contract/common';
import {
  OAUTH_PROVIDER_NAMES,
  oauthAccountSchema,
  oauthAuthQuery,
  oauthAuthStartSchema,
  oauthCallbackQuery,
  oauthLinkBody,
  oauthProviderParam,
  oauthProviderSchema,
  oauthStatusSchema,
  type OAuthCallbackQuery,
  type OAuthProvider,
} from '@ideamine/shared/contract/oauth';
import { PUBLIC, SIGNED_IN } from '@ideamine/shared/permissions';
import { authorizationUrl, exchangeCode, newSecrets } from '@ideamine/server/auth/oauth/client';
import { callProvider } from '@ideamine/server/auth/oauth/provider-errors';
import { configuredProviders, redirectUriFor, requireConfigured } from '@ideamine/server/auth/oauth/providers';
import { newState, saveState, takeState, type PendingAuthorization } from '@ideamine/server/auth/oauth/state';
import { consume, limits } from '@ideamine/server/auth/throttle';
import { linkProvider, unlinkProvider } from '@ideamine/server/commands/oauth-links';
import { signInWithProvider } from '@ideamine/server/commands/oauth-sign-in';
import { ApiError } from '@ideamine/server/errors';
import { presentOAuthAccount, presentOAuthAccounts, presentOAuthStatus } from '../../presenters/oauth-account';
import { presentUser } from '../../presenters/user';
import { defineRoute, ok, type RouteInput } from '../define';

// Sign-in with Google, GitHub and Apple. The portal asks for an authorization URL, sends the
// user there, and hands the code and state it gets back to the callback (sign-in) or to the link
// route (signed in). States are single-use and bound to provider, purpose and user.

const tag = 'Auth';

const logOf = (input: Pick<RouteInput<unknown, unknown, unknown>, 'koa' | 'app'>): Logger =>
  (input.koa.state.log as Logger | undefined) ?? input.app.log;

export const oauthRoutes = [
  defineRoute({
    id: 'oauth.providers',
    method: 'GET',
    path: '/auth/oauth/providers',
    summary: 'The sign-in providers this server offers',
    tag,
    requirement: PUBLIC,
    response: z.array(oauthProviderSchema),
    handler: async ({ app }) =>
      ok(configuredProviders(app.config).map((provider) => ({ provider, name: OAUTH_PROVIDER_NAMES[provider] }))),
  }),

  defineRoute({
    id: 'oauth.status',
    method: 'GET',
    path: '/auth/oauth/status',
    summary: 'Every provider: whether it is offered and, when signed in, whether it is linked',
    tag,
    requirement: PUBLIC,
    response: oauthStatusSchema,
    handler: async ({ app, auth }) => ok(presentOAuthStatus(configuredProviders(app.config), auth?.user ?? null)),
  }),

  defineRoute({
    id: 'oauth.authorize',
    method: 'GET',
    path: '/auth/oauth/:provider/auth',
    summary: "Start signing in (or, signed in, linking) with a provider: returns the provider's URL",
    tag,
    requirement: PUBLIC,
    params: oauthProviderParam,
    query: oauthAuthQuery,
    response: oauthAuthStartSchema,
    handler: async (input) => {
      const { app, auth, client, params, query } = input;
      const { provider } = params;
      requireConfigured(app.config, provider);
      if (query.mode === 'link' && !auth) {
        throw (
          (input.koa.state.authError as ApiError | undefined) ??
          new ApiError('UNAUTHENTICATED', 'Sign in first to link an account')
        );
      }
      // Each start stores a row: counted like sign-in attempts so nobody can fill the table.
      await consume(app.db, limits.loginFromIp(app.config, client.ip ?? 'unknown'));
      const pending: PendingAuthorization = {
        provider,
        mode: query.mode,
        userId: query.mode === 'link' ? auth!.user.id : null,
        redirectUri: redirectUriFor(app.config, provider, query.mode),
        ...newSecrets(provider),
      };
      const state = newState();
      // The URL first: a provider that cannot be discovered leaves no state behind.
      const authUrl = await callProvider(logOf(input), provider, () => authorizationUrl(app.config, pending, state));
      await saveState(app.db, state, pending);
      return ok({ auth_url: authUrl, state });
    },
  }),

  defineRoute({
    id: 'oauth.callback',
    method: 'GET',
    path: '/auth/oauth/:provider/callback',
    summary: 'Finish signing in with a provider: the code and state it sent back; returns tokens and user',
    tag,
    requirement: PUBLIC,
    params: oauthProviderParam,
    query: oauthCallbackQuery,
    response: authResultSchema,
    handler: async (input) => {
      const { app, client, params, query, requestId } = input;
      const { provider } = params;
      requireConfigured(app.config, provider);
      if (!query.code && !query.error) throw new ApiError('VALIDATION_ERROR', 'code is required', 'code');
      await consume(app.db, limits.loginFromIp(app.config, client.ip ?? 'unknown'));
      const pending = await takeState(app.db, query.state, { provider, mode: 'signin' });
      const code = codeOf(provider, query);
      const profile = await callProvider(logOf(input), provider, () =>
        exchangeCode(app.config, pending, { code, state: query.state, iss: query.iss }),
      );
      const { user, tokens } = await signInWithProvider(app, { provider, profile, client, requestId });
      return ok({ tokens, user: presentUser(user) });
    },
  }),

  defineRoute({
    id: 'oauth.accounts',
    method: 'GET',
    path: '/auth/me/oauth-accounts',
    summary: "The signed-in user's linked provider accounts",
    tag,
    requirement: SIGNED_IN,
    response: z.array(oauthAccountSchema),
    handler: async ({ auth }) => ok(presentOAuthAccounts(auth!.user)),
  }),

  defineRoute({
    id: 'oauth.link',
    method: 'POST',
    path: '/auth/me/oauth-accounts/:provider/link',
    summary: 'Link a provider account: the code and state of an authorization started with mode=link',
    tag,
    requirement: SIGNED_IN,
    params: oauthProviderParam,
    body: oauthLinkBody,
    response: oauthAccountSchema,
    handler: async (input) => {
      const { app, auth, body, client, params, requestId } = input;
      const { provider } = params;
      requireConfigured(app.config, provider);
      const userId = auth!.user.id;
      const pending = await takeState(app.db, body.state, { provider, mode: 'link', userId });
      const profile = await callProvider(logOf(input), provider, () => exchangeCode(app.config, pending, body));
      const user = await linkProvider(app.db, { userId, provider, subject: profile.subject, ip: client.ip, requestId });
      return ok(presentOAuthAccount(user, provider)!);
    },
  }),

  defineRoute({
    id: 'oauth.unlink',
    method: 'DELETE',
    path: '/auth/me/oauth-accounts/:provider',
    summary: 'Unlink a provider account (refused when it is the only way left to sign in)',
    tag,
    requirement: SIGNED_IN,
    params: oauthProviderParam,
    response: messageSchema,
    handler: async ({ app, auth, client, params, requestId }) => {
      const { provider } = params;
      await unlinkProvider(app.db, { userId: auth!.user.id, provider, ip: client.ip, requestId });
      return ok({ message: `${OAUTH_PROVIDER_NAMES[provider]} account unlinked` });
    },
  }),
];

/** The code, or (the state used up) why there is none: the provider sends `error` when the user declined. */
function codeOf(provider: OAuthProvider, query: OAuthCallbackQuery): string {
  if (query.error || !query.code) {
    throw new ApiError(
      'OAUTH_CODE_INVALID',
      `${OAUTH_PROVIDER_NAMES[provider]} did not complete the sign-in (${query.error ?? 'no code'}); please start again`,
      'error',
    );
  }
  return query.code;
}
