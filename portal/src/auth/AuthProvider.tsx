import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthResult, LoginBody, RegisterBody } from '@ideamine/shared/contract/auth';
import type { User } from '@ideamine/shared/contract/users';
import type { ApiClient, SignOutReason } from '../api/client';

// Auth state of spec s4: loading, then authenticated (stored user and tokens) or anonymous. The
// stored user is used at once; the profile is then refreshed from the server, and if that fails
// the stored data stays.

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  client: ApiClient;
  login(body: LoginBody): Promise<User>;
  register(body: RegisterBody): Promise<User>;
  /** Completes a sign-in that happened elsewhere (OAuth callback). */
  acceptSignIn(result: AuthResult): void;
  logout(): Promise<void>;
  refreshProfile(): Promise<void>;
  setUser(user: User): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider(props: {
  client: ApiClient;
  onSignedOut: (reason: SignOutReason | undefined) => void;
  children: ReactNode;
}) {
  const { client, onSignedOut } = props;
  const [user, setUserState] = useState<User | null>(() => client.session.user);
  const [status, setStatus] = useState<AuthStatus>(() => initialStatus(client));

  useEffect(
    () =>
      client.subscribe((session, reason) => {
        setUserState(session.user);
        setStatus(session.accessToken && session.user ? 'authenticated' : 'anonymous');
        if (!session.accessToken && reason && reason !== 'signed-out') onSignedOut(reason);
      }),
    [client, onSignedOut],
  );

  const refreshProfile = useCallback(async () => {
    if (!client.session.accessToken) return;
    try {
      const me = await client.get<User>('/auth/me');
      if (client.session.accessToken) client.updateUser(me.data);
    } catch {
      // Keep the stored user: the server may be unreachable for a moment.
    } finally {
      const session = client.session;
      setStatus(session.accessToken && session.user ? 'authenticated' : 'anonymous');
    }
  }, [client]);

  useEffect(() => {
    void refreshProfile();
  }, [refreshProfile]);

  const value = useMemo<AuthState>(
    () => ({
      status,
      user,
      client,
      async login(body) {
        const result = await client.post<AuthResult>('/auth/login', body, { auth: false });
        client.signIn(result.data.tokens, result.data.user);
        return result.data.user;
      },
      async register(body) {
        const result = await client.post<AuthResult>('/auth/register', body, { auth: false });
        client.signIn(result.data.tokens, result.data.user);
        return result.data.user;
      },
      acceptSignIn(result) {
        client.signIn(result.tokens, result.user);
      },
      async logout() {
        const refreshToken = client.session.refreshToken;
        // Signing out locally never waits on the server; revoking the token is best effort.
        client.signOut('signed-out');
        await client
          .post('/auth/logout', refreshToken ? { refresh_token: refreshToken } : {}, { auth: false })
          .catch(() => undefined);
      },
      refreshProfile,
      setUser: (next) => client.updateUser(next),
    }),
    [status, user, client, refreshProfile],
  );
  return <AuthContext.Provider value={value}>{props.children}</AuthContext.Provider>;
}

function initialStatus(client: ApiClient): AuthStatus {
  const session = client.session;
  if (!session.accessToken) return 'anonymous';
  return session.user ? 'authenticated' : 'loading';
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}
