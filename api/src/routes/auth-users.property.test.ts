import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedInUser } from '@ideamine/server/test/factories';
import { client } from '../test/http';
import { startTestServer, type TestServer } from '../test/server';

// Property: whatever a client sends to the auth and users endpoints, the answer is an envelope
// below 500, and a refused request leaves every table as it was.

let server: TestServer;
let http: ReturnType<typeof client>;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let member: Awaited<ReturnType<typeof signedInUser>>;
let targetId: number;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
  admin = await signedInUser(server.app, { role: 'admin' });
  member = await signedInUser(server.app, { role: 'developer' });
  targetId = (await buildUser(server.app)).id;
});
afterAll(() => server.close());

/** A fingerprint of all durable state (login throttle counters excluded: they count refusals by design). */
async function fingerprint(): Promise<string> {
  const tables = ['users', 'sessions', 'refresh_tokens', 'audit_log', 'settings'];
  const parts = await Promise.all(
    tables.map(async (t) => {
      const r = await sql<{
        h: string | null;
      }>`SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM ${sql.table(t)} x`.execute(server.app.db);
      return `${t}:${r.rows[0]?.h}`;
    }),
  );
  return parts.join(',');
}

const nasty = fc.constantFrom(
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}',
  '../../etc/passwd',
  '\u0000',
  '𝓾𝓷𝓲𝓬𝓸𝓭𝓮 ☃',
  'a'.repeat(5000),
  '',
  ' ',
);
const value = fc.oneof(fc.jsonValue(), nasty, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const fieldNames = fc.constantFrom(
  'email',
  'username',
  'password',
  'first_name',
  'last_name',
  'refresh_token',
  'current_password',
  'new_password',
  'role',
  'trial_expires_at',
  'email_verified',
  'id',
  '__proto__',
  'constructor',
);
const body = fc.oneof(
  fc.dictionary(fieldNames, value, { maxKeys: 6 }),
  fc.dictionary(fc.string(), value, { maxKeys: 4 }),
  fc.jsonValue(),
);

async function expectSafe(send: () => Promise<{ status: number; body: any }>) {
  const before = await fingerprint();
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  expect(['success', 'error']).toContain(res.body?.status);
  if (res.status >= 400) {
    expect(typeof res.body.error.message).toBe('string');
    expect(await fingerprint()).toBe(before);
  }
}

const RUNS = { numRuns: 60 };

describe('auth endpoints under arbitrary input', () => {
  it.each([
    ['/api/v1/auth/register', undefined],
    ['/api/v1/auth/login', undefined],
    ['/api/v1/auth/refresh', undefined],
    ['/api/v1/auth/change-password', 'member'],
  ])('POST %s never fails with 5xx and refusals change nothing', async (path, who) => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        await expectSafe(() => http.post(path, b, { token: who ? member.token : undefined }));
      }),
      RUNS,
    );
  });

  it('PUT /auth/me', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => expectSafe(() => http.put('/api/v1/auth/me', b, { token: member.token }))),
      RUNS,
    );
  });

  it('raw bodies and headers of any kind', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 300 }),
        fc.constantFrom('application/json', 'text/plain', 'application/xml'),
        fc.string({ maxLength: 200 }),
        async (raw, type, auth) => {
          const headers: Record<string, string> = { 'content-type': type };
          if (/^[\x20-\x7e]*$/.test(auth)) headers.authorization = auth;
          await expectSafe(() => http.send('POST', '/api/v1/auth/login', { raw, headers }));
        },
      ),
      RUNS,
    );
  });
});

describe('users endpoints under arbitrary input', () => {
  it('PUT /users/:id with any body or id', async () => {
    const id = fc.oneof(
      fc.constant(String(targetId)),
      fc.string({ maxLength: 20 }).map(encodeURIComponent),
      fc.integer().map(String),
    );
    await fc.assert(
      fc.asyncProperty(id, body, async (i, b) => {
        if (i === '') return;
        await expectSafe(() => http.put(`/api/v1/users/${i}`, b, { token: admin.token }));
      }),
      RUNS,
    );
  });

  it('GET /users with any query', async () => {
    const query = fc.dictionary(
      fc.constantFrom('page', 'page_size', 'search', 'role', 'sort', 'order', 'x'),
      fc.oneof(fc.string({ maxLength: 40 }), nasty, fc.integer().map(String)),
      { maxKeys: 5 },
    );
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const qs = new URLSearchParams(q).toString();
        await expectSafe(() => http.get(`/api/v1/users?${qs}`, { token: member.token }));
      }),
      RUNS,
    );
  });
});
