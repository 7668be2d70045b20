import { Alignment, Button, Menu, MenuItem, Navbar, Popover } from '@blueprintjs/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { hasRole } from '@ideamine/shared/permissions';
import { useAuth } from '../auth/AuthProvider';
import { ADMIN_MENU, developerOperations, topNavItems, type NavItem } from '@ideamine/shared/navigation';
import { NotificationBell } from './Notifications';
import { useTheme } from './ThemeProvider';
import { UserMenu } from './UserMenu';

/** The Admin menu: the operations dashboard, then the admin screens. */
const ADMIN_TOP_MENU: NavItem[] = [{ label: 'Operations dashboard', to: '/admin', icon: 'dashboard' }, ...ADMIN_MENU];

/** A drop-down of navigation entries in the top bar, named by its button. */
function NavMenu(props: { label: string; items: NavItem[] }) {
  const navigate = useNavigate();
  return (
    <Popover
      placement="bottom-start"
      content={
        <Menu aria-label={`${props.label} menu`}>
          {props.items.map((item) => (
            <MenuItem key={item.to} icon={item.icon} text={item.label} onClick={() => navigate({ to: item.to })} />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" endIcon="caret-down">
        {props.label}
      </Button>
    </Popover>
  );
}

export function TopNav(props: { onMenu(): void; mobile: boolean }) {
  const { user } = useAuth();
  const operations = developerOperations(user);
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
            {hasRole(user, 'admin') && <NavMenu label="Admin" items={ADMIN_TOP_MENU} />}
            {operations.length > 0 && <NavMenu label="Operations" items={operations} />}
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
