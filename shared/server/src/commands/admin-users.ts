import type { UpdateUserBody } from '@ideamine/shared/contract/users';
import type { Db } from '../db/database';
import { conflict, notFound } from '../errors';
import { userWithoutSecrets, type UserRow } from '../queries/users';
import { writeAudit } from './audit';
import { readSetting } from './settings';

// Admin changes to other accounts, each in one transaction with its audit entry. The admin rows
// are locked first so two admins cannot demote or delete each other into a system with none.

export interface Actor {
  id: number;
  ip: string | null;
  requestId: string;
}

async function lockAdminsAndLoad(trx: Db, id: number): Promise<{ user: UserRow; admins: number }> {
  const admins = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .orderBy('id')
    .forUpdate()
    .execute();
  const user = await trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!user) throw notFound('User');
  return { user, admins: admins.length };
}

export async function updateUserAsAdmin(db: Db, actor: Actor, id: number, input: UpdateUserBody): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const { user, admins } = await lockAdminsAndLoad(trx, id);
    if (user.role === 'admin' && input.role && input.role !== 'admin' && admins <= 1) {
      throw conflict('The last admin cannot be demoted; promote another admin first', 'role');
    }
    const changes = { ...input, ...(await trialDates(trx, user, input)) };
    const updated = await trx
      .updateTable('users')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      before: pick(userWithoutSecrets(user), Object.keys(changes)),
      after: pick(userWithoutSecrets(updated), Object.keys(changes)),
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return updated;
  });
}

export async function deleteUserAsAdmin(db: Db, actor: Actor, id: number): Promise<void> {
  if (id === actor.id) throw conflict('You cannot delete your own account');
  await db.transaction().execute(async (trx) => {
    const { user, admins } = await lockAdminsAndLoad(trx, id);
    if (user.role === 'admin' && admins <= 1) throw conflict('The last admin cannot be deleted');
    await trx.deleteFrom('users').where('id', '=', id).execute();
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'user.delete',
      entityType: 'user',
      entityId: id,
      before: userWithoutSecrets(user),
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
}

/** Keeps the trial date meaningful when the role changes and no date was given. */
async function trialDates(
  trx: Db,
  user: UserRow,
  input: UpdateUserBody,
): Promise<Pick<UpdateUserBody, 'trial_expires_at'>> {
  if (input.trial_expires_at !== undefined || !input.role || input.role === user.role) return {};
  if (input.role !== 'trial') return { trial_expires_at: null };
  if (user.trial_expires_at) return {};
  const days = await readSetting(trx, 'auth.trial_days');
  return { trial_expires_at: new Date(Date.now() + days * 86_400_000).toISOString() };
}

function pick(obj: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, obj[k]]));
}
