import { Button, H2, HTMLTable, Tag } from '@blueprintjs/core';
import { formatTimestamp } from '@ideamine/shared/format';
import { NOTIFICATION_INTENT, useNotifications } from '../../layout/Notifications';
import { Empty } from '../common/QueryState';

/** The notification centre as a page (the Action Center links here). */
export function NotificationsPage() {
  const { notifications, markAllRead, clear } = useNotifications();
  return (
    <div>
      <div className="im-section-head">
        <H2>Notifications</H2>
        <div className="im-row">
          <Button text="Mark all read" icon="tick" onClick={markAllRead} disabled={notifications.length === 0} />
          <Button text="Clear" icon="trash" onClick={clear} disabled={notifications.length === 0} />
        </div>
      </div>
      {notifications.length === 0 ? (
        <Empty message="No notifications" />
      ) : (
        <HTMLTable striped className="im-fill">
          <tbody>
            {notifications.map((n) => (
              <tr key={n.id} className={n.read ? undefined : 'im-unread'}>
                <td>
                  <Tag intent={NOTIFICATION_INTENT[n.type]} minimal>
                    {n.type}
                  </Tag>
                </td>
                <td>{n.message}</td>
                <td className="im-muted">{formatTimestamp(n.timestamp)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
