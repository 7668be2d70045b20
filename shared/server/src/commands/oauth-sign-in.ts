import type { Tokens } from '@ideamine/shared/contract/auth';
import { OAUTH_PROVIDER_NAMES, type OAuthProvider } from '@ideamine/shared/contract/oauth';
import type { ProviderProfile } from '../auth/oauth/profile';
import { ID_COLUMN, LINKED_AT_COLUMN } from '../auth/oauth/providers';
import { openSession, type ClientInfo } from '../auth/sessions';
import type { AppContext } from '../context';
import { ApiError, conflict } from '../errors';
import type { UserRow } from '../queries/users';
import { writeAudit } from './audit';
import { registerOAuthUser } from './register-oauth-user';

// Signing in with a provider: the account already linked to that provider account, else the
// account with the same email when the provider has verified it (which links them), else a new
// account. Then a session, as a password sign-in opens.

export interface OAuthSignIn {
  provider: OAuthProvider;
  profile: ProviderProfile;
  client: ClientInfo;
  requestId: string;
}

export async function signInWithProvider(
  app: AppContext,
  { provider, profile, client, requestId }: OAuthSignIn,
): Promise<{ user: UserRow; tokens: Tokens }> {
  const name = OAUTH_PROVIDER_NAMES[provider];
  const idColumn = ID_COLUMN[provider];
  try {
    return await app.db.transaction().execute(async (trx) => {
      let user = await trx.selectFrom('users').selectAll().where(idColumn, '=', profile.subject).executeTakeFirst();
      if (!user && profile.email) {
        const byEmail = await trx
          .selectFrom('users')
          .selectAll()
          .where('email', '=', profile.email)
          .forUpdate()
          .executeTakeFirst();
        if (byEmail) {
          // An unverified address proves nothing about who owns the account.
          if (!profile.emailVerified) {
            throw conflict(
              `An account with ${profile.email} already exists; sign in to it, then link ${name} from your profile`,
              'email',
            );
          }
          if (byEmail[idColumn]) {
            throw conflict(`The account with ${profile.email} is linked to a different ${name} account`, 'email');
          }
          user = await trx
            .updateTable('users')
            .set({ [idColumn]: profile.subject, [LINKED_AT_COLUMN[provider]]: new Date(), email_verified: true })
            .where('id', '=', byEmail.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          await writeAudit(trx, {
            actorId: user.id,
            action: 'oauth.link',
            entityType: 'user',
            entityId: user.id,
            after: { provider, provider_user_id: profile.subject, matched_by: 'verified email' },
            ip: client.ip,
            requestId,
          });
        }
      }
      if (!user) {
        if (!profile.email) {
          throw new ApiError(
            'OAUTH_EMAIL_REQUIRED',
            `${name} did not share an email address; allow access to your email and try again`,
          );
        }
        user = await registerOAuthUser(trx, provider, { ...profile, email: profile.email });
      }
      const tokens = await openSession(app, user.id, client, trx);
      return { user, tokens };
    });
  } catch (err) {
    // Two first sign-ins racing for the same provider account or email: the loser is told so.
    if ((err as { code?: string }).code === '23505') {
      throw conflict(`This ${name} account or its email is already in use; please sign in again`);
    }
    throw err;
  }
}
