import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuredProviders } from '@ideamine/server/auth/oauth/providers';
import { loadConfig } from '@ideamine/server/config';
import { buildUser, signedInUser } from '@ideamine/server/test/factories';
import { startGithubServer, type GithubServer } from '../../test/github-server';
import { client } from '../../test/http';
import { followToCallback } from '../../test/oauth-browser';
import { startOidcServer, type OidcServer } from '../../test/oidc-server';
import { startTestServer, type TestServer } from '../../test/server';

// The whole sign-in flow over HTTP: our API, a real OpenID provider (oidc-provider) standing in
// for Google and for Apple, and a GitHub stand-in, all on loopback. Redirects are followed the
// way a browser would, up to the portal's callback page, whose query is handed to the API.

// The portal's origin: only ever a redirect target here, never fetched.
const PORTAL = 'http://127.0.0.1:4173';
const redirectUris = (p: string) => [`${PORTAL}/auth/${p}/callback`, `${PORTAL}/auth/${p}/link-callback`];

let server: TestServer;
let http: ReturnType<typeof client>;
let google: OidcServer;
let apple: OidcServer;
let github: GithubServer;

beforeAll(async () => {
  [google, apple, github] = await Promise.all([
    startOidcServer(redirectUris('google')),
    startOidcServer(redirectUris('apple')),
    startGithubServer(),
  ]);
  const { oauth } = loadConfig({
    OAUTH_REDIRECT_BASE_URL: PORTAL,
    OAUTH_GOOGLE_CLIENT_ID: google.clientId,
    OAUTH_GOOGLE_CLIENT_SECRET: google.clientSecret,
    OAUTH_GOOGLE_ISSUER: google.issuer,
    OAUTH_APPLE_CLIENT_ID: apple.clientId,
    OAUTH_APPLE_CLIENT_SECRET: apple.clientSecret,
    OAUTH_APPLE_ISSUER: apple.issuer,
    OAUTH_GITHUB_CLIENT_ID: github.clientId,
    OAUTH_GITHUB_CLIENT_SECRET: github.clientSecret,
    OAUTH_GITHUB_AUTHORIZE_URL: `${github.url}/login/oauth/authorize`,
    OAUTH_GITHUB_TOKEN_URL: `${github.url}/login/oauth/access_token`,
    OAUTH_GITHUB_API_URL: github.url,
  });
  server = await startTestServer({ oauth });
  http = client(server.url);
});
afterAll(async () => {
  await server?.close();
  await Promise.all([google?.close(), apple?.close(), github?.close()]);
});

type Provider = 'google' | 'github' | 'apple';
let seq = 0;
const unique = (prefix: string) => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

/** A provider account that does not exist yet; returns the id a test signs in with. */
function googleAccount(o: { email?: string; verified?: boolean } = {}, idp: OidcServer = google) {
  const sub = unique('sub');
  idp.accounts.set(sub, {
    sub,
    email: o.email ?? `${sub}@mail.example`,
    email_verified: o.verified ?? true,
    given_name: 'Grace',
    family_name: 'Hopper',
  });
  return sub;
}

function githubAccount(o: { publicEmail?: boolean } = {}) {
  const login = unique('octo');
  const id = 1_000_000 + seq;
  github.users.set(login, {
    id,
    login,
    name: 'Mona Lisa Octocat',
    email: o.publicEmail ? `${login}@public.example` : null,
    emails: [
      { email: `${login}@old.example`, primary: false, verified: false },
      { email: `${login}@private.example`, primary: true, verified: true },
    ],
  });
  return { login, id };
}

