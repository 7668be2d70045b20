import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';

// A real OpenID Connect provider (oidc-provider) on a loopback port, standing in for Google or
// Apple. Sign-in needs no form: the account is the authorization request's login_hint, which a
// test appends to the auth_url, and consent is given at once.

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface OidcServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by sub; a test adds the ones it signs in with. */
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

export async function startOidcServer(redirectUris: string[]): Promise<OidcServer> {
  const accounts = new Map<string, TestAccount>();
  const clientId = 'ideamine-test';
  const clientSecret = 'test-secret-that-is-long-enough-for-hs256';
  const server: Server = (await import('node:http')).createServer();
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...key, kid: 'test', use: 'sig', alg: 'RS256' }] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: async () => ({ ...account }) };
    },
    // Consent is implied: the test client gets every scope it asks for.
    loadExistingGrant: async (ctx: {
      oidc: { client: { clientId: string }; session: { accountId: string }; params: { scope?: string } };
    }) => {
      const grant = new provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope(ctx.oidc.params.scope ?? 'openid');
      await grant.save();
      return grant;
    },
  });
  // The login screen: whoever login_hint names signs in.
  provider.use(async (ctx, next) => {
    if (ctx.method !== 'GET' || !ctx.path.startsWith('/interaction/')) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const accountId = String(details.params.login_hint ?? '');
    ctx.respond = false;
    await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId } }, { mergeWithLastSubmission: false });
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
