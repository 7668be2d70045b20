import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import { JOB_SORTS, JOB_STATUSES } from '@ideamine/shared/contract/jobs';
import { formatTimestamp } from '@ideamine/shared/format';
import { seesEveryJob } from '@ideamine/shared/job-ownership';
import { can } from '@ideamine/shared/permissions';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { fetchJobs, isRunning, jobKeys, type Job, type JobFilters } from '../api/jobs';
import { AdminPage } from '../common/AdminPage';
import { ClearFilters, FilterSelect } from '../common/filters';
import { useSearchState } from '../common/screen';
import { DataTable, type DataColumn } from '../table/DataTable';
import { useRemoteRows } from '../table/row-source';
import { SearchBox } from '../users/SearchBox';
import { enumParam, orderParam, sortParam, textParam } from '../users/search-params';
import { StatusTag, statusLabel } from './StatusTag';

// /admin/jobs: crawl jobs, newest first, with status, tag and text filters in the URL (the
// dashboard links to /admin/jobs?status=active) and server-side sort from the column headers.
// Operators see every job with its owner; a trial user sees only their own (the API lists no
// others), so the owner column would only repeat their name.

const searchSchema = z.object({
  status: enumParam(JOB_STATUSES),
  tag: textParam(100),
  search: textParam(),
  sort: sortParam(JOB_SORTS, 'created_at'),
  order: orderParam(),
});
type Search = z.infer<typeof searchSchema>;

const when = (v: string | null) => (v ? formatTimestamp(v) : '');

/** Who started a job: a built-in schedule's jobs, or those of a deleted account, have no owner. */
const ownerText = (j: Job) => j.created_by_username ?? (j.created_by === null ? 'No owner' : `User ${j.created_by}`);

export const JOB_COLUMNS: DataColumn<Job>[] = [
  { id: 'id', name: 'Id', width: 55, text: (j) => String(j.id) },
  {
    id: 'initial_url',
    name: 'Start URL',
    width: 230,
    sortable: true,
    text: (j) => j.initial_url,
    render: (j) => (
      <Link to="/admin/jobs/$id" params={{ id: String(j.id) }}>
        {j.initial_url}
      </Link>
    ),
  },
  {
    id: 'status',
    name: 'Status',
    width: 135,
    sortable: true,
    text: (j) => statusLabel(j.status),
    render: (j) => <StatusTag status={j.status} />,
  },
  { id: 'tag', name: 'Tag', width: 130, sortable: true, text: (j) => j.tag },
  { id: 'origin', name: 'Origin', width: 70, text: (j) => j.origin },
  { id: 'owner', name: 'Owner', width: 110, text: ownerText },
  { id: 'created_at', name: 'Created', width: 118, sortable: true, text: (j) => when(j.created_at) },
  { id: 'started_at', name: 'Started', width: 118, text: (j) => when(j.started_at) },
  { id: 'finished_at', name: 'Finished', width: 118, text: (j) => when(j.finished_at) },
];

/** The columns a user sees: the owner only for operators, who see everyone's jobs. */
const jobColumns = (seesAll: boolean) => (seesAll ? JOB_COLUMNS : JOB_COLUMNS.filter((c) => c.id !== 'owner'));

function Filters(props: { search: Search; set(patch: Partial<Search>): void }) {
  const { search, set } = props;
  const any = search.status !== undefined || search.tag !== undefined || search.search !== undefined;
  return (
    <div className="im-filters" role="group" aria-label="Job filters">
      <SearchBox
        label="Search jobs"
        placeholder="Start URL or tag"
        value={search.search}
        onChange={(value) => set({ search: value })}
      />
      <FilterSelect
        label="Status"
        anyText="Any status"
        value={search.status}
        options={JOB_STATUSES}
        optionText={statusLabel}
        onChange={(status) => set({ status })}
      />
      <SearchBox label="Tag" placeholder="Exact tag" value={search.tag} onChange={(value) => set({ tag: value })} />
      <ClearFilters active={any} onClear={() => set({ status: undefined, tag: undefined, search: undefined })} />
    </div>
  );
}

export function JobsPage() {
  const { client, user } = useAuth();
  const seesAll = seesEveryJob(user);
  const [search, setSearch] = useSearchState(searchSchema);
  const filters: JobFilters = search;
  const rows = useRemoteRows({
    queryKey: jobKeys.list(filters),
    fetchPage: (page, size) => fetchJobs(client, filters, page, size),
    // Running jobs change status by themselves; a filter on them keeps the list current.
    refetchInterval: search.status && isRunning(search.status) ? 5000 : false,
  });
  return (
    <AdminPage
      title="Jobs"
      description={
        seesAll
          ? "Crawl jobs: a start URL crawled within a page, depth and time budget, then turned into ideas. As an operator you see everyone's."
          : 'Your crawl jobs: a start URL crawled within a page, depth and time budget, then turned into ideas.'
      }
      actions={
        can(user, 'jobs', 'write') && <ButtonLink to="/admin/jobs/new" intent="primary" icon="add" text="New job" />
      }
    >
      <Filters search={search} set={setSearch} />
      <DataTable
        label="Jobs"
        columns={jobColumns(seesAll)}
        rows={rows}
        rowKey={(j) => j.id}
        unit="jobs"
        sort={{ column: search.sort, order: search.order }}
        onSort={(s) => setSearch({ sort: s.column as Search['sort'], order: s.order })}
        emptyMessage="No jobs found"
        errorFallback="Failed to fetch jobs"
      />
    </AdminPage>
  );
}