/** Starts an authorization and plays the browser up to the portal page; returns what it got. */
async function authorize(provider: Provider, account: string, o: { token?: string; mode?: 'link' } = {}) {
  const start = await http.get(`/api/v1/auth/oauth/${provider}/auth${o.mode ? `?mode=${o.mode}` : ''}`, {
    token: o.token,
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const authUrl = new URL(start.body.data.auth_url);
  authUrl.searchParams.set(provider === 'github' ? 'login' : 'login_hint', account);
  const landed = await followToCallback(authUrl.href, `${PORTAL}/auth/${provider}/`, server.url);
  return { state: start.body.data.state as string, authUrl, landed };
}

const callback = (provider: Provider, search: string) => http.get(`/api/v1/auth/oauth/${provider}/callback${search}`);

async function signIn(provider: Provider, account: string) {
  const { landed } = await authorize(provider, account);
  expect(landed.pathname).toBe(`/auth/${provider}/callback`);
  return callback(provider, landed.search);
}

/** The link body from the portal's link-callback page. */
const linkBody = (landed: URL) => Object.fromEntries(landed.searchParams);

describe('providers and status', () => {
  it('lists the configured providers in a fixed order', async () => {
    const res = await http.get('/api/v1/auth/oauth/providers');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { provider: 'google', name: 'Google' },
      { provider: 'github', name: 'GitHub' },
      { provider: 'apple', name: 'Apple' },
    ]);
  });

  it('counts a provider as configured only with both a client id and a secret', () => {
    const c = loadConfig({
      OAUTH_GOOGLE_CLIENT_ID: 'id-only',
      OAUTH_GITHUB_CLIENT_ID: 'gh',
      OAUTH_GITHUB_CLIENT_SECRET: 'gh-secret',
    });
    expect(configuredProviders(c)).toEqual(['github']);
    expect(configuredProviders(loadConfig({}))).toEqual([]);
  });

  it('refuses plain http endpoints except on loopback', () => {
    expect(() => loadConfig({ OAUTH_GOOGLE_ISSUER: 'http://accounts.example' })).toThrow(/OAUTH_GOOGLE_ISSUER.*https/);
    expect(loadConfig({ OAUTH_GITHUB_API_URL: 'http://127.0.0.1:9999/' }).oauth.github.apiUrl).toBe(
      'http://127.0.0.1:9999',
    );
  });

  it('tells an anonymous caller what is offered, and a signed-in one what is linked', async () => {
    const anonymous = await http.get('/api/v1/auth/oauth/status');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data).toMatchObject({ signed_in: false, has_password: null });
    expect(anonymous.body.data.providers).toContainEqual({
      provider: 'github',
      name: 'GitHub',
      configured: true,
      linked: null,
    });
    const { token } = await signedInUser(server.app);
    const mine = await http.get('/api/v1/auth/oauth/status', { token });
    expect(mine.body.data).toMatchObject({ signed_in: true, has_password: true });
    expect(mine.body.data.providers.map((p: { linked: boolean }) => p.linked)).toEqual([false, false, false]);
  });
});

