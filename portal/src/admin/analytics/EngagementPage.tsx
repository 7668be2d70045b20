import { Card, H5, HTMLSelect } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { formatCount, formatNumber, formatShortDate } from '@ideamine/shared/format';
import { QueryState } from '../../features/common/QueryState';
import { useTheme } from '../../layout/ThemeProvider';
import { analyticsKeys, fetchEngagement, type EngagementOverview } from '../api/analytics';
import { PERIODS } from '../api/llm-monitoring';
import { SeriesChart } from '../charts/SeriesChart';
import { AdminPage } from '../common/AdminPage';
import { DataTable, type DataColumn } from '../table/DataTable';
import { localRows } from '../table/row-source';
import { PeriodPicker } from '../llm/PeriodPicker';
import { LIMITS, usePeriodOverview } from './use-period-overview';
import { StatCards } from './StatCards';

// /admin/engagement: how people engage with ideas: views (engaged past 1 s), votes, app
// requests and "I am building this", per day and for the most engaging ideas.

type TopIdea = EngagementOverview['top_ideas'][number];

const COLUMNS: DataColumn<TopIdea>[] = [
  {
    id: 'title',
    name: 'Idea',
    width: 380,
    text: (r) => r.title,
    render: (r) => (
      <Link to="/admin/knowledge/$id" params={{ id: String(r.id) }}>
        {r.title}
      </Link>
    ),
  },
  { id: 'views', name: 'Views', width: 90, text: (r) => formatCount(r.views) },
  { id: 'votes', name: 'Votes', width: 90, text: (r) => formatCount(r.votes) },
  { id: 'app_requests', name: 'App requests', width: 110, text: (r) => formatCount(r.app_requests) },
  { id: 'implementations', name: 'Building it', width: 110, text: (r) => formatCount(r.implementations) },
  {
    id: 'public',
    name: 'Public page',
    width: 110,
    text: (r) => `/ideas/${r.id}/${r.slug}`,
    render: (r) => <a href={`/ideas/${r.id}/${r.slug}`}>Open</a>,
  },
];

export function EngagementPage() {
  const { dark } = useTheme();
  const { search, setSearch, overview } = usePeriodOverview(analyticsKeys.engagement, fetchEngagement);
  return (
    <AdminPage
      title="Engagement"
      description="Views of ideas (engaged when the visitor stayed over a second), votes, app requests and people building an idea."
      actions={<PeriodPicker periods={PERIODS} value={search.period} onChange={(period) => setSearch({ period })} />}
    >
      <QueryState query={overview} errorFallback="Failed to fetch engagement">
        {(data) => {
          const t = data.totals;
          return (
            <>
              <StatCards
                cards={[
                  ['Views', formatCount(t.views), `${formatCount(t.unique_viewers)} unique viewers`],
                  [
                    'Engaged views',
                    formatCount(t.engaged_views),
                    `avg ${formatNumber(t.average_time_on_page_ms / 1000, { decimals: 1 })} s on page`,
                  ],
                  ['Votes', formatCount(t.votes), `${formatCount(t.upvotes)} up · ${formatCount(t.downvotes)} down`],
                  ['App requests', formatCount(t.app_requests)],
                  ['Building it', formatCount(t.implementations)],
                ]}
              />
              <Card className="im-section">
                <SeriesChart
                  title="Per day"
                  labels={data.daily.map((d) => formatShortDate(d.date))}
                  axisNames={['Count']}
                  dark={dark}
                  series={[
                    { name: 'Views', kind: 'bar', color: '#2d72d2', data: data.daily.map((d) => d.views) },
                    { name: 'Votes', kind: 'line', color: '#238551', data: data.daily.map((d) => d.votes) },
                    {
                      name: 'App requests',
                      kind: 'line',
                      color: '#c87619',
                      data: data.daily.map((d) => d.app_requests),
                    },
                    {
                      name: 'Building it',
                      kind: 'line',
                      color: '#7961db',
                      data: data.daily.map((d) => d.implementations),
                    },
                  ]}
                />
              </Card>
              <div className="im-section-head">
                <H5>Most engaging ideas</H5>
                <HTMLSelect
                  aria-label="Ideas shown"
                  value={search.limit}
                  options={LIMITS.map((n) => ({ value: n, label: `Top ${n}` }))}
                  onChange={(e) => setSearch({ limit: Number(e.currentTarget.value) as (typeof LIMITS)[number] })}
                />
              </div>
              <DataTable
                label="Most engaging ideas"
                columns={COLUMNS}
                rows={localRows(data.top_ideas)}
                rowKey={(r) => r.id}
                unit="ideas"
                emptyMessage="No engagement in this period."
                height={360}
              />
            </>
          );
        }}
      </QueryState>
    </AdminPage>
  );
}
