import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_GRACE_MS } from '@ideamine/server/auth/sessions';
import { client } from '../../test/http';
import { buildUser, signedInUser, TEST_PASSWORD } from '@ideamine/server/test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({ loginMaxFailuresPerAccount: 3, loginAccountWindowSeconds: 86_400 });
  http = client(server.url);
});
afterAll(() => server.close());

const register = (over: Record<string, unknown> = {}) =>
  http.post('/api/v1/auth/register', {
    email: `new-${Math.random().toString(36).slice(2)}@example.test`,
    username: `u${Math.random().toString(36).slice(2, 12)}`,
    password: 'a-long-password',
    ...over,
  });

describe('register', () => {
  it('creates a trial account with the configured trial length and signs it in', async () => {
    await server.app.db
      .insertInto('settings')
      .values({ key: 'auth.trial_days', value: JSON.stringify(30) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(30) }))
      .execute();
    const res = await register({ email: 'Ada@Example.TEST', first_name: 'Ada', last_name: 'Lovelace' });
    expect(res.status).toBe(201);
    const { user, tokens } = res.body.data;
    expect(user).toMatchObject({ email: 'ada@example.test', role: 'trial', first_name: 'Ada', email_verified: false });
    const days = (new Date(user.trial_expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(tokens.token_type).toBe('Bearer');
    expect(new Date(tokens.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(JSON.stringify(res.body)).not.toContain('password');

    const me = await http.get('/api/v1/auth/me', { token: tokens.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(user.id);
  });

  it('refuses a duplicate email or username with 409 naming the field', async () => {
    const first = await register();
    const { email, username } = first.body.data.user;
    const dupEmail = await register({ email: email.toUpperCase() });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body.error).toMatchObject({ code: 'CONFLICT', field: 'email' });
    const dupName = await register({ username });
    expect(dupName.status).toBe(409);
    expect(dupName.body.error.field).toBe('username');
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'email must be a valid email address'],
    [{ password: 'short' }, 'password', 'password must be at least 8 characters'],
    [{ username: 'a b' }, 'username', 'username may contain only letters'],
    [{ username: 42 }, 'username', 'username must be a string'],
    [{ role: 'admin' }, 'role', "Unknown field 'role'"],
    [{ email: undefined }, 'email', 'email is required'],
    [{ first_name: '<script>alert(1)</script>' }, 'first_name', 'first_name must not contain < or >'],
    [{ last_name: 'x'.repeat(101) }, 'last_name', 'last_name must be at most 100 characters'],
    [{ email: "a@b.co' OR 1=1 --" }, 'email', 'email must be a valid email address'],
  ])('refuses %j with a 400 naming %s', async (over, field, message) => {
    const before = await server.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const res = await register(over);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.field).toBe(field);
    expect(res.body.error.message).toContain(message);
    const after = await server.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(after).toEqual(before);
  });
});

describe('login', () => {
  it('signs in by email or username and refuses a wrong password', async () => {
    const user = await buildUser(server.app);
    const byEmail = await http.post('/api/v1/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.data.user.id).toBe(user.id);
    const byName = await http.post('/api/v1/auth/login', { email: user.username, password: TEST_PASSWORD });
    expect(byName.status).toBe(200);
    const wrong = await http.post('/api/v1/auth/login', { email: user.email, password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    const unknown = await http.post('/api/v1/auth/login', { email: 'ghost@example.test', password: 'whatever1' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
  });

  it('locks an account after repeated failures with 429 and Retry-After, even with the right password', async () => {
    const user = await buildUser(server.app);
    for (let i = 0; i < 3; i++) {
      expect((await http.post('/api/v1/auth/login', { email: user.email, password: 'wrong-password' })).status).toBe(
        401,
      );
    }
    const locked = await http.post('/api/v1/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('RATE_LIMITED');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('refresh tokens', () => {
  it('rotates on every use and revokes the whole family when a used token comes back after its grace', async () => {
    const { tokens } = await signedInUser(server.app);
    const first = await http.post('/api/v1/auth/refresh', { refresh_token: tokens.refresh_token });
    expect(first.status).toBe(200);
    const next = first.body.data.tokens;
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await http.get('/api/v1/auth/me', { token: next.access_token })).status).toBe(200);

    // Past the grace window, the used token coming back is taken as stolen.
    await server.app.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
      .where('successor_sealed', 'is not', null)
      .execute();
    const replay = await http.post('/api/v1/auth/refresh', { refresh_token: tokens.refresh_token });
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('REFRESH_FAILED');
    expect(replay.body.error.message).toContain('reuse');

    // The family is gone: the newer refresh token and its access token no longer work.
    expect((await http.post('/api/v1/auth/refresh', { refresh_token: next.refresh_token })).status).toBe(401);
    expect((await http.get('/api/v1/auth/me', { token: next.access_token })).status).toBe(401);
  });

  it('gives a second tab that refreshes with the same token, moments later, the same new pair', async () => {
    const { tokens } = await signedInUser(server.app);
    const [a, b] = await Promise.all([
      http.post('/api/v1/auth/refresh', { refresh_token: tokens.refresh_token }),
      http.post('/api/v1/auth/refresh', { refresh_token: tokens.refresh_token }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.data.tokens).toEqual(a.body.data.tokens);
    const next = a.body.data.tokens;
    expect((await http.get('/api/v1/auth/me', { token: next.access_token })).status).toBe(200);
    // Still one session: the pair they share rotates on as usual.
    const later = await http.post('/api/v1/auth/refresh', { refresh_token: next.refresh_token });
    expect(later.status).toBe(200);
    // The stored pair is sealed, not the token itself.
    const stored = await server.app.db
      .selectFrom('refresh_tokens')
      .select('successor_sealed')
      .where('successor_sealed', 'is not', null)
      .execute();
    for (const row of stored) expect(row.successor_sealed).not.toContain(later.body.data.tokens.refresh_token);
  });

  it('revokes when a used token comes back after the pair it was rotated into was used, even within the grace', async () => {
    const { tokens } = await signedInUser(server.app);
    const first = await http.post('/api/v1/auth/refresh', { refresh_token: tokens.refresh_token });
    const second = await http.post('/api/v1/auth/refresh', { refresh_token: first.body.data.tokens.refresh_token });
    expect(second.status).toBe(200);
    const replay = await http.post('/api/v1/auth/refresh', { refresh_token: tokens.refresh_token });
    expect(replay.status).toBe(401);
    expect(replay.body.error.message).toContain('reuse');
    expect(
      (await http.post('/api/v1/auth/refresh', { refresh_token: second.body.data.tokens.refresh_token })).status,
    ).toBe(401);
  });

  it('refuses unknown and expired tokens, and says when the user no longer exists', async () => {
    const unknown = await http.post('/api/v1/auth/refresh', { refresh_token: 'not-a-real-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('REFRESH_FAILED');

    const { tokens: t1, user: u1 } = await signedInUser(server.app);
    await server.app.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const expired = await http.post('/api/v1/auth/refresh', { refresh_token: t1.refresh_token });
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toContain('expired');

    const { tokens: t2, user: u2 } = await signedInUser(server.app);
    await server.app.db.deleteFrom('users').where('id', 'in', [u1.id, u2.id]).execute();
    const gone = await http.post('/api/v1/auth/refresh', { refresh_token: t2.refresh_token });
    expect(gone.status).toBe(401);
    expect(gone.body.error).toMatchObject({ code: 'REFRESH_FAILED', message: 'User not found' });
  });
});

/** Changes a character in the middle of the signature (the last one may only carry padding bits). */
function flipMiddleOfSignature(token: string): string {
  const [h, p, sig] = token.split('.') as [string, string, string];
  const i = Math.floor(sig.length / 2);
  return [h, p, sig.slice(0, i) + (sig[i] === 'A' ? 'B' : 'A') + sig.slice(i + 1)].join('.');
}

describe('access tokens', () => {
  it('refuses tampered, malformed and expired tokens with 401', async () => {
    const { token } = await signedInUser(server.app);
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = [h, Buffer.from(JSON.stringify({ ...payload, sub: '1' })).toString('base64url'), s].join('.');
    for (const bad of [forged, `${token}x`, 'abc', flipMiddleOfSignature(token)]) {
      const res = await http.get('/api/v1/auth/me', { token: bad });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('INVALID_TOKEN');
    }
    const noScheme = await http.get('/api/v1/auth/me', { headers: { authorization: token } });
    expect(noScheme.status).toBe(401);

    const { signAccessToken } = await import('@ideamine/server/auth/access-token');
    const { user } = await signedInUser(server.app);
    const session = await server.app.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const expired = await signAccessToken({ userId: user.id, sessionId: session.id }, server.app.jwtKey, -10);
    expect((await http.get('/api/v1/auth/me', { token: expired.token })).status).toBe(401);
  });
});

describe('logout, profile and password', () => {
  it('logout ends the session: access and refresh tokens stop working', async () => {
    const { tokens } = await signedInUser(server.app);
    const out = await http.post('/api/v1/auth/logout', {}, { token: tokens.access_token });
    expect(out.status).toBe(200);
    expect((await http.get('/api/v1/auth/me', { token: tokens.access_token })).status).toBe(401);
    expect((await http.post('/api/v1/auth/refresh', { refresh_token: tokens.refresh_token })).status).toBe(401);
  });

  it('updates the profile, resets email verification on a new email, and refuses a taken username', async () => {
    const { token, user } = await signedInUser(server.app);
    await server.app.db.updateTable('users').set({ email_verified: true }).where('id', '=', user.id).execute();
    const noPassword = await http.put('/api/v1/auth/me', { email: 'grace@example.test' }, { token });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.field).toBe('current_password');
    const wrongPassword = await http.put(
      '/api/v1/auth/me',
      { email: 'grace@example.test', current_password: 'not-the-password' },
      { token },
    );
    expect(wrongPassword.status).toBe(400);
    const res = await http.put(
      '/api/v1/auth/me',
      { first_name: ' Grace ', email: 'grace@example.test', current_password: TEST_PASSWORD },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ first_name: 'Grace', email: 'grace@example.test', email_verified: false });
    const other = await buildUser(server.app);
    const taken = await http.put('/api/v1/auth/me', { username: other.username }, { token });
    expect(taken.status).toBe(409);
    expect(taken.body.error.field).toBe('username');
    const empty = await http.put('/api/v1/auth/me', {}, { token });
    expect(empty.status).toBe(400);
    const roleChange = await http.put('/api/v1/auth/me', { role: 'admin' }, { token });
    expect(roleChange.status).toBe(400);
    expect(roleChange.body.error.field).toBe('role');
  });

  it('changes the password, signs out other sessions and keeps this one', async () => {
    const { token, user } = await signedInUser(server.app);
    const other = await http.post('/api/v1/auth/login', { email: user.email, password: TEST_PASSWORD });
    const wrong = await http.post(
      '/api/v1/auth/change-password',
      { current_password: 'not-it-at-all', new_password: 'brand-new-password' },
      { token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.field).toBe('current_password');
    const res = await http.post(
      '/api/v1/auth/change-password',
      { current_password: TEST_PASSWORD, new_password: 'brand-new-password' },
      { token },
    );
    expect(res.status).toBe(200);
    expect((await http.get('/api/v1/auth/me', { token })).status).toBe(200);
    expect((await http.get('/api/v1/auth/me', { token: other.body.data.tokens.access_token })).status).toBe(401);
    const login = await http.post('/api/v1/auth/login', { email: user.email, password: 'brand-new-password' });
    expect(login.status).toBe(200);
  });
});

describe('stale tokens on public routes', () => {
  it('refresh and login work while an expired or revoked access token is still sent', async () => {
    const { tokens } = await signedInUser(server.app);
    await http.post('/api/v1/auth/logout', { refresh_token: 'unrelated' }, { token: tokens.access_token });
    // The session is revoked: the access token is now invalid, but public routes ignore it.
    const other = await signedInUser(server.app);
    const refreshed = await http.post(
      '/api/v1/auth/refresh',
      { refresh_token: other.tokens.refresh_token },
      { token: tokens.access_token },
    );
    expect(refreshed.status).toBe(200);
    const me = await http.get('/api/v1/auth/me', { token: tokens.access_token });
    expect(me.status).toBe(401);
    const missing = await http.get('/api/v1/no-such-route', { token: 'garbage' });
    expect(missing.status).toBe(404);
  });

  it('logout with only the refresh token ends that session', async () => {
    const { tokens } = await signedInUser(server.app);
    const res = await http.post('/api/v1/auth/logout', { refresh_token: tokens.refresh_token });
    expect(res.status).toBe(200);
    expect((await http.post('/api/v1/auth/refresh', { refresh_token: tokens.refresh_token })).status).toBe(401);
    const neither = await http.post('/api/v1/auth/logout', {});
    expect(neither.status).toBe(400);
    expect(neither.body.error.field).toBe('refresh_token');
  });
});

describe('account lockout keys on the account', () => {
  it('counts guesses by email and by username together', async () => {
    const user = await buildUser(server.app);
    const logins = [user.email, user.username, user.email];
    for (const login of logins) {
      expect((await http.post('/api/v1/auth/login', { email: login, password: 'wrong-password' })).status).toBe(401);
    }
    const locked = await http.post('/api/v1/auth/login', { email: user.username, password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
  });

  it('refuses parallel guesses beyond the limit', async () => {
    const user = await buildUser(server.app);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        http.post('/api/v1/auth/login', { email: user.email, password: 'wrong-password' }),
      ),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
  });

  it('throttles current_password guesses on change-password', async () => {
    const { token } = await signedInUser(server.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await http.post(
        '/api/v1/auth/change-password',
        { current_password: `guess-${i}-xx`, new_password: 'another-password' },
        { token },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe('odd input', () => {
  it('refuses NUL and control characters in the login with 400, not 500', async () => {
    const res = await http.post('/api/v1/auth/login', { email: 'a\u0000b', password: 'whatever-1' });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('email');
  });
});
