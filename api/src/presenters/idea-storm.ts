import type { Selectable } from 'kysely';
import type { IdeaStormAnalysesTable } from '@ideamine/server/db/schema';

type Row = Selectable<IdeaStormAnalysesTable>;

export function presentIdeaStorm(r: Row) {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    description: r.description,
    target_market: r.target_market,
    result: r.result as never,
    knowledge_id: r.knowledge_id,
    provider: r.provider,
    model: r.model,
    created_at: r.created_at.toISOString(),
  };
}
