import { HTMLTable, Tag } from '@blueprintjs/core';
import { formatTimestamp, normaliseStatus } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { adminKeys, fetchSystemStatus } from './queries';
import { SAMPLE_SYSTEM_STATUS } from './sample-data';
import { TableScroll } from '../../features/common/TableScroll';

const INTENT = { healthy: 'success', degraded: 'warning', down: 'danger', unknown: 'none' } as const;

export function StatusTag({ status }: { status: unknown }) {
  const s = normaliseStatus(status);
  return (
    <Tag intent={INTENT[s]} round>
      {s}
    </Tag>
  );
}

export function SystemStatusWidget(props: { autoRefresh: boolean }) {
  const { client } = useAuth();
  const widget = useWidgetData({
    name: 'system status',
    queryKey: adminKeys.systemStatus,
    queryFn: () => fetchSystemStatus(client),
    sample: SAMPLE_SYSTEM_STATUS(),
    autoRefresh: props.autoRefresh,
  });
  return (
    <Widget
      title="System Status"
      widget={widget}
      isEmpty={(d) => d.components.length === 0}
      empty="No system components found"
      actions={widget.data && <StatusTag status={widget.data.overall_status} />}
    >
      {(data) => {
        // Components are probed together: the header's time is theirs. A row says when it was
        // checked only when that is a minute or more before the newest check (a stale probe).
        const newest = Math.max(...data.components.map((c) => Date.parse(c.last_checked)));
        return (
          <TableScroll label="System status">
            <HTMLTable compact className="im-fill">
              <tbody>
                {data.components.map((c) => (
                  <tr key={c.name} title={`Checked ${formatTimestamp(c.last_checked)}`}>
                    <td>{c.name}</td>
                    <td>
                      <StatusTag status={c.status} />
                    </td>
                    <td className="im-muted">
                      {c.message}
                      {newest - Date.parse(c.last_checked) >= 60_000 && (
                        <div>checked {formatTimestamp(c.last_checked)}</div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
        );
      }}
    </Widget>
  );
}
