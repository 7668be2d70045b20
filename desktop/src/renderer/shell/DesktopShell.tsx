import { Alignment, Button, Icon, Navbar, Switch, Tag, Tooltip } from '@blueprintjs/core';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { ROLE_BADGE_INTENT } from '@ideamine/shared/format';
import { useAuth } from '@ideamine/portal/auth/AuthProvider';
import { Loading } from '@ideamine/portal/features/common/QueryState';
import { ErrorBoundary } from '@ideamine/portal/layout/ErrorBoundary';
import { useTheme } from '@ideamine/portal/layout/ThemeProvider';
import { SETTING_KEYS, useSetting } from '@ideamine/portal/settings/local-settings';
import { useConnection, useConsole } from '../console-context';
import { ConnectionBanner } from './ConnectionBanner';
import { CONSOLE_SIDEBAR } from '@ideamine/shared/navigation';

// The console's frame: a top bar (server, connection, auto-refresh, user), the sidebar of
// operator screens, the offline banner and the screen itself.

function ConnectionTag() {
  const state = useConnection();
  if (state.kind === 'online')
    return (
      <Tag intent="success" icon="globe-network" round>
        Online
      </Tag>
    );
  if (state.kind === 'starting')
    return (
      <Tag intent="primary" icon="time" round>
        Connecting
      </Tag>
    );
  return (
    <Tag intent="warning" icon="offline" round>
      Offline
    </Tag>
  );
}

export function DesktopShell() {
  const { user, logout } = useAuth();
  const { settings, saveSettings, collector } = useConsole();
  const { dark, toggle } = useTheme();
  const navigate = useNavigate();
  // One switch for the widgets' auto-refresh and the console's snapshot collector.
  const [autoRefresh, setAutoRefresh] = useSetting<boolean>(SETTING_KEYS.autoRefresh, settings.auto_refresh);
  useEffect(() => {
    collector.setEnabled(autoRefresh && !!user);
    if (autoRefresh !== settings.auto_refresh) void saveSettings({ auto_refresh: autoRefresh });
  }, [autoRefresh, user, collector, settings.auto_refresh, saveSettings]);

  return (
    <div className="im-app">
      <Navbar className="im-topnav" fixedToTop>
        <Navbar.Group align={Alignment.START}>
          <Navbar.Heading className="im-brand">Ideamine Console</Navbar.Heading>
          <Navbar.Divider />
          <span className="im-muted" title="Server">
            {settings.server_url}
          </span>
          <span style={{ marginLeft: 8 }}>
            <ConnectionTag />
          </span>
        </Navbar.Group>
        <Navbar.Group align={Alignment.END}>
          <Switch
            label="Auto-refresh (30 s)"
            checked={autoRefresh}
            onChange={(e) => setAutoRefresh(e.currentTarget.checked)}
            style={{ margin: '0 12px 0 0' }}
          />
          <Tooltip content={dark ? 'Switch to light mode' : 'Switch to dark mode'}>
            <Button variant="minimal" icon={dark ? 'flash' : 'moon'} aria-label="Toggle dark mode" onClick={toggle} />
          </Tooltip>
          {user && (
            <>
              <span className="im-muted" style={{ margin: '0 8px' }}>
                {user.username}
              </span>
              <Tag intent={ROLE_BADGE_INTENT[user.role]} minimal>
                {user.role}
              </Tag>
              <Button
                variant="minimal"
                icon="log-out"
                text="Sign out"
                onClick={() => void logout().then(() => navigate({ to: '/console/sign-in' }))}
              />
            </>
          )}
        </Navbar.Group>
      </Navbar>
      <div className="im-body">
        {user && (
          <nav className="im-sidebar" aria-label="Console">
            {CONSOLE_SIDEBAR.map((group) => (
              <div key={group.title} className="im-nav-section">
                <div className="im-nav-title">{group.title}</div>
                {group.items.map(({ label, to, icon }) => (
                  <Link key={to} to={to} className="im-nav-item" activeOptions={{ exact: to === '/admin' }}>
                    <Icon icon={icon} /> <span>{label}</span>
                  </Link>
                ))}
              </div>
            ))}
          </nav>
        )}
        <main className="im-main">
          <ConnectionBanner />
          <ErrorBoundary>
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
