import { Button } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { oauthProvidersQuery } from '../../queries/account';

// One button per configured sign-in provider. The chosen page after sign-in travels in session
// storage, because the provider sends the browser back to /auth/{provider}/callback.

export const OAUTH_RETURN_KEY = 'ideamine.oauth_return';

export function OAuthButtons(props: { redirect: string; onError(message: string): void }) {
  const { client } = useAuth();
  const [busy, setBusy] = useState<string | null>(null);
  const providers = useQuery(oauthProvidersQuery(client));
  const configured = providers.data ?? [];
  if (configured.length === 0) return null;

  async function start(provider: string) {
    setBusy(provider);
    try {
      const result = await client.get<{ auth_url: string }>(`/auth/oauth/${provider}/auth`, { auth: false });
      sessionStorage.setItem(OAUTH_RETURN_KEY, props.redirect);
      window.location.assign(result.data.auth_url);
    } catch (error) {
      props.onError(messageOf(error, 'Failed to get OAuth URL'));
      setBusy(null);
    }
  }

  return (
    <div className="im-oauth-buttons">
      {configured.map((p) => (
        <Button
          key={p.provider}
          fill
          icon="log-in"
          text={`Continue with ${p.name}`}
          loading={busy === p.provider}
          onClick={() => start(p.provider)}
        />
      ))}
    </div>
  );
}
