import { AnchorButton, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { formatTimestamp } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { adminKeys, fetchRecentJobs } from './queries';
import { TableScroll } from '../../features/common/TableScroll';

const STATUS_INTENT: Record<string, 'success' | 'primary' | 'danger' | 'warning' | 'none'> = {
  completed: 'success',
  active: 'primary',
  failed: 'danger',
  partially_completed: 'warning',
};

/** The 5 newest jobs (spec s2, s9), with View All, and Submit Your First Job when there are none. */
export function RecentJobs() {
  const { client } = useAuth();
  const widget = useWidgetData({
    name: 'recent jobs',
    queryKey: adminKeys.recentJobs,
    queryFn: () => fetchRecentJobs(client),
    sample: [],
  });
  return (
    <Widget
      title="Recent Jobs"
      widget={widget}
      actions={<AnchorButton href="/admin/jobs" variant="minimal" text="View All" />}
    >
      {(jobs) =>
        jobs.length === 0 ? (
          <NonIdealState
            icon="inbox"
            description="No jobs found"
            action={<AnchorButton href="/admin/submit" intent="primary" text="Submit Your First Job" />}
          />
        ) : (
          <TableScroll label="Recent jobs">
            <HTMLTable compact striped interactive className="im-fill">
              <thead>
                <tr>
                  <th>Job</th>
                  <th>Status</th>
                  <th>Tag</th>
                  <th>Created</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((job) => (
                  <tr key={job.id}>
                    <td>
                      <Link to="/admin/jobs/$id" params={{ id: String(job.id) }}>
                        {job.initial_url}
                      </Link>
                    </td>
                    <td>
                      <Tag minimal intent={STATUS_INTENT[job.status] ?? 'none'}>
                        {job.status}
                      </Tag>
                    </td>
                    <td>{job.tag}</td>
                    <td className="im-muted">{formatTimestamp(job.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
        )
      }
    </Widget>
  );
}
