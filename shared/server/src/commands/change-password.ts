import type { ChangePasswordBody } from '@ideamine/shared/contract/auth';
import { checkCurrentPassword } from '../auth/check-password';
import { hashPassword } from '../auth/password';
import { revokeUserSessions } from '../auth/sessions';
import type { AppContext } from '../context';
import type { UserRow } from '../queries/users';

/** Checks the current password, stores the new one and signs out every other session. */
export async function changePassword(app: AppContext, user: UserRow, sessionId: string, input: ChangePasswordBody) {
  await checkCurrentPassword(app, user, input.current_password);
  const hash = await hashPassword(input.new_password);
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    await revokeUserSessions(trx, user.id, 'password changed', sessionId);
  });
}
