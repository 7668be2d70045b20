import type { UpdateMeBody } from '@ideamine/shared/contract/auth';
import { checkCurrentPassword } from '../auth/check-password';
import type { AppContext } from '../context';
import { rethrowUniqueViolation } from '../db/unique-violation';
import { ApiError } from '../errors';
import type { UserRow } from '../queries/users';

/**
 * The signed-in user's own profile. Changing the email (where password resets would go) needs
 * the current password when the account has one, and the new address must be verified again.
 */
export async function updateProfile(app: AppContext, user: UserRow, input: UpdateMeBody): Promise<UserRow> {
  const { current_password, ...changes } = input;
  const emailChanged = changes.email !== undefined && changes.email !== user.email.toLowerCase();
  if (emailChanged && user.password_hash) {
    if (!current_password) {
      throw new ApiError('VALIDATION_ERROR', 'current_password is required to change the email', 'current_password');
    }
    await checkCurrentPassword(app, user, current_password);
  }
  try {
    return await app.db
      .updateTable('users')
      .set({ ...changes, ...(emailChanged ? { email_verified: false } : {}), updated_at: new Date() })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    rethrowUniqueViolation(err);
  }
}
