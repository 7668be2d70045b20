import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { emailField, passwordField } from '@ideamine/shared/contract/users';
import { hashPassword } from '../auth/password';
import { revokeUserSessions } from '../auth/sessions';
import type { Db } from '../db/database';
import { writeAudit } from './audit';
import { registerUser } from './register-user';

const BOOTSTRAP_LOCK = 727_002;

/**
 * Makes sure an admin exists. With ADMIN_EMAIL and ADMIN_PASSWORD that account is created, or,
 * if someone registered that address, promoted with ADMIN_PASSWORD as its password and its
 * sessions ended (so an early sign-up cannot keep a password of its own choosing). Without them,
 * a first start with no admin creates one with a random password written to a file readable only
 * by this user in `secretsDir` (passwords never go to the log); the log says where.
 */
export async function ensureAdmin(
  db: Db,
  log: Logger,
  email: string | undefined,
  password: string | undefined,
  secretsDir: string,
): Promise<void> {
  if ((email && !password) || (!email && password))
    throw new Error('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither');
  const configured = email && password ? checkConfigured(email, password) : null;
  const hash = configured ? await hashPassword(configured.password) : '';

  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(trx);
    if (configured) {
      const existing = await trx
        .selectFrom('users')
        .select(['id', 'role'])
        .where('email', '=', configured.email)
        .executeTakeFirst();
      if (!existing) {
        const user = await registerUser(
          trx,
          { email: configured.email, username: await freeUsername(trx, 'admin') },
          hash,
          'admin',
        );
        await writeAudit(trx, { actorId: null, action: 'user.bootstrap_admin', entityType: 'user', entityId: user.id });
        log.info({ email: configured.email }, 'created the admin account from ADMIN_EMAIL');
      } else if (existing.role !== 'admin') {
        await trx
          .updateTable('users')
          .set({ role: 'admin', trial_expires_at: null, password_hash: hash, updated_at: new Date() })
          .where('id', '=', existing.id)
          .execute();
        await revokeUserSessions(trx, existing.id, 'promoted to admin by ADMIN_EMAIL');
        await writeAudit(trx, {
          actorId: null,
          action: 'user.bootstrap_admin',
          entityType: 'user',
          entityId: existing.id,
        });
        log.warn({ email: configured.email }, 'promoted ADMIN_EMAIL to admin and set its password from ADMIN_PASSWORD');
      }
      return;
    }
    const anyAdmin = await trx.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();
    if (anyAdmin) return;
    const generated = randomBytes(12).toString('base64url');
    const file = await writeSecretFile(secretsDir, 'first-admin-password.txt', `${generated}\n`);
    const user = await registerUser(
      trx,
      { email: 'admin@ideamine.local', username: await freeUsername(trx, 'admin') },
      await hashPassword(generated),
      'admin',
    );
    await writeAudit(trx, { actorId: null, action: 'user.bootstrap_admin', entityType: 'user', entityId: user.id });
    log.warn(
      { email: user.email, password_file: file },
      'created the first admin account; its password is in password_file: sign in, change it, then delete the file',
    );
  });
}

/** Written to a temporary name and renamed, mode 0600, so no other user or half-written file sees it. */
async function writeSecretFile(dir: string, name: string, content: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, name);
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, content, { mode: 0o600 });
  await rename(temp, file);
  return file;
}

function checkConfigured(email: string, password: string): { email: string; password: string } {
  const parsedEmail = emailField.safeParse(email);
  if (!parsedEmail.success) throw new Error(`ADMIN_EMAIL is not a valid email address: ${email}`);
  const parsedPassword = passwordField('ADMIN_PASSWORD').safeParse(password);
  if (!parsedPassword.success) throw new Error(parsedPassword.error.issues[0]!.message);
  return { email: parsedEmail.data, password };
}

async function freeUsername(db: Db, base: string): Promise<string> {
  for (let i = 0; ; i++) {
    const candidate = i === 0 ? base : `${base}${i}`;
    const taken = await db.selectFrom('users').select('id').where('username', '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
}
