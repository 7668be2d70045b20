import type { AppContext } from '../context';
import { ApiError } from '../errors';
import type { UserRow } from '../queries/users';
import { verifyPassword } from './password';
import { consume, limits, resetLimit } from './throttle';

/** Verifies a signed-in user's current password, counting attempts against the account's limit. */
export async function checkCurrentPassword(app: AppContext, user: UserRow, password: string): Promise<void> {
  if (!user.password_hash) {
    throw new ApiError(
      'VALIDATION_ERROR',
      'This account signs in with a linked provider and has no password',
      'current_password',
    );
  }
  const limit = limits.passwordChecks(app.config, `user:${user.id}`);
  await consume(app.db, limit);
  if (!(await verifyPassword(password, user.password_hash))) {
    throw new ApiError('VALIDATION_ERROR', 'current_password is incorrect', 'current_password');
  }
  await resetLimit(app.db, limit.key);
}
