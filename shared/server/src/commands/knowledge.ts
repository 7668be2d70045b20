import type PgBoss from 'pg-boss';
import { TASKS_PER_MESSAGE } from '@ideamine/shared/jobs';
import type { Db } from '../db/database';
import { notFound } from '../errors';
import { bossDb, chunk, sendMany } from '../queue/boss';
import { writeAudit } from './audit';
import type { Actor } from './admin-users';
import { KNOWLEDGE_COLUMNS } from '../queries/knowledge';

// Operator changes to ideas, each audited in the transaction that makes it.

export type KnowledgeChanges = Partial<
  Record<'title' | 'summary' | 'body', string> & Record<'categories' | 'keywords' | 'tags' | 'key_strengths', string[]>
>;

export async function updateKnowledge(db: Db, actor: Actor, id: number, changes: KnowledgeChanges) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('knowledge')
      .select(KNOWLEDGE_COLUMNS)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Knowledge item');
    const after = await trx
      .updateTable('knowledge')
      // Categories an operator chose are theirs: re-filing under new rules leaves them alone.
      .set({ ...changes, ...(changes.categories ? { categories_edited_at: new Date() } : {}), updated_at: new Date() })
      .where('id', '=', id)
      .returning(KNOWLEDGE_COLUMNS)
      .executeTakeFirstOrThrow();
    const keys = Object.keys(changes) as (keyof KnowledgeChanges)[];
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'knowledge.update',
      entityType: 'knowledge',
      entityId: id,
      before: Object.fromEntries(keys.map((k) => [k, before[k]])),
      after: Object.fromEntries(keys.map((k) => [k, after[k]])),
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return after;
  });
}

/** Soft delete: the item leaves every list and waits in Recovery. */
export async function deleteKnowledge(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('knowledge')
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning(['id', 'title'])
      .executeTakeFirst();
    if (!row) throw notFound('Knowledge item');
    await writeAudit(trx, {
      actorId: actor.id,
      action: 'knowledge.delete',
      entityType: 'knowledge',
      entityId: id,
      before: row,
      ip: actor.ip,
      requestId: actor.requestId,
    });
  });
}

/** Queues ideas for enrichment (and then analysis) again; returns the ids that do not exist. */
export async function queueEnrichment(
  db: Db,
  boss: PgBoss,
  ids: number[],
): Promise<{ queued: number; not_found: number[] }> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .updateTable('knowledge')
      .set({ enriched_at: null, analyzed_at: null, updated_at: new Date() })
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .where('merged_into_id', 'is', null)
      .returning('id')
      .execute();
    const foundIds = found.map((r) => r.id);
    await sendMany(
      boss,
      'enrich',
      chunk(foundIds, TASKS_PER_MESSAGE).map((knowledgeIds) => ({ knowledgeIds })),
      { db: bossDb(trx) },
    );
    const set = new Set(foundIds);
    return { queued: foundIds.length, not_found: [...new Set(ids)].filter((id) => !set.has(id)) };
  });
}
