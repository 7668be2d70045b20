import { describe, expect, it } from 'vitest';
import { profileSearch, resolveTab, visibleTabs } from './profile-tabs';

const plain = { google_id: null, github_id: null, apple_id: null };
const linked = { ...plain, github_id: '42' };

describe('profile tabs', () => {
  it('hides the password tab for accounts linked to a provider', () => {
    expect(visibleTabs(plain)).toEqual(['profile', 'password', 'accounts', 'account']);
    expect(visibleTabs(linked)).toEqual(['profile', 'accounts', 'account']);
  });

  it('shows the profile tab for a missing, hidden or unknown tab', () => {
    expect(resolveTab(undefined, plain)).toBe('profile');
    expect(resolveTab('password', linked)).toBe('profile');
    expect(resolveTab('password', plain)).toBe('password');
    expect(resolveTab('accounts', linked)).toBe('accounts');
  });

  it('reads the tab from the URL and ignores bad values', () => {
    expect(profileSearch.parse({ tab: 'account' })).toEqual({ tab: 'account' });
    expect(profileSearch.parse({ tab: 'nope' })).toEqual({ tab: undefined });
    expect(profileSearch.parse({})).toEqual({});
  });
});
