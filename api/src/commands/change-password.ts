import type { ChangePasswordBody } from '@ideamine/shared/contract/auth';
import { hashPassword, verifyPassword } from '../auth/password';
import { revokeUserSessions } from '../auth/sessions';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import type { UserRow } from '../queries/users';

/** Checks the current password, stores the new one and signs out every other session. */
export async function changePassword(db: Db, user: UserRow, sessionId: string, input: ChangePasswordBody) {
  if (!user.password_hash) {
    throw new ApiError(
      'VALIDATION_ERROR',
      'This account signs in with a linked provider and has no password',
      'current_password',
    );
  }
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    throw new ApiError('VALIDATION_ERROR', 'current_password is incorrect', 'current_password');
  }
  const hash = await hashPassword(input.new_password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    await revokeUserSessions(trx, user.id, 'password changed', sessionId);
  });
}
