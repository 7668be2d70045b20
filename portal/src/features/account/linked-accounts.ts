import {
  OAUTH_PROVIDER_NAMES,
  OAUTH_PROVIDERS,
  type OAuthAccount,
  type OAuthProvider,
} from '@ideamine/shared/contract/oauth';

// One row per provider the user can act on: every provider the server offers (to link), and
// every linked one even when the server no longer offers it (to unlink), in the fixed order.

export interface LinkedAccountRow {
  provider: OAuthProvider;
  name: string;
  account: OAuthAccount | null;
}

export function linkedAccountRows(
  offered: readonly { provider: OAuthProvider; name: string }[],
  accounts: readonly OAuthAccount[],
): LinkedAccountRow[] {
  return OAUTH_PROVIDERS.flatMap((provider) => {
    const offer = offered.find((p) => p.provider === provider);
    const account = accounts.find((a) => a.provider === provider) ?? null;
    if (!offer && !account) return [];
    return [{ provider, name: offer?.name ?? OAUTH_PROVIDER_NAMES[provider], account }];
  });
}
