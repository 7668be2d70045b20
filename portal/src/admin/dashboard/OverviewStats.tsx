import { Card } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatCount, wholePercent } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { useWidgetData } from '../widgets/use-widget-data';
import { adminKeys, fetchJobStats, fetchOverviewCounts } from './queries';
import { SAMPLE_OVERVIEW } from './sample-data';

// The Overview's stat cards (spec s2, s9): Total Jobs, Active Jobs, Completion Rate (completed
// over all jobs, whole percent), Active Schedules. Under the rate, how many jobs completed in the
// last 7 days, from the job statistics: the spec's static '+5% vs last week' read as a measured
// trend and was not one.

function StatCard(props: { label: string; value: string; to: string; trend?: string }) {
  return (
    <Link to={props.to} className="im-card-link">
      <Card interactive compact>
        <div className="im-muted">{props.label}</div>
        <div className="im-stat-value">{props.value}</div>
        {props.trend && <div className="im-muted">{props.trend}</div>}
      </Card>
    </Link>
  );
}

export function OverviewStats() {
  const { client } = useAuth();
  const widget = useWidgetData({
    name: 'job statistics',
    queryKey: adminKeys.overview,
    queryFn: () => fetchOverviewCounts(client),
    sample: SAMPLE_OVERVIEW(),
  });
  const d = widget.data;
  const week = useQuery({ queryKey: ['admin', 'jobs-completed-7d'], queryFn: () => fetchJobStats(client, '7d') });
  const completedThisWeek = week.data
    ? `${formatCount(week.data.completed_jobs)} completed in the last 7 days`
    : undefined;
  return (
    <div className="im-stat-grid im-section" aria-label="Overview statistics">
      <StatCard label="Total Jobs" value={d ? formatCount(d.totalJobs) : '–'} to="/admin/jobs" />
      <StatCard label="Active Jobs" value={d ? formatCount(d.activeJobs) : '–'} to="/admin/jobs?status=active" />
      <StatCard
        label="Completion Rate"
        value={d ? `${wholePercent(d.completedJobs, d.totalJobs)}%` : '–'}
        to="/admin/jobs?status=completed"
        trend={completedThisWeek}
      />
      <StatCard label="Active Schedules" value={d ? formatCount(d.activeSchedules) : '–'} to="/admin/schedules" />
    </div>
  );
}
