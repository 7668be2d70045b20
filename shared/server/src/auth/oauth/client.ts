import * as oidc from 'openid-client';
import type { OAuthProvider } from '@ideamine/shared/contract/oauth';
import type { Config, GithubProviderConfig, OAuthConfig, OidcProviderConfig } from '../../config';
import { ApiError } from '../../errors';
import { isLoopbackHost } from '../../net/loopback';
import { githubProfile } from './github';
import { cleanEmail, cleanName, isTrue, subjectSchema, type ProviderProfile } from './profile';
import type { PendingAuthorization } from './state';

// The OAuth exchange itself, through openid-client: Google and Apple are OpenID Connect providers
// found by discovery; GitHub is plain OAuth 2.0 with fixed endpoints and a REST API for the user.

const TIMEOUT_SECONDS = 10;

const SCOPES: Record<OAuthProvider, string> = {
  google: 'openid email profile',
  apple: 'openid email',
  github: 'read:user user:email',
};

export const isOidc = (provider: OAuthProvider): provider is 'google' | 'apple' => provider !== 'github';

// One client configuration per provider and process, made on first use (discovery needs the
// network, so never at boot). A failed discovery is forgotten, so the next request tries again.
const configurations = new WeakMap<OAuthConfig, Map<OAuthProvider, Promise<oidc.Configuration>>>();

function configurationFor(config: Config, provider: OAuthProvider): Promise<oidc.Configuration> {
  let perConfig = configurations.get(config.oauth);
  if (!perConfig) configurations.set(config.oauth, (perConfig = new Map()));
  let pending = perConfig.get(provider);
  if (!pending) {
    const made = isOidc(provider) ? discover(config.oauth[provider]) : githubConfiguration(config.oauth.github);
    made.catch(() => {
      if (perConfig.get(provider) === made) perConfig.delete(provider);
    });
    perConfig.set(provider, made);
    pending = made;
  }
  return pending;
}

/** openid-client refuses http; allowed only for a provider on this machine (tests). */
const insecureAllowed = (url: string) => {
  const u = new URL(url);
  return u.protocol === 'http:' && isLoopbackHost(u.hostname);
};

async function discover(c: OidcProviderConfig): Promise<oidc.Configuration> {
  const configuration = await oidc.discovery(new URL(c.issuer), c.clientId!, c.clientSecret, undefined, {
    execute: insecureAllowed(c.issuer) ? [oidc.allowInsecureRequests] : [],
    timeout: TIMEOUT_SECONDS,
  });
  configuration.timeout = TIMEOUT_SECONDS;
  return configuration;
}

async function githubConfiguration(c: GithubProviderConfig): Promise<oidc.Configuration> {
  const configuration = new oidc.Configuration(
    { issuer: new URL(c.authorizeUrl).origin, authorization_endpoint: c.authorizeUrl, token_endpoint: c.tokenUrl },
    c.clientId!,
    c.clientSecret,
  );
  if (insecureAllowed(c.tokenUrl)) oidc.allowInsecureRequests(configuration);
  configuration.timeout = TIMEOUT_SECONDS;
  // GitHub answers a refused code with status 200 and an error body; give it the 400 that OAuth
  // specifies so it reads as the refusal it is.
  const tokenUrl = new URL(c.tokenUrl).href;
  configuration[oidc.customFetch] = async (url, options) => {
    const response = await fetch(url, options as RequestInit);
    if (response.status !== 200 || url !== tokenUrl) return response;
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { error?: unknown } | null;
    if (typeof body?.error !== 'string') return response;
    return new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/json' } });
  };
  return configuration;
}

/** A fresh PKCE verifier, and a nonce for OpenID providers, for a new authorization. */
export function newSecrets(provider: OAuthProvider): Pick<PendingAuthorization, 'codeVerifier' | 'nonce'> {
  return { codeVerifier: oidc.randomPKCECodeVerifier(), nonce: isOidc(provider) ? oidc.randomNonce() : null };
}

/** The provider's authorization URL for a pending authorization (PKCE S256, plus a nonce for OIDC). */
export async function authorizationUrl(config: Config, pending: PendingAuthorization, state: string): Promise<string> {
  const configuration = await configurationFor(config, pending.provider);
  const params: Record<string, string> = {
    redirect_uri: pending.redirectUri,
    scope: SCOPES[pending.provider],
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
  };
  if (pending.nonce) params.nonce = pending.nonce;
  // Apple asks for a form post whenever the email scope is requested (see form-post-callback.ts).
  if (pending.provider === 'apple') params.response_mode = 'form_post';
  return oidc.buildAuthorizationUrl(configuration, params).href;
}

export interface AuthorizationResponse {
  code: string;
  state: string;
  iss?: string | undefined;
}

/** Exchanges the code (with the stored PKCE verifier and nonce) and returns who signed in. */
export async function exchangeCode(
  config: Config,
  pending: PendingAuthorization,
  response: AuthorizationResponse,
): Promise<ProviderProfile> {
  const configuration = await configurationFor(config, pending.provider);
  checkIssuer(configuration, response.iss);
  const currentUrl = new URL(pending.redirectUri);
  currentUrl.searchParams.set('code', response.code);
  currentUrl.searchParams.set('state', response.state);
  if (response.iss !== undefined) currentUrl.searchParams.set('iss', response.iss);
  const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: response.state,
    ...(pending.nonce ? { expectedNonce: pending.nonce } : {}),
  });
  if (!isOidc(pending.provider)) return githubProfile(config.oauth.github, tokens.access_token);
  return oidcProfile(configuration, tokens);
}

/** RFC 9207: a provider that names itself in the redirect must name itself, not another one. */
function checkIssuer(configuration: oidc.Configuration, iss: string | undefined): void {
  const metadata = configuration.serverMetadata();
  if (iss !== undefined && iss !== metadata.issuer) {
    throw new ApiError('VALIDATION_ERROR', 'iss does not match the provider that was asked', 'iss');
  }
  if (iss === undefined && metadata.authorization_response_iss_parameter_supported) {
    throw new ApiError('VALIDATION_ERROR', 'iss is required: pass on the iss parameter the provider sent', 'iss');
  }
}

async function oidcProfile(
  configuration: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<ProviderProfile> {
  const idToken = tokens.claims();
  if (!idToken) throw new Error('the token response has no ID token');
  let claims: Record<string, unknown> = idToken;
  // Some providers keep the email out of the ID token and serve it from userinfo only.
  if (typeof idToken.email !== 'string' && configuration.serverMetadata().userinfo_endpoint) {
    claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), ...idToken };
  }
  const email = cleanEmail(claims.email);
  return {
    subject: subjectSchema.parse(idToken.sub),
    email,
    emailVerified: !!email && isTrue(claims.email_verified),
    firstName: cleanName(claims.given_name),
    lastName: cleanName(claims.family_name),
  };
}