describe('starting an authorization', () => {
  it('returns the provider URL with PKCE (S256), a nonce for OpenID providers, and a long random state', async () => {
    const res = await http.get('/api/v1/auth/oauth/google/auth');
    expect(res.status).toBe(200);
    const url = new URL(res.body.data.auth_url);
    expect(url.origin).toBe(google.issuer);
    expect(url.searchParams.get('state')).toBe(res.body.data.state);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${PORTAL}/auth/google/callback`);
    expect(Buffer.from(res.body.data.state, 'base64url').length).toBeGreaterThanOrEqual(16);

    const gh = await http.get('/api/v1/auth/oauth/github/auth');
    const ghUrl = new URL(gh.body.data.auth_url);
    expect(ghUrl.href.startsWith(`${github.url}/login/oauth/authorize?`)).toBe(true);
    expect(ghUrl.searchParams.get('nonce')).toBeNull();
    expect(ghUrl.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('sends linking to the link-callback page, and only for a signed-in caller', async () => {
    const anonymous = await http.get('/api/v1/auth/oauth/github/auth?mode=link');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');
    const { token } = await signedInUser(server.app);
    const res = await http.get('/api/v1/auth/oauth/github/auth?mode=link', { token });
    expect(res.status).toBe(200);
    expect(new URL(res.body.data.auth_url).searchParams.get('redirect_uri')).toBe(
      `${PORTAL}/auth/github/link-callback`,
    );
  });

  it.each([
    ['/api/v1/auth/oauth/facebook/auth', 'provider', 'provider must be one of google, github, apple'],
    ['/api/v1/auth/oauth/google/auth?mode=popup', 'mode', 'mode must be one of signin, link'],
    ['/api/v1/auth/oauth/google/auth?extra=1', 'extra', "Unknown field 'extra'"],
    ['/api/v1/auth/oauth/google/callback?state=abc', 'code', 'code is required'],
    ['/api/v1/auth/oauth/google/callback?code=abc', 'state', 'state is required'],
    ['/api/v1/auth/oauth/myspace/callback?code=a&state=b', 'provider', 'provider must be one of'],
  ])('refuses %s with a 400 naming %s', async (path, field, message) => {
    const res = await http.get(path);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect(res.body.error.message).toContain(message);
  });
});

describe('signing in', () => {
  it('creates a trial account on the first sign-in, with tokens that work, and finds it again', async () => {
    const sub = googleAccount();
    const res = await signIn('google', sub);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { user, tokens } = res.body.data;
    expect(user).toMatchObject({
      email: `${sub}@mail.example`,
      email_verified: true,
      role: 'trial',
      google_id: sub,
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    expect(user.username).toMatch(/^[a-z0-9_.-]{3,30}$/);
    expect(new Date(user.trial_expires_at).getTime()).toBeGreaterThan(Date.now());
    const me = await http.get('/api/v1/auth/me', { token: tokens.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(user.id);
    const row = await server.app.db
      .selectFrom('users')
      .select(['password_hash', 'google_linked_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(row.google_linked_at).toBeInstanceOf(Date);

    const again = await signIn('google', sub);
    expect(again.status).toBe(200);
    expect(again.body.data.user.id).toBe(user.id);
    expect(again.body.data.tokens.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('signs in with Apple, whose answer comes back as a form post', async () => {
    const sub = googleAccount({}, apple);
    const { authUrl } = await authorize('apple', googleAccount({}, apple));
    expect(authUrl.searchParams.get('response_mode')).toBe('form_post');
    const res = await signIn('apple', sub);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.user).toMatchObject({ apple_id: sub, google_id: null });
  });

  it('signs in with GitHub, reading a private email from /user/emails', async () => {
    const { login, id } = githubAccount();
    const res = await signIn('github', login);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.user).toMatchObject({
      github_id: String(id),
      email: `${login}@private.example`,
      email_verified: true,
      first_name: 'Mona',
      last_name: 'Lisa Octocat',
    });
    const pub = githubAccount({ publicEmail: true });
    const second = await signIn('github', pub.login);
    expect(second.body.data.user.email).toBe(`${pub.login}@public.example`);
  });

  it('gives a new account a free username when the email-derived one is taken', async () => {
    const sub = googleAccount({ email: 'taken.name@mail.example' });
    await buildUser(server.app, { username: 'taken.name' });
    const res = await signIn('google', sub);
    expect(res.status).toBe(200);
    expect(res.body.data.user.username).toMatch(/^taken\.name_[0-9a-f]{4}$/);
  });

  it('links to the existing account with the same verified email, and audits it', async () => {
    const existing = await buildUser(server.app, { email: `${unique('ada')}@example.test` });
    const sub = googleAccount({ email: existing.email.toUpperCase() });
    const res = await signIn('google', sub);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: existing.id, google_id: sub, email_verified: true });
    const audit = await server.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'oauth.link')
      .where('entity_id', '=', String(existing.id))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('does not link on an unverified email: 409, and nothing changes', async () => {
    const existing = await buildUser(server.app, { email: `${unique('eve')}@example.test` });
    const sub = googleAccount({ email: existing.email, verified: false });
    const res = await signIn('google', sub);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'CONFLICT', field: 'email' });
    expect(res.body.error.message).toContain('link Google from your profile');
    const row = await server.app.db
      .selectFrom('users')
      .select('google_id')
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(row.google_id).toBeNull();
  });
});

describe('state checks', () => {
  it('refuses a replayed callback: the state is used up', async () => {
    const { landed } = await authorize('google', googleAccount());
    expect((await callback('google', landed.search)).status).toBe(200);
    const replay = await callback('google', landed.search);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatchObject({ code: 'OAUTH_STATE_INVALID', field: 'state' });
    expect(replay.body.error.message).toContain('already used');
  });

  it('refuses a forged state', async () => {
    const { landed } = await authorize('github', githubAccount().login);
    const forged = new URLSearchParams(landed.search);
    forged.set('state', 'x'.repeat(43));
    const res = await callback('github', `?${forged}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('OAUTH_STATE_INVALID');
  });

  it("refuses another provider's state", async () => {
    const { landed } = await authorize('google', googleAccount());
    const res = await callback('apple', landed.search);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('OAUTH_STATE_INVALID');
    expect(res.body.error.message).toBe('state was issued for Google, not Apple');
  });

  it('refuses an expired state', async () => {
    const { landed, state } = await authorize('github', githubAccount().login);
    await server.app.db
      .updateTable('oauth_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const res = await callback('github', landed.search);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('expired');
    expect(state).toBeTruthy();
  });

  it('refuses a link state at the sign-in callback', async () => {
    const { token } = await signedInUser(server.app);
    const { landed } = await authorize('github', githubAccount().login, { token, mode: 'link' });
    const res = await callback('github', landed.search);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('state was issued for linking an account, not for signing in');
  });

  it('answers a declined authorization with 400 and uses the state up', async () => {
    const start = await http.get('/api/v1/auth/oauth/google/auth');
    const declined = await callback('google', `?error=access_denied&state=${start.body.data.state}`);
    expect(declined.status).toBe(400);
    expect(declined.body.error.code).toBe('OAUTH_CODE_INVALID');
    expect(declined.body.error.message).toContain('access_denied');
    const retry = await callback('google', `?code=abc&state=${start.body.data.state}`);
    expect(retry.body.error.message).toContain('already used');
  });

  it('refuses a code the provider does not accept with 400, not 5xx', async () => {
    const gh = await authorize('github', githubAccount().login);
    const bad = new URLSearchParams(gh.landed.search);
    bad.set('code', 'not-the-code');
    const ghRes = await callback('github', `?${bad}`);
    expect(ghRes.status).toBe(400);
    expect(ghRes.body.error).toMatchObject({ code: 'OAUTH_CODE_INVALID', field: 'code' });

    const g = await authorize('google', googleAccount());
    const badG = new URLSearchParams(g.landed.search);
    badG.set('code', 'not-the-code');
    const gRes = await callback('google', `?${badG}`);
    expect(gRes.status).toBe(400);
    expect(gRes.body.error.code).toBe('OAUTH_CODE_INVALID');
  });

  it('refuses an iss that is not the provider asked (RFC 9207)', async () => {
    const { landed } = await authorize('google', googleAccount());
    const mixed = new URLSearchParams(landed.search);
    expect(mixed.get('iss')).toBe(google.issuer);
    mixed.set('iss', apple.issuer);
    const res = await callback('google', `?${mixed}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'iss' });
  });

  it('answers a provider failure with 502 and a clear message', async () => {
    const { landed } = await authorize('github', githubAccount().login);
    github.failTokenEndpoint = true;
    try {
      const res = await callback('github', landed.search);
      expect(res.status).toBe(502);
      expect(res.body.error).toMatchObject({
        code: 'OAUTH_PROVIDER_ERROR',
        message: 'GitHub gave an unexpected answer; please try again later',
      });
    } finally {
      github.failTokenEndpoint = false;
    }
  });
});

describe('linked accounts', () => {
  it('links, lists and unlinks a provider, auditing both', async () => {
    const { token, user } = await signedInUser(server.app);
    const { login, id } = githubAccount();
    const { landed } = await authorize('github', login, { token, mode: 'link' });
    expect(landed.pathname).toBe('/auth/github/link-callback');
    const linked = await http.post('/api/v1/auth/me/oauth-accounts/github/link', linkBody(landed), { token });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.data).toMatchObject({ provider: 'github', provider_user_id: String(id) });
    expect(new Date(linked.body.data.linked_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const list = await http.get('/api/v1/auth/me/oauth-accounts', { token });
    expect(list.body.data).toEqual([linked.body.data]);
    const status = await http.get('/api/v1/auth/oauth/status', { token });
    expect(status.body.data.providers.find((p: { provider: string }) => p.provider === 'github').linked).toBe(true);
    // The linked GitHub account now signs in to this user.
    expect((await signIn('github', login)).body.data.user.id).toBe(user.id);

    const unlinked = await http.del('/api/v1/auth/me/oauth-accounts/github', { token });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.data.message).toBe('GitHub account unlinked');
    expect((await http.get('/api/v1/auth/me/oauth-accounts', { token })).body.data).toEqual([]);
    const again = await http.del('/api/v1/auth/me/oauth-accounts/github', { token });
    expect(again.status).toBe(404);

    const actions = await server.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', String(user.id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['oauth.link', 'oauth.unlink']);
  });

  it('refuses to unlink the last way to sign in, until there is another', async () => {
    const signedIn = await signIn('google', googleAccount());
    const token = signedIn.body.data.tokens.access_token;
    const refused = await http.del('/api/v1/auth/me/oauth-accounts/google', { token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', field: 'provider' });
    expect(refused.body.error.message).toContain('only way to sign in');

    const { landed } = await authorize('apple', googleAccount({}, apple), { token, mode: 'link' });
    const linked = await http.post('/api/v1/auth/me/oauth-accounts/apple/link', linkBody(landed), { token });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect((await http.del('/api/v1/auth/me/oauth-accounts/google', { token })).status).toBe(200);
    expect((await http.del('/api/v1/auth/me/oauth-accounts/apple', { token })).status).toBe(409);
  });

  it('refuses with 409 to link a provider account that belongs to someone else', async () => {
    const sub = googleAccount();
    const owner = await signIn('google', sub);
    expect(owner.status).toBe(200);
    const { token, user } = await signedInUser(server.app);
    const { landed } = await authorize('google', sub, { token, mode: 'link' });
    const res = await http.post('/api/v1/auth/me/oauth-accounts/google/link', linkBody(landed), { token });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This Google account is already linked to another user');
    const row = await server.app.db
      .selectFrom('users')
      .select('google_id')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.google_id).toBeNull();
  });

  it('refuses a link state issued to another user, and a sign-in state at the link route', async () => {
    const alice = await signedInUser(server.app);
    const bob = await signedInUser(server.app);
    const { landed } = await authorize('github', githubAccount().login, { token: alice.token, mode: 'link' });
    const stolen = await http.post('/api/v1/auth/me/oauth-accounts/github/link', linkBody(landed), {
      token: bob.token,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toMatchObject({
      code: 'OAUTH_STATE_INVALID',
      message: 'state was issued to another user',
    });

    const signinFlow = await authorize('github', githubAccount().login);
    const wrongMode = await http.post('/api/v1/auth/me/oauth-accounts/github/link', linkBody(signinFlow.landed), {
      token: alice.token,
    });
    expect(wrongMode.status).toBe(400);
    expect(wrongMode.body.error.code).toBe('OAUTH_STATE_INVALID');
  });

  it('validates the link body and needs a signed-in caller', async () => {
    const { token } = await signedInUser(server.app);
    const missing = await http.post('/api/v1/auth/me/oauth-accounts/github/link', { state: 'abc' }, { token });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ field: 'code', message: 'code is required' });
    const anonymous = await http.post('/api/v1/auth/me/oauth-accounts/github/link', { code: 'a', state: 'b' });
    expect(anonymous.status).toBe(401);
    const unknown = await http.del('/api/v1/auth/me/oauth-accounts/twitter', { token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.field).toBe('provider');
  });
});

describe('a server offering fewer providers', () => {
  let partial: TestServer;
  let partialHttp: ReturnType<typeof client>;

  beforeAll(async () => {
    // Google points at a loopback port nobody listens on: discovery fails when first needed.
    const closed = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => closed.once('listening', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { oauth } = loadConfig({
      OAUTH_GOOGLE_CLIENT_ID: 'g',
      OAUTH_GOOGLE_CLIENT_SECRET: 'g-secret',
      OAUTH_GOOGLE_ISSUER: `http://127.0.0.1:${deadPort}`,
      OAUTH_GITHUB_CLIENT_ID: 'gh',
      OAUTH_GITHUB_CLIENT_SECRET: 'gh-secret',
    });
    partial = await startTestServer({ oauth });
    partialHttp = client(partial.url);
  });
  afterAll(() => partial?.close());

  it('lists only the configured ones and answers 404 for the others', async () => {
    const list = await partialHttp.get('/api/v1/auth/oauth/providers');
    expect(list.body.data.map((p: { provider: string }) => p.provider)).toEqual(['google', 'github']);
    const apple = await partialHttp.get('/api/v1/auth/oauth/apple/auth');
    expect(apple.status).toBe(404);
    expect(apple.body.error).toMatchObject({
      code: 'OAUTH_NOT_CONFIGURED',
      message: 'Sign-in with Apple is not configured on this server',
    });
  });

  it('answers 502 when the provider cannot be reached, and leaves no state behind', async () => {
    const res = await partialHttp.get('/api/v1/auth/oauth/google/auth');
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({
      code: 'OAUTH_PROVIDER_ERROR',
      message: 'Google could not be reached; please try again later',
    });
    const states = await partial.app.db.selectFrom('oauth_states').select('state_hash').execute();
    expect(states).toHaveLength(0);
  });
});
