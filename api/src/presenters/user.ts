import type { User } from '@ideamine/shared/contract/users';
import type { UserRow } from '../queries/users';

/** The only shape of a user the API returns: never the password hash. */
export function presentUser(u: UserRow): User {
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    username: u.username,
    email: u.email,
    role: u.role,
    email_verified: u.email_verified,
    created_at: u.created_at.toISOString(),
    trial_expires_at: u.trial_expires_at ? u.trial_expires_at.toISOString() : null,
    google_id: u.google_id,
    github_id: u.github_id,
    apple_id: u.apple_id,
  };
}
