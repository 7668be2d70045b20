import { OAUTH_PROVIDER_NAMES, OAUTH_PROVIDERS, type OAuthProvider } from '@ideamine/shared/contract/oauth';
import { ID_COLUMN, LINKED_AT_COLUMN } from '../auth/oauth/providers';
import type { Db } from '../db/database';
import { conflict, notFound } from '../errors';
import type { UserRow } from '../queries/users';
import { writeAudit } from './audit';

// Linking a provider account to the signed-in user and unlinking it, each audited. The user's
// row is locked first, so two requests at once cannot both pass the checks.

export interface LinkRequest {
  userId: number;
  provider: OAuthProvider;
  subject: string;
  ip: string | null;
  requestId: string;
}

export async function linkProvider(db: Db, r: LinkRequest): Promise<UserRow> {
  const name = OAUTH_PROVIDER_NAMES[r.provider];
  const idColumn = ID_COLUMN[r.provider];
  return db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, r.userId);
    if (user[idColumn] === r.subject) return user;
    const owner = await trx.selectFrom('users').select('id').where(idColumn, '=', r.subject).executeTakeFirst();
    if (owner) throw conflict(`This ${name} account is already linked to another user`, 'provider');
    if (user[idColumn]) {
      throw conflict(`A different ${name} account is linked already; unlink it first`, 'provider');
    }
    const updated = await trx
      .updateTable('users')
      .set({ [idColumn]: r.subject, [LINKED_AT_COLUMN[r.provider]]: new Date(), updated_at: new Date() })
      .where('id', '=', r.userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorId: r.userId,
      action: 'oauth.link',
      entityType: 'user',
      entityId: r.userId,
      after: { provider: r.provider, provider_user_id: r.subject },
      ip: r.ip,
      requestId: r.requestId,
    });
    return updated;
  });
}

export async function unlinkProvider(db: Db, r: Omit<LinkRequest, 'subject'>): Promise<void> {
  const name = OAUTH_PROVIDER_NAMES[r.provider];
  const idColumn = ID_COLUMN[r.provider];
  await db.transaction().execute(async (trx) => {
    const user = await lockUser(trx, r.userId);
    const subject = user[idColumn];
    if (!subject) throw notFound(`A linked ${name} account`);
    const otherLinks = OAUTH_PROVIDERS.filter((p) => p !== r.provider && user[ID_COLUMN[p]]);
    if (!user.password_hash && otherLinks.length === 0) {
      throw conflict(
        `${name} is the only way to sign in to this account; link another provider before unlinking it`,
        'provider',
      );
    }
    await trx
      .updateTable('users')
      .set({ [idColumn]: null, [LINKED_AT_COLUMN[r.provider]]: null, updated_at: new Date() })
      .where('id', '=', r.userId)
      .execute();
    await writeAudit(trx, {
      actorId: r.userId,
      action: 'oauth.unlink',
      entityType: 'user',
      entityId: r.userId,
      before: { provider: r.provider, provider_user_id: subject },
      ip: r.ip,
      requestId: r.requestId,
    });
  });
}

async function lockUser(trx: Db, id: number): Promise<UserRow> {
  const user = await trx.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!user) throw notFound('User');
  return user;
}
