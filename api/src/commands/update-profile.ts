import type { UpdateMeBody } from '@ideamine/shared/contract/auth';
import type { Db } from '../db/database';
import { rethrowUniqueViolation } from '../db/unique-violation';
import type { UserRow } from '../queries/users';

/** The signed-in user's own profile. A new email address must be verified again. */
export async function updateProfile(db: Db, user: UserRow, input: UpdateMeBody): Promise<UserRow> {
  const emailChanged = input.email !== undefined && input.email !== user.email.toLowerCase();
  try {
    return await db
      .updateTable('users')
      .set({ ...input, ...(emailChanged ? { email_verified: false } : {}), updated_at: new Date() })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    rethrowUniqueViolation(err);
  }
}
