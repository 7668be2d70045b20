import { Button, Callout, Menu, MenuDivider, MenuItem, Popover, Tag } from '@blueprintjs/core';
import { useNavigate } from '@tanstack/react-router';
import { ROLE_BADGE_INTENT, trialNotice } from '@ideamine/shared/format';
import { useAuth } from '../auth/AuthProvider';

// The user menu of spec s2: profile, change password (not for accounts linked to a provider),
// sign out to /login, the trial expiry alert and a role badge.

export function UserMenu() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  const notice = trialNotice(user);
  const linked = Boolean(user.google_id || user.github_id || user.apple_id);
  const menu = (
    <Menu aria-label="User menu">
      <li className="im-user-menu-head">
        <strong>{user.username}</strong>
        <Tag intent={ROLE_BADGE_INTENT[user.role]} round minimal={user.role === 'guest'}>
          {user.role}
        </Tag>
      </li>
      {notice && (
        <li>
          <Callout intent={notice.kind === 'expired' ? 'danger' : 'warning'} compact>
            {notice.kind === 'expired'
              ? 'Your trial has expired.'
              : `Your trial ends in ${notice.daysLeft} day${notice.daysLeft === 1 ? '' : 's'}.`}
          </Callout>
        </li>
      )}
      <MenuDivider />
      <MenuItem icon="person" text="Open profile" onClick={() => navigate({ to: '/my/profile' })} />
      {!linked && (
        <MenuItem
          icon="key"
          text="Change password"
          onClick={() => navigate({ to: '/my/profile', search: { tab: 'password' } })}
        />
      )}
      <MenuItem icon="cog" text="Settings" onClick={() => navigate({ to: '/my/settings' })} />
      <MenuDivider />
      <MenuItem
        icon="log-out"
        text="Sign out"
        onClick={async () => {
          await logout();
          await navigate({ to: '/login' });
        }}
      />
    </Menu>
  );
  return (
    <Popover content={menu} placement="bottom-end">
      {/* The name holds the username the button shows, as speech input users say what they see. */}
      <Button variant="minimal" icon="user" endIcon="caret-down" aria-label={`${user.username}: user menu`}>
        <span className="im-hide-mobile">{user.username}</span>
      </Button>
    </Popover>
  );
}
