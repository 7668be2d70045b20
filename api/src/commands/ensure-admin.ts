import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { emailField, passwordField } from '@ideamine/shared/contract/users';
import { registerUser } from './register-user';
import { writeAudit } from './audit';

const BOOTSTRAP_LOCK = 727_002;

/**
 * Makes sure an admin exists. With ADMIN_EMAIL and ADMIN_PASSWORD that account is created (or
 * promoted). Without them, a first start with no admin creates one with a random password that
 * is printed once to the log.
 */
export async function ensureAdmin(
  db: Db,
  log: Logger,
  email: string | undefined,
  password: string | undefined,
): Promise<void> {
  if ((email && !password) || (!email && password)) {
    throw new Error('Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither');
  }
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(trx);
    if (email && password) {
      const address = emailField.parse(email);
      passwordField('ADMIN_PASSWORD').parse(password);
      const existing = await trx
        .selectFrom('users')
        .select(['id', 'role'])
        .where('email', '=', address)
        .executeTakeFirst();
      if (!existing) {
        const user = await registerUser(
          trx,
          { email: address, username: await freeUsername(trx, 'admin'), password },
          'admin',
        );
        await writeAudit(trx, { actorId: null, action: 'user.bootstrap_admin', entityType: 'user', entityId: user.id });
        log.info({ email: address }, 'created the admin account from ADMIN_EMAIL');
      } else if (existing.role !== 'admin') {
        await trx
          .updateTable('users')
          .set({ role: 'admin', trial_expires_at: null })
          .where('id', '=', existing.id)
          .execute();
        await writeAudit(trx, {
          actorId: null,
          action: 'user.bootstrap_admin',
          entityType: 'user',
          entityId: existing.id,
        });
        log.info({ email: address }, 'promoted ADMIN_EMAIL to admin');
      }
      return;
    }
    const anyAdmin = await trx.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();
    if (anyAdmin) return;
    const generated = randomBytes(12).toString('base64url');
    const user = await registerUser(
      trx,
      { email: 'admin@ideamine.local', username: await freeUsername(trx, 'admin'), password: generated },
      'admin',
    );
    await writeAudit(trx, { actorId: null, action: 'user.bootstrap_admin', entityType: 'user', entityId: user.id });
    log.warn(
      { email: user.email, password: generated },
      'created the first admin account; this password is shown only once, change it after signing in',
    );
  });
}

async function freeUsername(db: Db, base: string): Promise<string> {
  for (let i = 0; ; i++) {
    const candidate = i === 0 ? base : `${base}${i}`;
    const taken = await db.selectFrom('users').select('id').where('username', '=', candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
}
