import type { ExpressionBuilder, Selectable } from 'kysely';
import type { ListAvatarsQuery } from '@ideamine/shared/contract/avatars';
import type { Db } from '../db/database';
import type { AvatarsTable, Database } from '../db/schema';
import { likePattern, pageOf } from './paging';

// Reads of avatars. Admins see every avatar; everyone else only their own, and another user's
// avatar does not exist for them (404, not 403).

export type AvatarRow = Selectable<AvatarsTable>;

/** Who is asking: their id, and whether they may see every user's avatars. */
export interface AvatarScope {
  userId: number;
  seesAll: boolean;
}

export function inScope(scope: AvatarScope) {
  return (eb: ExpressionBuilder<Database, 'avatars'>) =>
    scope.seesAll ? eb.lit(true) : eb('user_id', '=', scope.userId);
}

export function findAvatar(db: Db, scope: AvatarScope, id: number): Promise<AvatarRow | undefined> {
  return db.selectFrom('avatars').selectAll().where('id', '=', id).where(inScope(scope)).executeTakeFirst();
}

export function listAvatars(db: Db, scope: AvatarScope, q: ListAvatarsQuery) {
  let base = db.selectFrom('avatars').where(inScope(scope));
  if (q.user_id !== undefined) base = base.where('user_id', '=', q.user_id);
  if (q.search) base = base.where('name', 'ilike', likePattern(q.search));
  return pageOf(base, (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), q);
}
