import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '@ideamine/server/test/factories';
import { client } from '../test/http';
import { startTestServer, type TestServer } from '../test/server';

// Checklist item 2, the gaps auth.test.ts leaves (it covers tampered payloads and signatures,
// malformed and expired tokens, logout, refresh reuse and expired refresh tokens): tokens signed
// with another key, with "none" or another algorithm, without an expiry, for another issuer or
// audience, of a deleted user, and the rights of a token whose user was demoted.

let server: TestServer;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
});
afterAll(() => server.close());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The claims a real access token of `token` carries. */
function claimsOf(token: string): { sub: string; sid: string; iss: string; aud: string; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

async function signed(
  claims: Record<string, unknown>,
  key: Uint8Array,
  o: { alg?: string; exp?: number | null; iss?: string; aud?: string } = {},
) {
  let jwt = new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: o.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuer(o.iss ?? 'ideamine')
    .setAudience(o.aud ?? 'ideamine-api')
    .setIssuedAt();
  if (o.exp !== null) jwt = jwt.setExpirationTime(o.exp ?? Math.floor(Date.now() / 1000) + 600);
  return jwt.sign(key);
}

async function expectRefused(token: string, label: string) {
  const res = await http.get('/api/v1/auth/me', { token });
  expect(res.status, label).toBe(401);
  expect(res.body.error.code, label).toBe('INVALID_TOKEN');
  // Public routes treat such a caller as a visitor: nothing personal comes back.
  const mine = await http.get('/api/v1/public/ideas?user_filter=mine', { token });
  expect(mine.status, label).toBe(200);
  expect(mine.body.data, label).toEqual([]);
}

describe('access tokens the API did not issue as they are', () => {
  it('refuses a token signed with another key', async () => {
    const { token } = await signedInUser(server.app);
    await expectRefused(await signed(claimsOf(token), randomBytes(32)), 'another key');
  });

  it('refuses alg "none" and algorithms other than HS256, even with the right key', async () => {
    const { token } = await signedInUser(server.app);
    const claims = claimsOf(token);
    const unsecured = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    await expectRefused(unsecured, 'alg none');
    await expectRefused(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.${token.split('.')[2]}`, 'none + sig');
    await expectRefused(await signed(claims, server.app.jwtKey, { alg: 'HS512' }), 'HS512');
    await expectRefused(await signed(claims, server.app.jwtKey, { alg: 'HS384' }), 'HS384');
  });

  it('refuses a token without an expiry, or for another issuer or audience, even with the right key', async () => {
    const { token } = await signedInUser(server.app);
    const claims = claimsOf(token);
    // The control: the same claims, freshly signed, are accepted.
    expect((await http.get('/api/v1/auth/me', { token: await signed(claims, server.app.jwtKey) })).status).toBe(200);
    await expectRefused(await signed(claims, server.app.jwtKey, { exp: null }), 'no exp');
    await expectRefused(await signed(claims, server.app.jwtKey, { iss: 'someone-else' }), 'issuer');
    await expectRefused(await signed(claims, server.app.jwtKey, { aud: 'another-api' }), 'audience');
  });

  it("refuses a valid session id under another user's id", async () => {
    const victim = await signedInUser(server.app, { role: 'admin' });
    const attacker = await signedInUser(server.app, { role: 'trial' });
    const mixed = { ...claimsOf(attacker.token), sub: String(victim.user.id) };
    await expectRefused(await signed(mixed, server.app.jwtKey), 'sid of another user');
  });
});

describe('tokens of accounts that changed', () => {
  it('refuses the access token of a deleted user at once', async () => {
    const { token, user } = await signedInUser(server.app, { role: 'developer' });
    expect((await http.get('/api/v1/auth/me', { token })).status).toBe(200);
    await server.app.db.deleteFrom('users').where('id', '=', user.id).execute();
    await expectRefused(token, 'deleted user');
  });

  it('applies a demotion at once: the same token loses the admin rights', async () => {
    const admin = await signedInUser(server.app, { role: 'admin' });
    const other = await signedInUser(server.app, { role: 'admin' });
    expect((await http.get('/api/v1/admin/audit-log', { token: admin.token })).status).toBe(200);
    const demoted = await http.put(`/api/v1/users/${admin.user.id}`, { role: 'trial' }, { token: other.token });
    expect(demoted.status).toBe(200);
    const after = await http.get('/api/v1/admin/audit-log', { token: admin.token });
    expect(after.status).toBe(403);
    expect((await http.get('/api/v1/users', { token: admin.token })).status).toBe(403);
  });
});
