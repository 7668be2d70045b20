import type { RegisterBody } from '@ideamine/shared/contract/auth';
import type { Role } from '@ideamine/shared/permissions';
import type { Db } from '../db/database';
import { rethrowUniqueViolation } from '../db/unique-violation';
import type { UserRow } from '../queries/users';
import { readSetting } from './settings';

/**
 * Creates an account. New accounts are trials that end after the configured number of days.
 * Hash the password first (hashPassword) so the transaction around this stays short.
 */
export async function registerUser(
  db: Db,
  input: Omit<RegisterBody, 'password'>,
  passwordHash: string,
  role: Role = 'trial',
): Promise<UserRow> {
  const days = await readSetting(db, 'auth.trial_days');
  try {
    return await db
      .insertInto('users')
      .values({
        email: input.email,
        username: input.username,
        first_name: input.first_name ?? '',
        last_name: input.last_name ?? '',
        password_hash: passwordHash,
        role,
        trial_expires_at: role === 'trial' ? new Date(Date.now() + days * 86_400_000) : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    rethrowUniqueViolation(err);
  }
}
