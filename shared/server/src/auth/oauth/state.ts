import { createHash, randomBytes } from 'node:crypto';
import { OAUTH_PROVIDER_NAMES, type OAuthMode, type OAuthProvider } from '@ideamine/shared/contract/oauth';
import type { Db } from '../../db/database';
import { ApiError } from '../../errors';

// Started authorizations, kept server-side until their callback uses them up. The random state
// ties the callback to the PKCE verifier and nonce made here; it is stored hashed.

const STATE_TTL_MS = 10 * 60_000;

export interface PendingAuthorization {
  provider: OAuthProvider;
  mode: OAuthMode;
  /** The user who asked to link; null when signing in. */
  userId: number | null;
  codeVerifier: string;
  nonce: string | null;
  redirectUri: string;
}

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** A new state: 256 random bits. */
export const newState = () => randomBytes(32).toString('base64url');

/** Stores a pending authorization under its state, for 10 minutes. */
export async function saveState(db: Db, state: string, pending: PendingAuthorization): Promise<void> {
  // Abandoned authorizations are dropped here, so the table never grows without bound.
  await db.deleteFrom('oauth_states').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('oauth_states')
    .values({
      state_hash: hashState(state),
      provider: pending.provider,
      mode: pending.mode,
      user_id: pending.userId,
      code_verifier: pending.codeVerifier,
      nonce: pending.nonce,
      redirect_uri: pending.redirectUri,
      expires_at: new Date(Date.now() + STATE_TTL_MS),
    })
    .execute();
}

const invalid = (message: string) => new ApiError('OAUTH_STATE_INVALID', message, 'state');

const MODE_WORDS: Record<OAuthMode, string> = { signin: 'signing in', link: 'linking an account' };

/**
 * Uses up a state: deleted whatever the outcome, in one statement, so a replay finds nothing.
 * Refuses a state that is unknown, expired, or was issued for another provider, purpose or user.
 */
export async function takeState(
  db: Db,
  state: string,
  expected: { provider: OAuthProvider; mode: OAuthMode; userId?: number },
): Promise<PendingAuthorization> {
  const row = await db
    .deleteFrom('oauth_states')
    .where('state_hash', '=', hashState(state))
    .returningAll()
    .executeTakeFirst();
  if (!row) throw invalid('state is unknown or was already used; please start again');
  if (row.expires_at.getTime() < Date.now()) throw invalid('state has expired; please start again');
  if (row.provider !== expected.provider) {
    throw invalid(
      `state was issued for ${OAUTH_PROVIDER_NAMES[row.provider]}, not ${OAUTH_PROVIDER_NAMES[expected.provider]}`,
    );
  }
  if (row.mode !== expected.mode) {
    throw invalid(`state was issued for ${MODE_WORDS[row.mode]}, not for ${MODE_WORDS[expected.mode]}`);
  }
  if (expected.userId !== undefined && row.user_id !== expected.userId) {
    throw invalid('state was issued to another user');
  }
  return {
    provider: row.provider,
    mode: row.mode,
    userId: row.user_id,
    codeVerifier: row.code_verifier,
    nonce: row.nonce,
    redirectUri: row.redirect_uri,
  };
}
