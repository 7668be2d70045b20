import { Card, Icon } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { formatCount, wholePercent } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { useWidgetData } from '../widgets/use-widget-data';
import { adminKeys, fetchOverviewCounts } from './queries';
import { SAMPLE_OVERVIEW } from './sample-data';

// The Overview's stat cards (spec s2, s9): Total Jobs, Active Jobs, Completion Rate (completed
// over all jobs, whole percent, with the spec's static '+5% vs last week'), Active Schedules.

function StatCard(props: { label: string; value: string; to: string; trend?: string }) {
  return (
    <Link to={props.to} className="im-card-link">
      <Card interactive compact>
        <div className="im-muted">{props.label}</div>
        <div className="im-stat-value">{props.value}</div>
        {props.trend && (
          <div className="im-muted">
            <Icon icon="trending-up" size={12} intent="success" /> {props.trend}
          </div>
        )}
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
  return (
    <div className="im-stat-grid im-section" aria-label="Overview statistics">
      <StatCard label="Total Jobs" value={d ? formatCount(d.totalJobs) : '–'} to="/admin/jobs" />
      <StatCard label="Active Jobs" value={d ? formatCount(d.activeJobs) : '–'} to="/admin/jobs?status=active" />
      <StatCard
        label="Completion Rate"
        value={d ? `${wholePercent(d.completedJobs, d.totalJobs)}%` : '–'}
        to="/admin/jobs?status=completed"
        trend="+5% vs last week"
      />
      <StatCard label="Active Schedules" value={d ? formatCount(d.activeSchedules) : '–'} to="/admin/schedules" />
    </div>
  );
}
