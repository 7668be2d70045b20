import { randomBytes } from 'node:crypto';
import type { OAuthProvider } from '@ideamine/shared/contract/oauth';
import { ID_COLUMN, LINKED_AT_COLUMN } from '../auth/oauth/providers';
import type { ProviderProfile } from '../auth/oauth/profile';
import type { Db } from '../db/database';
import type { UserRow } from '../queries/users';
import { readSetting } from './settings';

// An account made by a first sign-in with a provider: a trial like registration gives, with no
// password, and a username derived from the email (registration's rules: 3-30 of [A-Za-z0-9_.-]).

async function freeUsername(db: Db, email: string, provider: OAuthProvider): Promise<string> {
  let base = email
    .split('@')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9_.-]/g, '')
    .slice(0, 24);
  if (base.length < 3) base = `${provider}_user`;
  const candidates = [base, ...Array.from({ length: 5 }, () => `${base}_${randomBytes(2).toString('hex')}`)];
  const taken = new Set(
    (await db.selectFrom('users').select('username').where('username', 'in', candidates).execute()).map((r) =>
      r.username.toLowerCase(),
    ),
  );
  return candidates.find((c) => !taken.has(c)) ?? `${base}_${randomBytes(3).toString('hex')}`;
}

export async function registerOAuthUser(
  db: Db,
  provider: OAuthProvider,
  profile: ProviderProfile & { email: string },
): Promise<UserRow> {
  const days = await readSetting(db, 'auth.trial_days');
  return db
    .insertInto('users')
    .values({
      email: profile.email,
      username: await freeUsername(db, profile.email, provider),
      first_name: profile.firstName,
      last_name: profile.lastName,
      password_hash: null,
      role: 'trial',
      email_verified: profile.emailVerified,
      trial_expires_at: new Date(Date.now() + days * 86_400_000),
      [ID_COLUMN[provider]]: profile.subject,
      [LINKED_AT_COLUMN[provider]]: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
