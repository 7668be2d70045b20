import { HTMLTable, ProgressBar, Tag } from '@blueprintjs/core';
import { formatCount, formatGigabytes, formatNumber, formatPercent, storageIntent } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { adminKeys, fetchDatabaseStatus } from './queries';
import { SAMPLE_DATABASE_STATUS } from './sample-data';
import { TableScroll } from '../../features/common/TableScroll';

/** Database Status (spec s2, s9): connection, storage bar in GB, average query time, record counts. */
export function DatabaseStatusWidget() {
  const { client } = useAuth();
  const widget = useWidgetData({
    name: 'database status',
    queryKey: adminKeys.databaseStatus,
    queryFn: () => fetchDatabaseStatus(client),
    sample: SAMPLE_DATABASE_STATUS(),
  });
  return (
    <Widget title="Database Status" widget={widget}>
      {(d) => (
        <>
          <div className="im-row im-section">
            <Tag intent={d.connection_status === 'connected' ? 'success' : 'danger'} round>
              {d.connection_status}
            </Tag>
            <span className="im-muted">average query {formatNumber(d.query_performance.avg_response_time_ms)} ms</span>
          </div>
          <div className="im-section">
            <div className="im-row">
              <span>Storage</span>
              <strong>
                {formatGigabytes(d.storage_utilization.used_mb)} of {formatGigabytes(d.storage_utilization.total_mb)}
              </strong>
              <span className="im-muted">{formatPercent(d.storage_utilization.percentage)}</span>
            </div>
            <ProgressBar
              aria-label="Storage used"
              value={Math.min(1, d.storage_utilization.percentage / 100)}
              intent={storageIntent(d.storage_utilization.percentage)}
              animate={false}
              stripes={false}
            />
          </div>
          <TableScroll label="Database tables">
            <HTMLTable compact striped className="im-fill">
              <tbody>
                {d.record_counts.map((r) => (
                  <tr key={r.entity}>
                    <td>{r.entity}</td>
                    <td>
                      {r.estimated ? '~' : ''}
                      {formatCount(r.count)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
        </>
      )}
    </Widget>
  );
}
