import {
  OAUTH_PROVIDER_NAMES,
  OAUTH_PROVIDERS,
  type OAuthMode,
  type OAuthProvider,
} from '@ideamine/shared/contract/oauth';
import type { Config } from '../../config';
import { ApiError } from '../../errors';

// Which providers this server offers, and the names of their columns on users.

/** Every provider needs a client id and a secret (Apple's secret is the JWT its console signs). */
export function isConfigured(config: Config, provider: OAuthProvider): boolean {
  const c = config.oauth[provider];
  return !!c.clientId && !!c.clientSecret;
}

export function configuredProviders(config: Config): OAuthProvider[] {
  return OAUTH_PROVIDERS.filter((p) => isConfigured(config, p));
}

export function requireConfigured(config: Config, provider: OAuthProvider): void {
  if (!isConfigured(config, provider)) {
    throw new ApiError(
      'OAUTH_NOT_CONFIGURED',
      `Sign-in with ${OAUTH_PROVIDER_NAMES[provider]} is not configured on this server`,
      'provider',
    );
  }
}

/** The portal pages of spec s2 that receive the provider's redirect. */
export function redirectUriFor(config: Config, provider: OAuthProvider, mode: OAuthMode): string {
  return `${config.oauth.redirectBaseUrl}/auth/${provider}/${mode === 'link' ? 'link-callback' : 'callback'}`;
}

export const ID_COLUMN = { google: 'google_id', github: 'github_id', apple: 'apple_id' } as const;
export const LINKED_AT_COLUMN = {
  google: 'google_linked_at',
  github: 'github_linked_at',
  apple: 'apple_linked_at',
} as const;
