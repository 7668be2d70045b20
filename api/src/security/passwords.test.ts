import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { closeAppContext, createAppContext, createLogger } from '@ideamine/server/boot';
import { loadConfig, type Config } from '@ideamine/server/config';
import type { AppContext } from '@ideamine/server/context';
import { createTestDatabase } from '@ideamine/server/test/database';

// Checklist item 1: passwords (and their hashes) are never logged and never returned. Every
// path that takes a password runs against the real app with the logger at its most verbose
// level, writing to a stream this file reads: register, login right and wrong, lockout,
// change-password, the email change that asks for the password, the admin bootstrap (random
// first password and ADMIN_EMAIL/ADMIN_PASSWORD), an unexpected database failure while a
// password hash is being stored, and a client that puts a password in the query string.

const logLines: string[] = [];
const responses: string[] = [];
const secrets = new Set<string>();
let dataDir: string;
let database: { url: string; drop(): Promise<void> };
let app: AppContext;
let server: Server;
let baseUrl: string;

/** A password nobody else uses, remembered so the final checks look for it everywhere. */
function secret(label: string): string {
  const value = `${label}-${Math.random().toString(36).slice(2, 10)}-Pw!`;
  secrets.add(value);
  return value;
}

function configFor(env: Record<string, string> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'trace', DATA_DIR: dataDir, ...env }),
    loginMaxAttemptsPerIp: 1000,
    loginMaxFailuresPerAccount: 3,
    publicCacheSeconds: 0,
    dashboardCacheSeconds: 0,
    portalDir: path.join(dataDir, 'no-portal'),
  };
}

/** The real logger (level, redaction) writing JSON lines into `logLines`. */
function capturingLogger(config: Config) {
  return createLogger(config, { write: (line: string) => void logLines.push(line) });
}

