import { z } from 'zod';

// /my/profile?tab=profile|password|accounts|account. The password tab is hidden for accounts
// linked to a provider (spec s2); asking for a hidden or unknown tab shows the profile tab.

export const PROFILE_TABS = ['profile', 'password', 'accounts', 'account'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const profileSearch = z.object({ tab: z.enum(PROFILE_TABS).optional().catch(undefined) });
export type ProfileSearch = z.infer<typeof profileSearch>;

export const PROFILE_TAB_TITLES: Record<ProfileTab, string> = {
  profile: 'Profile',
  password: 'Change password',
  accounts: 'Linked accounts',
  account: 'Account',
};

interface ProviderIds {
  google_id: string | null;
  github_id: string | null;
  apple_id: string | null;
}

/** Spec s2: the password change is hidden for users with a linked google_id, github_id or apple_id. */
export function hasLinkedProvider(user: ProviderIds): boolean {
  return Boolean(user.google_id || user.github_id || user.apple_id);
}

export function visibleTabs(user: ProviderIds): ProfileTab[] {
  return PROFILE_TABS.filter((tab) => tab !== 'password' || !hasLinkedProvider(user));
}

export function resolveTab(tab: ProfileTab | undefined, user: ProviderIds): ProfileTab {
  return tab && visibleTabs(user).includes(tab) ? tab : 'profile';
}
