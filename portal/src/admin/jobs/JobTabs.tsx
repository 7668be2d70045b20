import { Callout, Tab, Tabs } from '@blueprintjs/core';
import { z } from 'zod';
import type { Pagination } from '@ideamine/shared/envelope';
import { formatCount } from '@ideamine/shared/format';
import { can, hasRole } from '@ideamine/shared/permissions';
import { useAuth } from '../../auth/AuthProvider';
import {
  fetchJobCrawlTasks,
  fetchJobIdeas,
  fetchJobTransformTasks,
  jobKeys,
  type CrawlTask,
  type JobDetail,
  type TransformTask,
} from '../api/jobs';
import { fetchRawDataByJob } from '../api/raw-data';
import { useSearchState } from '../common/screen';
import { DataTable, type DataColumn } from '../table/DataTable';
import { useLocalRows, useRemoteRows, type RowSource } from '../table/row-source';
import { enumParam } from '../users/search-params';
import { crawlColumns, IDEA_COLUMNS, RAW_COLUMNS, transformColumns } from './job-columns';

// The lists under one job: crawl tasks, transform tasks, raw pages (developer+) and ideas, each a
// dense table loaded a page at a time and reloaded while the job runs. Users without tasks:read
// see the first tasks the job detail call carries.

const TABS = ['crawl', 'transform', 'raw', 'ideas'] as const;
type TabId = (typeof TABS)[number];
const tabSchema = z.object({ tab: enumParam(TABS) });

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

interface TabProps {
  jobId: number;
  detail: {
    data: JobDetail | undefined;
    error: unknown;
    isPending: boolean;
    isFetching: boolean;
    dataUpdatedAt: number;
    refetch(): unknown;
  };
  /** Reload interval while the job runs. */
  refetchInterval: number | false;
}

interface ListProps<T> {
  label: string;
  unit: string;
  columns: DataColumn<T>[];
  emptyMessage: string;
  errorFallback: string;
}

function JobList<T extends { id: number }>(props: ListProps<T> & { rows: RowSource<T> }) {
  return (
    <DataTable
      label={props.label}
      columns={props.columns}
      rows={props.rows}
      rowKey={(t) => t.id}
      unit={props.unit}
      emptyMessage={props.emptyMessage}
      errorFallback={props.errorFallback}
      height={420}
    />
  );
}

/** A list the API pages through; `part` keeps its pages apart from the job's other lists. */
function RemoteList<T extends { id: number }>(
  props: TabProps &
    ListProps<T> & {
      part: string;
      fetchPage(page: number, size: number): Promise<{ items: T[]; pagination: Pagination }>;
    },
) {
  const rows = useRemoteRows({
    queryKey: [...jobKeys.of(props.jobId), props.part],
    fetchPage: props.fetchPage,
    refetchInterval: props.refetchInterval,
  });
  return <JobList {...props} rows={rows} />;
}

function FirstOnly(props: { shown: number; of: number }) {
  if (props.of <= props.shown) return null;
  return (
    <Callout intent="primary" icon="info-sign" className="im-section">
      The first {formatCount(props.shown)} of {formatCount(props.of)} tasks. The full list needs the tasks:read
      permission.
    </Callout>
  );
}

/** The first tasks the job detail call carries, for users without tasks:read. */
function DetailTasks<T extends { id: number }>(
  props: TabProps & ListProps<T> & { pick(d: JobDetail): T[]; total(d: JobDetail): number },
) {
  const rows = useLocalRows({ ...props.detail, data: props.detail.data ? props.pick(props.detail.data) : undefined });
  return (
    <>
      {props.detail.data && <FirstOnly shown={rows.count} of={props.total(props.detail.data)} />}
      <JobList {...props} rows={rows} />
    </>
  );
}

