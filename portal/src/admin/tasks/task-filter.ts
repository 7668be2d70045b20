import type { TaskFilter, TaskHit, TaskKind, TaskSearch } from '../api/tasks';

// What a bulk action acts on: every task the list's filter matches, or the checked rows. The
// API's bulk call takes one kind at a time, so a filter over both kinds (or checked rows of
// both kinds) becomes one filter per kind.

export const BULK_IDS_PER_CALL = 1000;

export function filtersForSearch(search: TaskSearch): TaskFilter[] {
  const kinds: TaskKind[] = search.kind ? [search.kind] : ['crawl', 'transform'];
  return kinds.map((kind) => ({
    kind,
    ...(search.job_id !== undefined ? { job_id: search.job_id } : {}),
    ...(search.status !== undefined ? { status: search.status } : {}),
    ...(search.q ? { error_contains: search.q } : {}),
  }));
}

export function filtersForRows(rows: Iterable<TaskHit>): TaskFilter[] {
  const byKind = new Map<TaskKind, number[]>();
  for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row.id]);
  const filters: TaskFilter[] = [];
  for (const [kind, ids] of byKind)
    for (let i = 0; i < ids.length; i += BULK_IDS_PER_CALL)
      filters.push({ kind, ids: ids.slice(i, i + BULK_IDS_PER_CALL) });
  return filters;
}

export const taskRowKey = (t: Pick<TaskHit, 'kind' | 'id'>) => `${t.kind}:${t.id}`;
