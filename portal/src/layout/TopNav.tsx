import { Alignment, Button, Menu, MenuItem, Navbar, Popover } from '@blueprintjs/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { hasRole } from '@ideamine/shared/permissions';
import { useAuth } from '../auth/AuthProvider';
import { ADMIN_MENU, developerOperations, topNavItems } from '@ideamine/shared/navigation';
import { NotificationBell } from './Notifications';
import { useTheme } from './ThemeProvider';
import { UserMenu } from './UserMenu';

export function TopNav(props: { onMenu(): void; mobile: boolean }) {
  const { user } = useAuth();
  const { dark, toggle } = useTheme();
  const navigate = useNavigate();
  return (
    <Navbar className="im-topnav" fixedToTop>
      <Navbar.Group align={Alignment.START}>
        {props.mobile && <Button variant="minimal" icon="menu" aria-label="Open navigation" onClick={props.onMenu} />}
        <Link to="/" className="im-brand">
          Ideamine
        </Link>
        {!props.mobile && (
          <>
            <Navbar.Divider />
            {topNavItems(user).map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className="im-topnav-link"
                activeProps={{ className: 'im-topnav-link active' }}
              >
                {item.label}
              </Link>
            ))}
            {hasRole(user, 'admin') && (
              <Popover
                placement="bottom-start"
                content={
                  <Menu aria-label="Admin menu">
                    <MenuItem icon="dashboard" text="Operations dashboard" onClick={() => navigate({ to: '/admin' })} />
                    {ADMIN_MENU.map((item) => (
                      <MenuItem
                        key={item.to}
                        icon={item.icon}
                        text={item.label}
                        onClick={() => navigate({ to: item.to })}
                      />
                    ))}
                  </Menu>
                }
              >
                <Button variant="minimal" endIcon="caret-down">
                  Admin
                </Button>
              </Popover>
            )}
            {developerOperations(user).length > 0 && (
              <Popover
                placement="bottom-start"
                content={
                  <Menu aria-label="Operations menu">
                    {developerOperations(user).map((item) => (
                      <MenuItem
                        key={item.to}
                        icon={item.icon}
                        text={item.label}
                        onClick={() => navigate({ to: item.to })}
                      />
                    ))}
                  </Menu>
                }
              >
                <Button variant="minimal" endIcon="caret-down">
                  Operations
                </Button>
              </Popover>
            )}
          </>
        )}
      </Navbar.Group>
      <Navbar.Group align={Alignment.END}>
        <Button variant="minimal" icon="search" aria-label="Search" onClick={() => navigate({ to: '/search' })} />
        <Button
          variant="minimal"
          icon={dark ? 'flash' : 'moon'}
          aria-label={dark ? 'Switch to light mode' : 'Switch to dark mode'}
          onClick={toggle}
        />
        <NotificationBell />
        {user ? (
          <UserMenu />
        ) : (
          <>
            <Link to="/login" className="im-topnav-link">
              Sign in
            </Link>
            {!props.mobile && (
              <Link to="/register" className="bp6-button bp6-intent-primary im-register-link">
                Create account
              </Link>
            )}
          </>
        )}
      </Navbar.Group>
    </Navbar>
  );
}
