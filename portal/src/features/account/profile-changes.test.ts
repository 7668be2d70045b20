import { describe, expect, it } from 'vitest';
import type { User } from '@ideamine/shared/contract/users';
import { draftOf, needsCurrentPassword, profileChanges } from './profile-changes';

const user: User = {
  id: 1,
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  role: 'trial',
  email_verified: true,
  created_at: '2026-01-01T00:00:00.000Z',
  trial_expires_at: null,
  google_id: null,
  github_id: null,
  apple_id: null,
};

describe('profile changes', () => {
  it('is null when nothing changed, whitespace and email case included', () => {
    expect(profileChanges(user, draftOf(user), true)).toBeNull();
    expect(profileChanges(user, { ...draftOf(user), first_name: ' Ada ', email: 'ADA@example.com' }, true)).toBeNull();
  });

  it('sends only the changed fields, trimmed', () => {
    expect(profileChanges(user, { ...draftOf(user), last_name: ' King ', username: 'ada2' }, true)).toEqual({
      last_name: 'King',
      username: 'ada2',
    });
  });

  it('adds the current password to an email change when the account has one', () => {
    const draft = { ...draftOf(user), email: 'new@example.com', current_password: 'secret-pass' };
    expect(profileChanges(user, draft, true)).toEqual({ email: 'new@example.com', current_password: 'secret-pass' });
    expect(needsCurrentPassword(user, draft, true)).toBe(true);
  });

  it('does not ask provider-only accounts for a password, but asks when unknown', () => {
    const draft = { ...draftOf(user), email: 'new@example.com' };
    expect(needsCurrentPassword(user, draft, false)).toBe(false);
    expect(needsCurrentPassword(user, draft, null)).toBe(true);
    expect(needsCurrentPassword(user, draftOf(user), true)).toBe(false);
    expect(profileChanges(user, { ...draft, current_password: 'x' }, false)).toEqual({ email: 'new@example.com' });
  });
});
