import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChangePasswordBody, UpdateMeBody } from '@ideamine/shared/contract/auth';
import type {
  OAuthAccount,
  OAuthLinkBody,
  OAuthProvider,
  OAuthStatus,
  oauthAuthStartSchema,
  oauthProviderSchema,
} from '@ideamine/shared/contract/oauth';
import type { User } from '@ideamine/shared/contract/users';
import type { ApiClient } from '../api/client';
import { useAuth } from '../auth/AuthProvider';
import { keys } from './keys';

// The signed-in user's own account: profile, password and linked sign-in providers. The profile
// itself lives in the auth context; these calls update it there.

export type OAuthProviderOption = z.infer<typeof oauthProviderSchema>;
export type OAuthStart = z.infer<typeof oauthAuthStartSchema>;

/** Spec s7: the provider list is empty when it cannot be loaded. */
export const oauthProvidersQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: keys.oauth.providers,
    queryFn: async () =>
      (await client.get<OAuthProviderOption[]>('/auth/oauth/providers').catch(() => ({ data: [] }))).data,
    staleTime: 300_000,
  });

/** Spec s7: the account list is empty when it cannot be loaded. */
export const oauthAccountsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: keys.oauth.accounts,
    queryFn: async () => (await client.get<OAuthAccount[]>('/auth/me/oauth-accounts').catch(() => ({ data: [] }))).data,
  });

/** Whether the account has a password (an email change then needs it) and which providers are linked. */
export const oauthStatusQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: keys.oauth.status,
    queryFn: async () => (await client.get<OAuthStatus>('/auth/oauth/status')).data,
  });

/**
 * Saving replaces the stored user, which remounts the profile form with a fresh draft; so the
 * caller's reactions live on the mutation itself, where they run even after that remount.
 */
export function useUpdateProfile(on: { saved(user: User): void; failed(error: unknown): void }) {
  const { client, setUser } = useAuth();
  return useMutation({
    mutationFn: async (body: UpdateMeBody) => (await client.put<User>('/auth/me', body)).data,
    onSuccess: (user) => {
      setUser(user);
      on.saved(user);
    },
    onError: on.failed,
  });
}

export function useChangePassword() {
  const { client } = useAuth();
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) =>
      (await client.post<{ message: string }>('/auth/change-password', body)).data,
  });
}

/** Asks for the provider's authorization URL in link mode; the caller sends the browser there. */
export function useStartOAuthLink() {
  const { client } = useAuth();
  return useMutation({
    mutationFn: async (provider: OAuthProvider) =>
      (await client.get<OAuthStart>(`/auth/oauth/${provider}/auth`, { query: { mode: 'link' } })).data,
  });
}

/** Linking or unlinking changes the user (google_id, github_id, apple_id) and the account lists. */
function useAfterLinkChange() {
  const { refreshProfile } = useAuth();
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      refreshProfile(),
      queryClient.invalidateQueries({ queryKey: keys.oauth.accounts }),
      queryClient.invalidateQueries({ queryKey: keys.oauth.status }),
    ]);
  };
}

export function useLinkOAuthAccount() {
  const { client } = useAuth();
  const afterChange = useAfterLinkChange();
  return useMutation({
    mutationFn: async (input: { provider: OAuthProvider; body: OAuthLinkBody }) =>
      (await client.post<OAuthAccount>(`/auth/me/oauth-accounts/${input.provider}/link`, input.body)).data,
    onSuccess: afterChange,
  });
}

export function useUnlinkOAuthAccount() {
  const { client } = useAuth();
  const afterChange = useAfterLinkChange();
  return useMutation({
    mutationFn: async (provider: OAuthProvider) =>
      (await client.delete<{ message: string }>(`/auth/me/oauth-accounts/${provider}`)).data,
    onSuccess: afterChange,
  });
}
