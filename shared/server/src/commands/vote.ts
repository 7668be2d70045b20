import type { Db } from '../db/database';
import { notFound } from '../errors';
import { visibleTo, type Viewer } from '../queries/knowledge-visibility';

export type VoteType = 'upvote' | 'downvote';

export interface VoteState {
  knowledge_id: number;
  vote_type: VoteType | null;
  upvotes: number;
  downvotes: number;
  vote_score: number;
}

/**
 * Spec s4: no vote adds one, the same type again removes it, the other type switches it. The
 * idea row is locked first, so concurrent votes on one idea queue up and its counters stay exact.
 */
export async function castVote(db: Db, caller: Viewer, knowledgeId: number, voteType: VoteType): Promise<VoteState> {
  return db.transaction().execute(async (trx) => {
    const idea = await trx
      .selectFrom('knowledge')
      .select('id')
      .where('id', '=', knowledgeId)
      .where('deleted_at', 'is', null)
      .where(visibleTo(caller))
      .forUpdate()
      .executeTakeFirst();
    if (!idea) throw notFound('Idea');
    const existing = await trx
      .selectFrom('knowledge_votes')
      .select(['id', 'vote_type'])
      .where('user_id', '=', caller.id)
      .where('knowledge_id', '=', knowledgeId)
      .executeTakeFirst();
    const delta = { upvote: 0, downvote: 0 };
    let current: VoteType | null;
    if (!existing) {
      await trx
        .insertInto('knowledge_votes')
        .values({ user_id: caller.id, knowledge_id: knowledgeId, vote_type: voteType })
        .execute();
      delta[voteType] += 1;
      current = voteType;
    } else if (existing.vote_type === voteType) {
      await trx.deleteFrom('knowledge_votes').where('id', '=', existing.id).execute();
      delta[voteType] -= 1;
      current = null;
    } else {
      await trx
        .updateTable('knowledge_votes')
        .set({ vote_type: voteType, updated_at: new Date() })
        .where('id', '=', existing.id)
        .execute();
      delta[voteType] += 1;
      delta[existing.vote_type] -= 1;
      current = voteType;
    }
    const counts = await trx
      .updateTable('knowledge')
      .set((eb) => ({
        upvotes: eb('upvotes', '+', delta.upvote),
        downvotes: eb('downvotes', '+', delta.downvote),
      }))
      .where('id', '=', knowledgeId)
      .returning(['upvotes', 'downvotes'])
      .executeTakeFirstOrThrow();
    return {
      knowledge_id: knowledgeId,
      vote_type: current,
      upvotes: counts.upvotes,
      downvotes: counts.downvotes,
      vote_score: counts.upvotes - counts.downvotes,
    };
  });
}
