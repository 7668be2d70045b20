import { Button, NonIdealState } from '@blueprintjs/core';
import { useNavigate } from '@tanstack/react-router';
import { homeFor } from '@ideamine/shared/navigation';
import { useEffect, useRef, useState } from 'react';
import type { AuthResult } from '@ideamine/shared/contract/auth';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { LoadingScreen } from '../../layout/GuardScreens';
import { safeRedirect } from './auth-search';
import { OAUTH_RETURN_KEY } from './OAuthButtons';

/** /auth/{provider}/callback: hands the provider's answer to the API, then signs in. */
export function OAuthCallbackPage({ provider }: { provider: string }) {
  const { client, acceptSignIn } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // the code is single-use: never send it twice
    started.current = true;
    const query = Object.fromEntries(new URLSearchParams(window.location.search));
    client
      .get<AuthResult>(`/auth/oauth/${provider}/callback`, { query, auth: false })
      .then(async (result) => {
        acceptSignIn(result.data);
        const target = safeRedirect(sessionStorage.getItem(OAUTH_RETURN_KEY) ?? undefined, homeFor(result.data.user));
        sessionStorage.removeItem(OAUTH_RETURN_KEY);
        await navigate({ to: target, replace: true });
      })
      .catch((err: unknown) => setError(messageOf(err, 'Login failed')));
  }, [client, acceptSignIn, navigate, provider]);

  if (!error) return <LoadingScreen message="Signing you in..." />;
  return (
    <NonIdealState
      icon="error"
      title="Sign-in did not complete"
      description={error}
      action={<Button intent="primary" text="Back to sign in" onClick={() => navigate({ to: '/login' })} />}
    />
  );
}
