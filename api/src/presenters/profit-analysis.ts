import type { Selectable } from 'kysely';
import type { ProfitAnalysesTable, ProfitAnalysisBatchesTable } from '@ideamine/server/db/schema';
import { iso } from './time';

export function presentProfitAnalysis(r: Selectable<ProfitAnalysesTable> & { title: string }) {
  return {
    id: r.id,
    knowledge_id: r.knowledge_id,
    title: r.title,
    status: r.status,
    result: (r.result ?? null) as never,
    error: r.error,
    created_at: r.created_at.toISOString(),
  };
}

export function presentBatch(b: Selectable<ProfitAnalysisBatchesTable>) {
  const finished = b.completed + b.failed;
  return {
    id: b.id,
    status: b.status,
    total: b.total,
    completed: b.completed,
    failed: b.failed,
    progress_percentage: b.total ? Math.round((finished / b.total) * 100) : 0,
    error: b.error,
    created_at: b.created_at.toISOString(),
    started_at: iso(b.started_at),
    finished_at: iso(b.finished_at),
  };
}
