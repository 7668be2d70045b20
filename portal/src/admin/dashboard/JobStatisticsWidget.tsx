import { HTMLTable, SegmentedControl } from '@blueprintjs/core';
import { useState } from 'react';
import { JOB_STATS_PERIODS, type JobStatsPeriod } from '@ideamine/shared/contract/dashboard-health';
import { formatCount, formatPercent, wholePercent } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { adminKeys, fetchJobStats } from './queries';
import { SAMPLE_JOB_STATS } from './sample-data';

/** Job Statistics (spec s2, s9): 24h (default), 7d or 30d; rates are counts over new jobs. */
export function JobStatisticsWidget() {
  const { client } = useAuth();
  const [period, setPeriod] = useState<JobStatsPeriod>('24h');
  const widget = useWidgetData({
    name: 'job statistics',
    queryKey: adminKeys.jobStats(period),
    queryFn: () => fetchJobStats(client, period),
    sample: SAMPLE_JOB_STATS(period),
  });
  return (
    <Widget
      title="Job Statistics"
      widget={widget}
      actions={
        <SegmentedControl
          size="small"
          options={JOB_STATS_PERIODS.map((p) => ({ label: p, value: p }))}
          value={period}
          onValueChange={(v) => setPeriod(v as JobStatsPeriod)}
        />
      }
    >
      {(d) => {
        const rows: [string, number, number | null, number][] = [
          ['New jobs', d.new_jobs.total, null, d.previous_period_change.new_jobs_percentage],
          [
            'Completed',
            d.completed_jobs,
            wholePercent(d.completed_jobs, d.new_jobs.total),
            d.previous_period_change.completed_jobs_percentage,
          ],
          [
            'Failed',
            d.failed_jobs.total,
            wholePercent(d.failed_jobs.total, d.new_jobs.total),
            d.previous_period_change.failed_jobs_percentage,
          ],
          [
            'Active',
            d.active_jobs,
            wholePercent(d.active_jobs, d.new_jobs.total),
            d.previous_period_change.active_jobs_percentage,
          ],
        ];
        return (
          <>
            <HTMLTable compact className="im-fill">
              <thead>
                <tr>
                  <th />
                  <th>Jobs</th>
                  <th>Rate</th>
                  <th>vs previous</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(([label, count, rate, change]) => (
                  <tr key={label}>
                    <td>{label}</td>
                    <td>{formatCount(count)}</td>
                    <td>{rate === null ? '' : `${rate}%`}</td>
                    <td>{formatPercent(change, { sign: true })}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <p className="im-muted">
              Manual {formatCount(d.new_jobs.manual)} · scheduled {formatCount(d.new_jobs.scheduled)}
              {d.failed_jobs.by_reason.length > 0 &&
                ` · failed by reason: ${d.failed_jobs.by_reason.map((r) => `${r.reason} ${r.count}`).join(', ')}`}
            </p>
          </>
        );
      }}
    </Widget>
  );
}
