import { describe, expect, it } from 'vitest';
import type { TaskHit } from '../api/tasks';
import { BULK_IDS_PER_CALL, filtersForRows, filtersForSearch } from './task-filter';

const hit = (kind: 'crawl' | 'transform', id: number) => ({ kind, id }) as TaskHit;

describe('bulk task filters', () => {
  it('turns the list filter into one API filter per kind, q searching errors and urls', () => {
    expect(filtersForSearch({ status: 'failed', job_id: 7, q: 'HTTP 500' })).toEqual([
      { kind: 'crawl', job_id: 7, status: 'failed', error_contains: 'HTTP 500' },
      { kind: 'transform', job_id: 7, status: 'failed', error_contains: 'HTTP 500' },
    ]);
    expect(filtersForSearch({ kind: 'crawl' })).toEqual([{ kind: 'crawl' }]);
  });

  it('groups checked rows by kind, at most the API limit of ids per call', () => {
    expect(filtersForRows([hit('crawl', 1), hit('transform', 2), hit('crawl', 3)])).toEqual([
      { kind: 'crawl', ids: [1, 3] },
      { kind: 'transform', ids: [2] },
    ]);
    const many = Array.from({ length: BULK_IDS_PER_CALL + 5 }, (_, i) => hit('crawl', i + 1));
    const filters = filtersForRows(many);
    expect(filters.map((f) => f.ids?.length)).toEqual([BULK_IDS_PER_CALL, 5]);
  });
});
