import { Tag } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import { formatCount, formatTimestamp } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { fetchRawDataList, rawDataKeys, type RawData, type RawDataFilters } from '../api/raw-data';
import { AdminPage } from '../common/AdminPage';
import { ClearFilters } from '../common/filters';
import { useSearchState } from '../common/screen';
import { DataTable, type DataColumn } from '../table/DataTable';
import { useRemoteRows } from '../table/row-source';
import { SearchBox } from '../users/SearchBox';
import { orderParam, positiveIntParam, textParam } from '../users/search-params';

// /admin/data/raw (role developer): the pages the crawler fetched and the ones added by hand,
// newest first, filtered by job and URL text in the URL. Content is never rendered as HTML.

const searchSchema = z.object({
  job_id: positiveIntParam(),
  search: textParam(),
  order: orderParam(),
});

const COLUMNS: DataColumn<RawData>[] = [
  {
    id: 'id',
    name: 'Id',
    width: 65,
    sortable: true,
    text: (r) => String(r.id),
    render: (r) => (
      <Link to="/admin/data/raw/$id" params={{ id: String(r.id) }}>
        {r.id}
      </Link>
    ),
  },
  {
    id: 'url',
    name: 'URL',
    width: 280,
    text: (r) => r.url,
    render: (r) => (
      <Link to="/admin/data/raw/$id" params={{ id: String(r.id) }}>
        {r.url}
      </Link>
    ),
  },
  { id: 'content_type', name: 'Content type', width: 120, text: (r) => r.content_type },
  { id: 'size_bytes', name: 'Bytes', width: 70, text: (r) => formatCount(r.size_bytes) },
  {
    id: 'job_id',
    name: 'Job',
    width: 70,
    text: (r) => (r.job_id === null ? 'By hand' : String(r.job_id)),
    render: (r) =>
      r.job_id === null ? (
        <span className="im-muted">By hand</span>
      ) : (
        <Link to="/admin/jobs/$id" params={{ id: String(r.job_id) }}>
          {r.job_id}
        </Link>
      ),
  },
  { id: 'http_status', name: 'HTTP', width: 50, text: (r) => (r.http_status === null ? '' : String(r.http_status)) },
  { id: 'fetched_at', name: 'Fetched', width: 125, text: (r) => formatTimestamp(r.fetched_at) },
  { id: 'content_preview', name: 'Preview', width: 360, text: (r) => r.content_preview.replace(/\s+/g, ' ') },
];

export function RawDataPage() {
  const { client } = useAuth();
  const [search, setSearch] = useSearchState(searchSchema);
  const filters: RawDataFilters = search;
  const rows = useRemoteRows({
    queryKey: rawDataKeys.list(filters),
    fetchPage: (page, size) => fetchRawDataList(client, filters, page, size),
  });
  const any = search.job_id !== undefined || search.search !== undefined;
  return (
    <AdminPage
      title="Raw data"
      description="Pages as fetched, before they became ideas. A page added by hand is transformed by the workers like a crawled one."
      actions={<ButtonLink to="/admin/data/raw/new" intent="primary" icon="add" text="New raw page" />}
    >
      <div className="im-filters" role="group" aria-label="Raw data filters">
        <SearchBox
          label="Search raw data"
          placeholder="URL text"
          value={search.search}
          onChange={(value) => setSearch({ search: value })}
        />
        {search.job_id && (
          <Tag large icon="build" onRemove={() => setSearch({ job_id: undefined })}>
            Job {search.job_id}
          </Tag>
        )}
        <ClearFilters active={any} onClear={() => setSearch({ job_id: undefined, search: undefined })} />
      </div>
      <DataTable
        label="Raw data"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        unit="raw pages"
        sort={{ column: 'id', order: search.order }}
        onSort={(s) => setSearch({ order: s.order })}
        emptyMessage={any ? 'No raw pages match these filters.' : 'No raw pages yet.'}
        errorFallback="Failed to fetch raw data"
      />
    </AdminPage>
  );
}
