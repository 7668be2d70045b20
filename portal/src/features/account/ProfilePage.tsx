import { H2, Tab, Tabs } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { User } from '@ideamine/shared/contract/users';
import { useAuth } from '../../auth/AuthProvider';
import { Loading } from '../common/QueryState';
import { AccountOverview } from './AccountOverview';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LinkedAccounts } from './LinkedAccounts';
import { ProfileForm } from './ProfileForm';
import { PROFILE_TAB_TITLES, resolveTab, visibleTabs, type ProfileTab } from './profile-tabs';

// /my/profile: one tab per part of the account; the tab lives in the URL (?tab=).

const profileKey = (u: User) => [u.id, u.first_name, u.last_name, u.username, u.email].join('\u0000');

function panelOf(tab: ProfileTab, user: User): ReactNode {
  switch (tab) {
    case 'profile':
      // A new stored user (saved here, or refreshed from the server) starts a fresh draft.
      return <ProfileForm key={profileKey(user)} user={user} />;
    case 'password':
      return <ChangePasswordForm />;
    case 'accounts':
      return <LinkedAccounts />;
    case 'account':
      return <AccountOverview user={user} />;
  }
}

export function ProfilePage(props: { tab: ProfileTab | undefined; onTab(tab: ProfileTab): void }) {
  const { user } = useAuth();
  if (!user) return <Loading />;
  const selected = resolveTab(props.tab, user);
  return (
    <div>
      <H2>Your profile</H2>
      <p className="im-muted">Signed in as {user.username}.</p>
      <Tabs
        id="profile-tabs"
        selectedTabId={selected}
        onChange={(tab) => props.onTab(tab as ProfileTab)}
        renderActiveTabPanelOnly
        size="large"
      >
        {visibleTabs(user).map((tab) => (
          <Tab key={tab} id={tab} title={PROFILE_TAB_TITLES[tab]} panel={<>{panelOf(tab, user)}</>} />
        ))}
      </Tabs>
    </div>
  );
}
