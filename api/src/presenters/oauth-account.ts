import {
  OAUTH_PROVIDER_NAMES,
  OAUTH_PROVIDERS,
  type OAuthAccount,
  type OAuthProvider,
  type OAuthStatus,
} from '@ideamine/shared/contract/oauth';
import { ID_COLUMN, LINKED_AT_COLUMN } from '@ideamine/server/auth/oauth/providers';
import type { UserRow } from '@ideamine/server/queries/users';

export function presentOAuthAccount(user: UserRow, provider: OAuthProvider): OAuthAccount | null {
  const subject = user[ID_COLUMN[provider]];
  if (!subject) return null;
  const linkedAt = user[LINKED_AT_COLUMN[provider]];
  return { provider, provider_user_id: subject, linked_at: linkedAt ? linkedAt.toISOString() : null };
}

/** The user's linked provider accounts, in the providers' fixed order. */
export function presentOAuthAccounts(user: UserRow): OAuthAccount[] {
  return OAUTH_PROVIDERS.map((p) => presentOAuthAccount(user, p)).filter((a): a is OAuthAccount => a !== null);
}

export function presentOAuthStatus(configured: readonly OAuthProvider[], user: UserRow | null): OAuthStatus {
  return {
    signed_in: !!user,
    has_password: user ? !!user.password_hash : null,
    providers: OAUTH_PROVIDERS.map((provider) => ({
      provider,
      name: OAUTH_PROVIDER_NAMES[provider],
      configured: configured.includes(provider),
      linked: user ? !!user[ID_COLUMN[provider]] : null,
    })),
  };
}
