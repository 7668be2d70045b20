import { randomBytes } from 'node:crypto';
import type { Role } from '@ideamine/shared/permissions';
import { hashPassword } from '../auth/password';
import { openSession } from '../auth/sessions';
import type { AppContext } from '../context';
import type { UserRow } from '../queries/users';

export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

export interface UserOverrides {
  role?: Role;
  email?: string;
  username?: string;
  trialExpiresAt?: Date | null;
  password?: string;
}

/** Inserts a user directly (hashing once per file keeps factories fast). */
export async function buildUser(app: AppContext, o: UserOverrides = {}): Promise<UserRow> {
  const tag = randomBytes(4).toString('hex');
  const role = o.role ?? 'trial';
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return app.db
    .insertInto('users')
    .values({
      email: o.email ?? `user-${tag}@example.test`,
      username: o.username ?? `user_${tag}`,
      first_name: 'Test',
      last_name: role,
      password_hash: o.password ? await hashPassword(o.password) : await passwordHash,
      role,
      trial_expires_at:
        o.trialExpiresAt !== undefined
          ? o.trialExpiresAt
          : role === 'trial'
            ? new Date(Date.now() + 7 * 86_400_000)
            : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A user with a live session: returns the row and its tokens. */
export async function signedInUser(app: AppContext, o: UserOverrides = {}) {
  const user = await buildUser(app, o);
  const tokens = await openSession(app, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { user, tokens, token: tokens.access_token };
}
