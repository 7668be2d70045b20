import { Button, Menu, MenuDivider, MenuItem, OverlayToaster, Popover, type Intent } from '@blueprintjs/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatTimestamp } from '@ideamine/shared/format';
import { useNavigate } from '@tanstack/react-router';
import { useMarkMatchesRead, useMatchNotifications } from '../queries/watchlists';
import { SETTING_KEYS, readSetting, writeSetting } from '../settings/local-settings';
import { useUnreadInTitle } from './unread-title';

// The notification centre of spec s2-s4 and s9: a toast per notification (hidden after 6000 ms,
// at most three at once), marked read 300 ms after it shows, a list capped at 10, at most 5
// unread kept across reloads.

export const TOAST_TIMEOUT_MS = 6000;
export const MARK_READ_AFTER_MS = 300;
export const NOTIFICATION_LIST_CAP = 10;
export const PERSISTED_UNREAD_CAP = 5;
/** Toasts on screen at once; older ones give way (every notification stays in the bell's list). */
export const MAX_TOASTS = 3;

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface Notification {
  id: string;
  message: string;
  type: NotificationType;
  timestamp: string;
  read: boolean;
}

interface NotificationCentre {
  notifications: Notification[];
  notify(message: string, type?: NotificationType): void;
  markAllRead(): void;
  clear(): void;
}

export const NOTIFICATION_INTENT: Record<NotificationType, Intent> = {
  success: 'success',
  error: 'danger',
  warning: 'warning',
  info: 'primary',
};

const Context = createContext<NotificationCentre | null>(null);

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<Notification[]>(() =>
    readSetting<Notification[]>(SETTING_KEYS.notifications, []),
  );
  const toaster = useRef<OverlayToaster>(null);

  useEffect(() => {
    const unread = notifications.filter((n) => !n.read).slice(0, PERSISTED_UNREAD_CAP);
    writeSetting(SETTING_KEYS.notifications, unread);
  }, [notifications]);

  const markRead = useCallback((id: string) => {
    setNotifications((list) => list.map((n) => (n.id === id ? { ...n, read: true } : n)));
  }, []);

  const notify = useCallback(
    (message: string, type: NotificationType = 'info') => {
      const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      const entry: Notification = { id, message, type, timestamp: new Date().toISOString(), read: false };
      setNotifications((list) => [entry, ...list].slice(0, NOTIFICATION_LIST_CAP));
      toaster.current?.show({ message, intent: NOTIFICATION_INTENT[type], timeout: TOAST_TIMEOUT_MS }, id);
      setTimeout(() => markRead(id), MARK_READ_AFTER_MS);
    },
    [markRead],
  );

  const value = useMemo<NotificationCentre>(
    () => ({
      notifications,
      notify,
      markAllRead: () => setNotifications((list) => list.map((n) => ({ ...n, read: true }))),
      clear: () => setNotifications([]),
    }),
    [notifications, notify],
  );

  return (
    <Context.Provider value={value}>
      {/* Top right under the navigation bar, newest on top: out of the way of the page's forms. */}
      <OverlayToaster ref={toaster} position="top-right" maxToasts={MAX_TOASTS} className="im-toasts" />
      {children}
    </Context.Provider>
  );
}

export function useNotifications(): NotificationCentre {
  const centre = useContext(Context);
  if (!centre) throw new Error('useNotifications outside NotificationsProvider');
  return centre;
}

/**
 * The bell: the signed-in user's new watchlist matches from the server (each links to its idea),
 * then this tab's own notifications. Its count is both unread counts together.
 */
export function NotificationBell() {
  const { notifications, markAllRead, clear } = useNotifications();
  const navigate = useNavigate();
  const matches = useMatchNotifications();
  const markMatches = useMarkMatchesRead();
  const matchItems = matches.data?.items ?? [];
  const unreadMatches = matches.data?.unread ?? 0;
  const unread = notifications.filter((n) => !n.read).length + unreadMatches;
  useUnreadInTitle(unreadMatches);
  const menu = (
    <Menu aria-label="Notifications" className="im-notification-menu">
      {matchItems.length > 0 && (
        <>
          <MenuDivider title={`Watchlist matches (${unreadMatches} unread)`} />
          {matchItems.map((m) => (
            <MenuItem
              key={`${m.watchlist_id}-${m.knowledge_id}`}
              icon="eye-open"
              text={`${m.title} (${m.watchlist_name})`}
              label={formatTimestamp(m.matched_at)}
              multiline
              className={m.read ? undefined : 'im-unread'}
              onClick={() => {
                if (!m.read)
                  markMatches.mutate({ items: [{ watchlist_id: m.watchlist_id, knowledge_id: m.knowledge_id }] });
                void navigate({ to: '/ideas/$id/$slug', params: { id: String(m.knowledge_id), slug: m.slug } });
              }}
            />
          ))}
          <MenuItem icon="list" text="My watchlists" onClick={() => void navigate({ to: '/my/watchlists' })} />
          <MenuDivider />
        </>
      )}
      {notifications.length === 0 && matchItems.length === 0 && <MenuItem disabled text="No notifications" />}
      {notifications.map((n) => (
        <MenuItem
          key={n.id}
          intent={NOTIFICATION_INTENT[n.type]}
          text={n.message}
          label={formatTimestamp(n.timestamp)}
          multiline
          className={n.read ? undefined : 'im-unread'}
        />
      ))}
      {(notifications.length > 0 || unreadMatches > 0) && (
        <>
          <MenuDivider />
          <MenuItem
            icon="tick"
            text="Mark all read"
            onClick={() => {
              markAllRead();
              if (unreadMatches > 0) markMatches.mutate({ all: true });
            }}
          />
          {notifications.length > 0 && <MenuItem icon="trash" text="Clear" onClick={clear} />}
        </>
      )}
    </Menu>
  );
  return (
    <Popover content={menu} placement="bottom-end">
      <Button variant="minimal" icon="notifications" aria-label={`Notifications (${unread} unread)`}>
        {unread > 0 ? <span className="im-badge">{unread}</span> : null}
      </Button>
    </Popover>
  );
}