function CrawlTasksTab(props: TabProps) {
  const { client, user } = useAuth();
  const table: ListProps<CrawlTask> = {
    label: 'Crawl tasks',
    unit: 'crawl tasks',
    columns: crawlColumns(can(user, 'tasks', 'write')),
    emptyMessage: 'No crawl tasks yet.',
    errorFallback: 'Failed to fetch the crawl tasks',
  };
  return can(user, 'tasks', 'read') ? (
    <RemoteList
      {...props}
      {...table}
      part="crawl"
      fetchPage={(page, size) => fetchJobCrawlTasks(client, props.jobId, page, size)}
    />
  ) : (
    <DetailTasks {...props} {...table} pick={(d) => d.crawl_tasks} total={(d) => total(d.counts.crawl_tasks)} />
  );
}

function TransformTasksTab(props: TabProps) {
  const { client, user } = useAuth();
  const table: ListProps<TransformTask> = {
    label: 'Transform tasks',
    unit: 'transform tasks',
    columns: transformColumns(can(user, 'tasks', 'write'), hasRole(user, 'developer'), can(user, 'tasks', 'read')),
    emptyMessage: 'No transform tasks yet: each crawled page gets one.',
    errorFallback: 'Failed to fetch the transform tasks',
  };
  return can(user, 'tasks', 'read') ? (
    <RemoteList
      {...props}
      {...table}
      part="transform"
      fetchPage={(page, size) => fetchJobTransformTasks(client, props.jobId, page, size)}
    />
  ) : (
    <DetailTasks {...props} {...table} pick={(d) => d.transform_tasks} total={(d) => total(d.counts.transform_tasks)} />
  );
}

function RawDataTab(props: TabProps) {
  const { client } = useAuth();
  return (
    <RemoteList
      {...props}
      part="raw"
      label="Raw data"
      unit="raw pages"
      columns={RAW_COLUMNS}
      emptyMessage="No raw pages yet."
      errorFallback="Failed to fetch the raw pages"
      fetchPage={(page, size) => fetchRawDataByJob(client, props.jobId, page, size)}
    />
  );
}

function IdeasTab(props: TabProps) {
  const { client } = useAuth();
  return (
    <RemoteList
      {...props}
      part="ideas"
      label="Ideas"
      unit="ideas"
      columns={IDEA_COLUMNS}
      emptyMessage="No ideas from this job yet."
      errorFallback="Failed to fetch the ideas"
      fetchPage={(page, size) => fetchJobIdeas(client, props.jobId, page, size)}
    />
  );
}

export function JobTabs(props: TabProps) {
  const { user } = useAuth();
  const [search, setSearch] = useSearchState(tabSchema);
  const showRaw = hasRole(user, 'developer');
  const showIdeas = can(user, 'knowledge', 'read');
  const visible = TABS.filter((t) => (t === 'raw' ? showRaw : t === 'ideas' ? showIdeas : true));
  const selected: TabId = search.tab && visible.includes(search.tab) ? search.tab : 'crawl';
  const counts = props.detail.data?.counts;
  const title = (name: string, n: number | undefined) => (n === undefined ? name : `${name} (${formatCount(n)})`);
  return (
    <Tabs
      id="job-tabs"
      selectedTabId={selected}
      renderActiveTabPanelOnly
      onChange={(tab) => setSearch({ tab: tab === 'crawl' ? undefined : (tab as TabId) })}
    >
      <Tab
        id="crawl"
        title={title('Crawl tasks', counts && total(counts.crawl_tasks))}
        panel={<CrawlTasksTab {...props} />}
      />
      <Tab
        id="transform"
        title={title('Transform tasks', counts && total(counts.transform_tasks))}
        panel={<TransformTasksTab {...props} />}
      />
      {showRaw && <Tab id="raw" title={title('Raw data', counts?.raw_data)} panel={<RawDataTab {...props} />} />}
      {showIdeas && <Tab id="ideas" title={title('Ideas', counts?.knowledge)} panel={<IdeasTab {...props} />} />}
    </Tabs>
  );
}
