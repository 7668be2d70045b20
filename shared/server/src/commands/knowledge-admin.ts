import type { Db } from '../db/database';
import { ApiError, notFound } from '../errors';
import { KNOWLEDGE_COLUMNS } from '../queries/knowledge';
import { writeAudit } from './audit';
import type { Actor } from './admin-users';

// Admin-only changes to one idea (spec s4, s6): editor pick, visibility, ownership. Each locks the
// row, changes it and writes the audit entry in one transaction.

type Change = 'editor_pick' | 'visibility' | 'ownership';

async function changeIdea(
  db: Db,
  actor: Actor,
  id: number,
  action: Change,
  apply: (before: {
    editor_pick: boolean;
    visibility: string;
    user_id: number | null;
  }) => Promise<Record<string, unknown>>,
) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('knowledge')
      .select(['editor_pick', 'editor_pick_message', 'visibility', 'user_id'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Knowledge item');
    const changes = await apply(before);
    const after = await trx
      .updateTable('knowledge')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .returning(KNOWLEDGE_COLUMNS)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorId: actor.id,
      action: `knowledge.${action}`,
      entityType: 'knowledge',
      entityId: id,
      before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof typeof before] ?? null])),
      after: changes,
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return after;
  });
}

/** Toggles the pick; the message is kept with a pick and cleared with an unpick. */
export const toggleEditorPick = (db: Db, actor: Actor, id: number, message: string | undefined) =>
  changeIdea(db, actor, id, 'editor_pick', async (before) =>
    before.editor_pick
      ? { editor_pick: false, editor_pick_message: null, editor_picked_at: null }
      : { editor_pick: true, editor_pick_message: message || null, editor_picked_at: new Date() },
  );

export const setVisibility = (db: Db, actor: Actor, id: number, visibility: 'public' | 'private') =>
  changeIdea(db, actor, id, 'visibility', async () => ({ visibility }));

/** null removes the owner: the idea is then managed by admins only. */
export const setOwner = (db: Db, actor: Actor, id: number, userId: number | null) =>
  changeIdea(db, actor, id, 'ownership', async () => {
    if (userId !== null) {
      const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) throw new ApiError('VALIDATION_ERROR', 'user_id does not match any user', 'user_id');
    }
    return { user_id: userId };
  });
