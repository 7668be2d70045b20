import { Card, H5, HTMLTable, HTMLSelect, ProgressBar } from '@blueprintjs/core';
import { formatCount, formatShortDate, wholePercent } from '@ideamine/shared/format';
import { QueryState } from '../../features/common/QueryState';
import { useTheme } from '../../layout/ThemeProvider';
import { analyticsKeys, fetchAnalytics, type AnalyticsOverview } from '../api/analytics';
import { PERIODS } from '../api/llm-monitoring';
import { SeriesChart } from '../charts/SeriesChart';
import { AdminPage } from '../common/AdminPage';
import { PeriodPicker } from '../llm/PeriodPicker';
import { LIMITS, usePeriodOverview } from './use-period-overview';
import { StatCards } from './StatCards';

// /admin/analytics: consented page views, visitors and active users, the top pages, the sign-up
// funnel and trial status. Only visitors who accepted analytics are counted (consent 1.0).

function Funnel({ funnel }: { funnel: AnalyticsOverview['signup_funnel'] }) {
  const steps: [string, number][] = [
    ['Visitors', funnel.visitors],
    ['Visited the sign-up page', funnel.register_page_visitors],
    ['Signed up', funnel.signups],
    ['Started a trial', funnel.trial_signups],
  ];
  return (
    <Card role="region" aria-label="Sign-up funnel" className="im-widget">
      <H5>Sign-up funnel</H5>
      <HTMLTable compact className="im-fill">
        <tbody>
          {steps.map(([label, count], i) => (
            <tr key={label}>
              <td>{label}</td>
              <td>{formatCount(count)}</td>
              <td style={{ width: '40%' }}>
                <ProgressBar
                  aria-label={`${label}: share of visitors`}
                  animate={false}
                  stripes={false}
                  intent="primary"
                  value={funnel.visitors ? count / funnel.visitors : 0}
                />
              </td>
              <td className="im-muted">
                {i === 0 ? '' : `${wholePercent(count, steps[i - 1]![1])}% of the step before`}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}

export function AnalyticsPage() {
  const { dark } = useTheme();
  const { search, setSearch, overview } = usePeriodOverview(analyticsKeys.analytics, fetchAnalytics);
  return (
    <AdminPage
      title="Analytics"
      description="Page views and visitors who consented to analytics, sign-ups and trials."
      actions={<PeriodPicker periods={PERIODS} value={search.period} onChange={(period) => setSearch({ period })} />}
    >
      <QueryState query={overview} errorFallback="Failed to fetch analytics">
        {(data) => (
          <>
            <StatCards
              cards={[
                ['Active users', formatCount(data.active_users), 'signed in and active'],
                ['Unique visitors', formatCount(data.unique_visitors)],
                ['Page views', formatCount(data.page_views)],
                ['Trials', formatCount(data.trial_status.active), `${formatCount(data.trial_status.expired)} expired`],
              ]}
            />
            <Card className="im-section">
              <SeriesChart
                title="Per day"
                labels={data.daily.map((d) => formatShortDate(d.date))}
                axisNames={['Count']}
                dark={dark}
                series={[
                  { name: 'Page views', kind: 'bar', color: '#2d72d2', data: data.daily.map((d) => d.page_views) },
                  { name: 'Visitors', kind: 'line', color: '#238551', data: data.daily.map((d) => d.visitors) },
                  { name: 'Sign-ups', kind: 'line', color: '#c87619', data: data.daily.map((d) => d.signups) },
                ]}
              />
            </Card>
            <div className="im-widget-grid">
              <Card role="region" aria-label="Top pages" className="im-widget">
                <div className="im-widget-head">
                  <H5>Top pages</H5>
                  <HTMLSelect
                    aria-label="Pages shown"
                    value={search.limit}
                    options={LIMITS.map((n) => ({ value: n, label: `Top ${n}` }))}
                    onChange={(e) => setSearch({ limit: Number(e.currentTarget.value) as (typeof LIMITS)[number] })}
                  />
                </div>
                {data.top_pages.length === 0 ? (
                  <p className="im-muted">No page views in this period.</p>
                ) : (
                  <HTMLTable compact striped className="im-fill">
                    <thead>
                      <tr>
                        <th>Page</th>
                        <th>Views</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.top_pages.map((p) => (
                        <tr key={p.path}>
                          <td>{p.path}</td>
                          <td>{formatCount(p.views)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                )}
              </Card>
              <Funnel funnel={data.signup_funnel} />
              <Card role="region" aria-label="Trial status" className="im-widget">
                <H5>Trial status</H5>
                <HTMLTable compact className="im-fill">
                  <tbody>
                    <tr>
                      <td>Active trials</td>
                      <td>{formatCount(data.trial_status.active)}</td>
                    </tr>
                    <tr>
                      <td>Expired trials</td>
                      <td>{formatCount(data.trial_status.expired)}</td>
                    </tr>
                    <tr>
                      <td>Not on a trial</td>
                      <td>{formatCount(data.trial_status.not_applicable)}</td>
                    </tr>
                  </tbody>
                </HTMLTable>
              </Card>
            </div>
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
