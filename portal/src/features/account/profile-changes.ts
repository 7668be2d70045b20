import type { UpdateMeBody } from '@ideamine/shared/contract/auth';
import type { User } from '@ideamine/shared/contract/users';

// What PUT /auth/me gets from the profile form: only the fields that changed, plus the current
// password when the email changes on an account that has a password.

export interface ProfileDraft {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  current_password: string;
}

export function draftOf(user: User): ProfileDraft {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username,
    email: user.email,
    current_password: '',
  };
}

export function emailChanged(user: User, draft: ProfileDraft): boolean {
  return draft.email.trim().toLowerCase() !== user.email.toLowerCase();
}

/**
 * The current password is asked for when the email changes, unless the account is known to
 * have no password (provider-only sign-in). Unknown (status not loaded) asks, to be safe.
 */
export function needsCurrentPassword(user: User, draft: ProfileDraft, hasPassword: boolean | null): boolean {
  return emailChanged(user, draft) && hasPassword !== false;
}

/** The update body, or null when nothing changed. */
export function profileChanges(user: User, draft: ProfileDraft, hasPassword: boolean | null): UpdateMeBody | null {
  const body: UpdateMeBody = {};
  if (draft.first_name.trim() !== user.first_name) body.first_name = draft.first_name.trim();
  if (draft.last_name.trim() !== user.last_name) body.last_name = draft.last_name.trim();
  if (draft.username.trim() !== user.username) body.username = draft.username.trim();
  if (emailChanged(user, draft)) body.email = draft.email.trim();
  if (Object.keys(body).length === 0) return null;
  if (needsCurrentPassword(user, draft, hasPassword) && draft.current_password)
    body.current_password = draft.current_password;
  return body;
}
