import type { Db } from '../db/database';
import { conflict, notFound } from '../errors';
import { KNOWLEDGE_COLUMNS } from '../queries/knowledge';
import type { Actor } from './admin-users';
import { writeAudit } from './audit';

// Knowledge recovery: soft-deleted ideas come back, or go for good. Both audited.

export async function restoreKnowledge(db: Db, actor: Actor, id: number) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('knowledge')
      .set({ deleted_at: null, updated_at: new Date() })
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .returning(KNOWLEDGE_COLUMNS)
      .executeTakeFirst();
    if (!row) throw notFound('Deleted knowledge item');
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'knowledge.restore',
      entityType: 'knowledge',
      entityId: id,
      after: { title: row.title },
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return row;
  });
}

/** Only an item already in Recovery (soft-deleted) can be purged. */
export async function purgeKnowledge(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('knowledge')
      .select(['id', 'title', 'deleted_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Knowledge item');
    if (!row.deleted_at) throw conflict('Only deleted ideas can be purged; delete it first');
    await trx.deleteFrom('knowledge').where('id', '=', id).execute();
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'knowledge.purge',
      entityType: 'knowledge',
      entityId: id,
      before: { title: row.title, deleted_at: row.deleted_at.toISOString() },
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
}
