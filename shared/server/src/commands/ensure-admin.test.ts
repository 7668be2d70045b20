import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../test/database';
import { hashPassword, verifyPassword } from '../auth/password';
import { ensureAdmin } from './ensure-admin';

let handle: DatabaseHandle;
let secrets: string;
let drop: () => Promise<void>;
const lines: Record<string, unknown>[] = [];
const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l)) });

beforeAll(async () => {
  secrets = await mkdtemp(path.join(os.tmpdir(), 'ideamine-secrets-'));
  const db = await createTestDatabase();
  drop = db.drop;
  handle = openDatabase(db.url, 2);
});
afterAll(async () => {
  await rm(secrets, { recursive: true, force: true });
  await handle.close();
  await drop();
});

const admins = () => handle.db.selectFrom('users').selectAll().where('role', '=', 'admin').execute();

describe('admin bootstrap', () => {
  it('creates one admin with a random password in a private file (never in the log), and none on later starts', async () => {
    await ensureAdmin(handle.db, log, undefined, undefined, secrets);
    const [admin] = await admins();
    const line = lines.find((l) => String(l.msg).includes('first admin'));
    expect(line?.email).toBe('admin@ideamine.local');
    const file = path.join(secrets, 'first-admin-password.txt');
    expect(line?.password_file).toBe(file);
    const password = (await readFile(file, 'utf8')).trim();
    expect(await verifyPassword(password, admin!.password_hash)).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(lines)).not.toContain(password);
    await Promise.all([
      ensureAdmin(handle.db, log, undefined, undefined, secrets),
      ensureAdmin(handle.db, log, undefined, undefined, secrets),
    ]);
    expect(await admins()).toHaveLength(1);
    expect(lines.filter((l) => String(l.msg).includes('first admin'))).toHaveLength(1);
  });

  it('creates or promotes the ADMIN_EMAIL account', async () => {
    await ensureAdmin(handle.db, log, 'Ops@Example.test', 'ops-password-1', secrets);
    const ops = await handle.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'ops@example.test')
      .executeTakeFirstOrThrow();
    expect(ops.role).toBe('admin');
    expect(await verifyPassword('ops-password-1', ops.password_hash)).toBe(true);

    // Someone registered the operator's address first, with a password of their own.
    await handle.db
      .updateTable('users')
      .set({ role: 'trial', password_hash: await hashPassword('squatter-password') })
      .where('id', '=', ops.id)
      .execute();
    await handle.db
      .insertInto('sessions')
      .values({ id: '00000000-0000-4000-8000-000000000001', user_id: ops.id, ip: null, user_agent: null })
      .execute();
    await ensureAdmin(handle.db, log, 'ops@example.test', 'ops-password-1', secrets);
    const promoted = await handle.db.selectFrom('users').selectAll().where('id', '=', ops.id).executeTakeFirstOrThrow();
    expect(promoted.role).toBe('admin');
    expect(await verifyPassword('ops-password-1', promoted.password_hash)).toBe(true);
    expect(await verifyPassword('squatter-password', promoted.password_hash)).toBe(false);
    const session = await handle.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', ops.id)
      .executeTakeFirstOrThrow();
    expect(session.revoked_at).not.toBeNull();
  });

  it('refuses half a configuration and bad values with a clear message', async () => {
    await expect(ensureAdmin(handle.db, log, 'ops@example.test', undefined, secrets)).rejects.toThrow(
      'ADMIN_EMAIL and ADMIN_PASSWORD',
    );
    await expect(ensureAdmin(handle.db, log, 'not-an-email', 'long-enough-1', secrets)).rejects.toThrow(
      'ADMIN_EMAIL is not a valid email address',
    );
    await expect(ensureAdmin(handle.db, log, 'x@example.test', 'short', secrets)).rejects.toThrow('ADMIN_PASSWORD');
  });
});
