import { Link } from '@tanstack/react-router';
import { formatCount, formatTimestamp } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { fetchRateLimits, rateLimitKeys, type RateLimit } from '../api/rate-limits';
import { AdminPage } from '../common/AdminPage';
import { DataTable, type DataColumn } from '../table/DataTable';
import { useRemoteRows } from '../table/row-source';

// /admin/rate-limits: crawl politeness per domain pattern; the most specific pattern wins and
// '*' is the default for every other host.

const COLUMNS: DataColumn<RateLimit>[] = [
  {
    id: 'domain_pattern',
    name: 'Domain pattern',
    width: 260,
    text: (r) => r.domain_pattern,
    render: (r) => (
      <Link to="/admin/rate-limits/$id/edit" params={{ id: String(r.id) }}>
        {r.domain_pattern}
      </Link>
    ),
  },
  { id: 'requests_per_minute', name: 'Requests / minute', width: 140, text: (r) => formatCount(r.requests_per_minute) },
  { id: 'burst', name: 'Burst', width: 90, text: (r) => formatCount(r.burst) },
  { id: 'max_concurrency', name: 'Max concurrency', width: 130, text: (r) => formatCount(r.max_concurrency) },
  { id: 'updated_at', name: 'Updated', width: 170, text: (r) => formatTimestamp(r.updated_at) },
];

export function RateLimitsPage() {
  const { client } = useAuth();
  const rows = useRemoteRows({
    queryKey: [...rateLimitKeys.all, 'list'],
    fetchPage: (page, size) => fetchRateLimits(client, page, size),
  });
  return (
    <AdminPage
      title="Rate limits"
      description="How fast the crawler may fetch from each domain. The most specific pattern wins; '*' applies to every other host."
      actions={<ButtonLink to="/admin/rate-limits/new" intent="primary" icon="add" text="New rate limit" />}
    >
      <DataTable
        label="Rate limits"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        unit="rules"
        emptyMessage="No rate limits yet: every domain uses the built-in default."
        errorFallback="Failed to fetch rate limits"
        height={360}
      />
    </AdminPage>
  );
}
