import type { Logger } from 'pino';
import * as oidc from 'openid-client';
import { OAUTH_PROVIDER_NAMES, type OAuthProvider } from '@ideamine/shared/contract/oauth';
import { ApiError } from '../../errors';

// Whatever goes wrong talking to a provider becomes a clear envelope error: a code the provider
// refused is the caller's (400, start again); an unreachable or misbehaving provider is a 502.
// Only names, codes and messages are logged: never tokens, codes or secrets.

/** Error codes meaning the authorization code is used, expired or not this client's. */
const REFUSED_CODE_ERRORS = new Set(['invalid_grant', 'bad_verification_code']);

export async function callProvider<T>(log: Logger, provider: OAuthProvider, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw toProviderError(log, provider, err);
  }
}

function toProviderError(log: Logger, provider: OAuthProvider, err: unknown): ApiError {
  const name = OAUTH_PROVIDER_NAMES[provider];
  const e = err as { name?: string; message?: string; code?: string; error?: string; cause?: { message?: string } };
  log.warn(
    { provider, err: { name: e?.name, code: e?.code, error: e?.error, message: e?.message, cause: e?.cause?.message } },
    'oauth provider call failed',
  );
  if (err instanceof oidc.ResponseBodyError && REFUSED_CODE_ERRORS.has(err.error)) {
    return new ApiError(
      'OAUTH_CODE_INVALID',
      `${name} did not accept the authorization code (it may be used or expired); please start again`,
      'code',
    );
  }
  const unreachable =
    (err instanceof TypeError && e.message === 'fetch failed') ||
    e?.code === 'OAUTH_TIMEOUT' ||
    e?.name === 'TimeoutError';
  if (unreachable) {
    return new ApiError('OAUTH_PROVIDER_ERROR', `${name} could not be reached; please try again later`);
  }
  return new ApiError('OAUTH_PROVIDER_ERROR', `${name} gave an unexpected answer; please try again later`);
}
