import { Tag } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import { TASK_STATUSES } from '@ideamine/shared/contract/jobs';
import { TASK_KINDS } from '@ideamine/shared/contract/queue-control';
import { ClearFilters, FilterSelect } from '../common/filters';
import { statusLabel } from '../jobs/StatusTag';
import { SearchBox } from '../users/SearchBox';
import { enumParam, positiveIntParam, textParam } from '../users/search-params';

// The filters of the tasks screen, kept in the URL: text, kind, status and job.

export const taskSearchSchema = z.object({
  kind: enumParam(TASK_KINDS),
  q: textParam(),
  status: enumParam(TASK_STATUSES),
  job_id: positiveIntParam(),
});
export type TaskSearchState = z.infer<typeof taskSearchSchema>;

const KIND_TEXT: Record<(typeof TASK_KINDS)[number], string> = { crawl: 'Crawl', transform: 'Transform' };

export function TaskFilters(props: { search: TaskSearchState; set(patch: Partial<TaskSearchState>): void }) {
  const { search, set } = props;
  const any = (['kind', 'q', 'status', 'job_id'] as const).some((k) => search[k] !== undefined);
  return (
    <div className="im-filters" role="group" aria-label="Task filters">
      <SearchBox
        label="Search tasks"
        placeholder="URL, error or skip reason"
        value={search.q}
        onChange={(q) => set({ q })}
      />
      <FilterSelect
        label="Kind"
        anyText="Crawl and transform"
        value={search.kind}
        options={TASK_KINDS}
        optionText={(k) => KIND_TEXT[k]}
        onChange={(kind) => set({ kind })}
      />
      <FilterSelect
        label="Status"
        anyText="Any status"
        value={search.status}
        options={TASK_STATUSES}
        optionText={statusLabel}
        onChange={(status) => set({ status })}
      />
      <div style={{ width: 130 }}>
        <SearchBox
          label="Job id"
          placeholder="Job id"
          value={search.job_id === undefined ? undefined : String(search.job_id)}
          onChange={(v) => set({ job_id: v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : undefined })}
        />
      </div>
      {search.job_id !== undefined && (
        <Tag large minimal icon="build">
          <Link to="/admin/jobs/$id" params={{ id: String(search.job_id) }}>
            Open job {search.job_id}
          </Link>
        </Tag>
      )}
      <ClearFilters
        active={any}
        onClear={() => set({ kind: undefined, q: undefined, status: undefined, job_id: undefined })}
      />
    </div>
  );
}
