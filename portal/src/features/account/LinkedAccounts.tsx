import { Alert, Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OAuthProvider } from '@ideamine/shared/contract/oauth';
import { formatShortDate } from '@ideamine/shared/format';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { useNotifications } from '../../layout/Notifications';
import {
  oauthAccountsQuery,
  oauthProvidersQuery,
  useStartOAuthLink,
  useUnlinkOAuthAccount,
} from '../../queries/account';
import { Empty, Loading } from '../common/QueryState';
import { linkedAccountRows, type LinkedAccountRow } from './linked-accounts';

// The linked accounts tab: link a provider (the browser goes to the provider, which sends it
// back to /auth/{provider}/link-callback) or unlink one after confirming.

export function LinkedAccounts() {
  const { client } = useAuth();
  const { notify } = useNotifications();
  const providers = useQuery(oauthProvidersQuery(client));
  const accounts = useQuery(oauthAccountsQuery(client));
  const startLink = useStartOAuthLink();
  const unlink = useUnlinkOAuthAccount();
  const [confirming, setConfirming] = useState<LinkedAccountRow | null>(null);

  if (providers.isPending || accounts.isPending) return <Loading />;
  const rows = linkedAccountRows(providers.data ?? [], accounts.data ?? []);
  if (rows.length === 0) return <Empty message="No sign-in providers are offered by this server." />;

  function link(provider: OAuthProvider) {
    startLink.mutate(provider, {
      onSuccess: (start) => window.location.assign(start.auth_url),
      onError: (error) => notify(messageOf(error, 'Failed to get OAuth URL'), 'error'),
    });
  }

  function confirmUnlink() {
    const row = confirming;
    setConfirming(null);
    if (!row) return;
    unlink.mutate(row.provider, {
      onSuccess: () => notify(`${row.name} account unlinked`, 'success'),
      onError: (error) => notify(messageOf(error, 'Failed to unlink OAuth account'), 'error'),
    });
  }

  return (
    <>
      <p className="im-muted">Sign in with any linked account instead of your password.</p>
      <HTMLTable striped aria-label="Linked accounts">
        <thead>
          <tr>
            <th>Provider</th>
            <th>Status</th>
            <th>Linked since</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.provider}>
              <td>{row.name}</td>
              <td>
                {row.account ? (
                  <Tag intent="success" icon="tick" minimal>
                    Linked
                  </Tag>
                ) : (
                  <Tag minimal>Not linked</Tag>
                )}
              </td>
              <td>{row.account?.linked_at ? formatShortDate(row.account.linked_at) : '—'}</td>
              <td>
                {row.account ? (
                  <Button
                    icon="unlink"
                    text="Unlink"
                    intent="danger"
                    variant="minimal"
                    loading={unlink.isPending && unlink.variables === row.provider}
                    onClick={() => setConfirming(row)}
                  />
                ) : (
                  <Button
                    icon="link"
                    text={`Link ${row.name}`}
                    loading={startLink.isPending && startLink.variables === row.provider}
                    disabled={startLink.isPending}
                    onClick={() => link(row.provider)}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Alert
        isOpen={confirming !== null}
        intent="danger"
        icon="unlink"
        confirmButtonText="Unlink"
        cancelButtonText="Cancel"
        onConfirm={confirmUnlink}
        onCancel={() => setConfirming(null)}
      >
        <p>
          Unlink your {confirming?.name} account? You will no longer be able to sign in with it until you link it again.
        </p>
      </Alert>
    </>
  );
}