async function call(method: string, pathname: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl}/api/v1${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  responses.push(`${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${text}`);
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: json };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ideamine-passwords-'));
  database = await createTestDatabase();
  const config = configFor();
  // No admin configured and none in the database: the first start creates one with a random
  // password written to a file.
  app = await createAppContext(config, capturingLogger(config), database.url);
  server = createApp(app, { checkResponses: true }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  if (app) await closeAppContext(app);
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('passwords never logged or returned', () => {
  it('logs at trace level, so the checks below see everything the API would log', () => {
    expect(app.log.level).toBe('trace');
    expect(logLines.some((l) => l.includes('first admin'))).toBe(true);
  });

  it('register: accepted, refused and duplicate', async () => {
    const password = secret('register');
    const ok = await call('POST', '/auth/register', {
      email: 'alice@example.test',
      username: 'alice_pw',
      password,
    });
    expect(ok.status).toBe(201);
    // Refusals that carry the password: too short, too long, wrong types elsewhere, duplicate.
    const short = secret('s').slice(0, 6);
    secrets.add(short);
    for (const body of [
      { email: 'bob@example.test', username: 'bob_pw', password: short },
      { email: 'bob@example.test', username: 'bob_pw', password: `${secret('long')}${'x'.repeat(300)}` },
      { email: 'not-an-email', username: 'bob_pw', password: secret('bad-email') },
      { email: 'bob@example.test', username: 'bob pw', password: secret('bad-name') },
      { email: 'bob@example.test', username: 'bob_pw', password: secret('extra'), role: 'admin' },
      { email: 'alice@example.test', username: 'alice_two', password: secret('duplicate') },
    ]) {
      const res = await call('POST', '/auth/register', body);
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  it('login: right password, wrong password, unknown account, lockout, password typed as the login', async () => {
    const password = secret('login');
    await call('POST', '/auth/register', { email: 'carol@example.test', username: 'carol_pw', password });
    expect((await call('POST', '/auth/login', { email: 'carol@example.test', password })).status).toBe(200);
    expect((await call('POST', '/auth/login', { email: 'carol_pw', password })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const wrong = await call('POST', '/auth/login', { email: 'carol@example.test', password: secret('wrong') });
      expect(wrong.status).toBe(401);
    }
    const locked = await call('POST', '/auth/login', { email: 'carol@example.test', password });
    expect(locked.status).toBe(429);
    expect(
      (await call('POST', '/auth/login', { email: 'nobody@example.test', password: secret('ghost') })).status,
    ).toBe(401);
    // A user who typed the password into the login field.
    expect((await call('POST', '/auth/login', { email: secret('as-login'), password: secret('x') })).status).toBe(401);
  });

  it('change-password (wrong then right current password) and the email change that asks for it', async () => {
    const first = secret('before-change');
    const registered = await call('POST', '/auth/register', {
      email: 'dave@example.test',
      username: 'dave_pw',
      password: first,
    });
    const token = registered.body.data.tokens.access_token as string;
    const refused = await call(
      'POST',
      '/auth/change-password',
      { current_password: secret('not-current'), new_password: secret('unused-new') },
      token,
    );
    expect(refused.status).toBe(400);
    const same = await call('POST', '/auth/change-password', { current_password: first, new_password: first }, token);
    expect(same.status).toBe(400);
    const next = secret('after-change');
    const changed = await call('POST', '/auth/change-password', { current_password: first, new_password: next }, token);
    expect(changed.status).toBe(200);
    expect((await call('POST', '/auth/login', { email: 'dave@example.test', password: next })).status).toBe(200);

    const wrongForEmail = await call(
      'PUT',
      '/auth/me',
      { email: 'dave2@example.test', current_password: secret('wrong-for-email') },
      token,
    );
    expect(wrongForEmail.status).toBeGreaterThanOrEqual(400);
    const email = await call('PUT', '/auth/me', { email: 'dave2@example.test', current_password: next }, token);
    expect(email.status).toBe(200);
  });

  it('admin bootstrap: the random first password, then ADMIN_EMAIL creating and promoting accounts', async () => {
    const firstPassword = (await readFile(path.join(dataDir, 'first-admin-password.txt'), 'utf8')).trim();
    secrets.add(firstPassword);
    const admin = await call('POST', '/auth/login', { email: 'admin@ideamine.local', password: firstPassword });
    expect(admin.status).toBe(200);
    const adminToken = admin.body.data.tokens.access_token as string;
    const replaced = secret('admin-replaced');
    expect(
      (
        await call(
          'POST',
          '/auth/change-password',
          { current_password: firstPassword, new_password: replaced },
          adminToken,
        )
      ).status,
    ).toBe(200);
    // Admin user calls return accounts, never their hashes.
    const listed = await call('GET', '/users?page_size=100', undefined, adminToken);
    expect(listed.status).toBe(200);
    for (const u of listed.body.data as { id: number }[]) {
      expect((await call('GET', `/users/${u.id}`, undefined, adminToken)).status).toBe(200);
    }

    // Later starts with ADMIN_EMAIL/ADMIN_PASSWORD: one creates a new admin, one promotes a
    // registered account and resets its password.
    const squatter = secret('squatter');
    await call('POST', '/auth/register', { email: 'ops@example.test', username: 'ops_pw', password: squatter });
    for (const [email, password] of [
      ['ops@example.test', secret('admin-promote')],
      ['root@example.test', secret('admin-create')],
    ] as const) {
      const config = configFor({ ADMIN_EMAIL: email, ADMIN_PASSWORD: password });
      const second = await createAppContext(config, capturingLogger(config), database.url);
      await closeAppContext(second);
      expect((await call('POST', '/auth/login', { email, password })).status).toBe(200);
    }
    expect(logLines.some((l) => l.includes('promoted ADMIN_EMAIL'))).toBe(true);
    expect(logLines.some((l) => l.includes('created the admin account from ADMIN_EMAIL'))).toBe(true);
  });

  it('an unexpected database failure while storing a new account logs no password and no hash', async () => {
    // A real constraint on this file's own database makes the insert fail the way a broken
    // deployment would: the 500 is logged with the database error.
    await sql`ALTER TABLE users ADD CONSTRAINT security_test_refuse CHECK (username <> 'refused_pw')`.execute(app.db);
    try {
      const res = await call('POST', '/auth/register', {
        email: 'erin@example.test',
        username: 'refused_pw',
        password: secret('db-failure'),
      });
      expect(res.status).toBe(500);
      expect(logLines.some((l) => l.includes('request failed'))).toBe(true);
    } finally {
      await sql`ALTER TABLE users DROP CONSTRAINT security_test_refuse`.execute(app.db);
    }
  });

  it('a password sent in the query string by a careless client is not in the request log', async () => {
    const password = secret('in-query');
    const res = await fetch(
      `${baseUrl}/api/v1/auth/login?email=carol%40example.test&password=${encodeURIComponent(password)}` +
        `&current_password=${encodeURIComponent(password)}&new_password=${encodeURIComponent(password)}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    );
    responses.push(await res.text());
    expect(logLines.some((l) => l.includes('/api/v1/auth/login?'))).toBe(true);
  });

  it('leaves no password and no password hash in any log line or response', async () => {
    const hashes = (
      await sql<{ password_hash: string | null }>`SELECT password_hash FROM users`.execute(app.db)
    ).rows.flatMap((r) => (r.password_hash ? [r.password_hash] : []));
    expect(hashes.length).toBeGreaterThanOrEqual(6);
    expect(secrets.size).toBeGreaterThan(15);
    expect(logLines.length).toBeGreaterThan(20);
    const everything = [...logLines.map((l) => ['log line', l]), ...responses.map((r) => ['response', r])];
    for (const [kind, text] of everything) {
      for (const s of secrets) expect(text!.includes(s), `a password in a ${kind}: ${text}`).toBe(false);
      for (const h of hashes) expect(text!.includes(h), `a password hash in a ${kind}: ${text}`).toBe(false);
      // Hashes that were never stored (the failed insert) are recognised by their format.
      expect(/scrypt\$\d+\$/.test(text!), `something shaped like a password hash in a ${kind}: ${text}`).toBe(false);
      expect(/"password(_hash)?"\s*:/.test(text!), `a password field in a ${kind}: ${text}`).toBe(false);
    }
  });
});
