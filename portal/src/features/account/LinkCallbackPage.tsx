import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { OAUTH_PROVIDER_NAMES } from '@ideamine/shared/contract/oauth';
import { messageOf } from '../../api/errors';
import { LoadingScreen } from '../../layout/GuardScreens';
import { useNotifications } from '../../layout/Notifications';
import { useLinkOAuthAccount } from '../../queries/account';
import { planLinkCallback, providerOf, type LinkCallbackSearch } from './link-callback';

// /auth/{provider}/link-callback: hands the provider's code and state to the API, then returns
// to the linked accounts tab with a toast saying how it went.

const FALLBACK = 'Failed to link OAuth account';

/** States already handed over: the code is single-use, so a remount must not send it again. */
const handled = new Set<string>();

export function LinkCallbackPage(props: { provider: string; search: LinkCallbackSearch }) {
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const { mutateAsync } = useLinkOAuthAccount();
  const { provider: providerParam, search } = props;

  useEffect(() => {
    const key = search.state ?? search.code ?? search.error ?? 'none';
    if (handled.has(key)) return;
    handled.add(key);
    const back = () => navigate({ to: '/my/profile', search: { tab: 'accounts' }, replace: true });
    const provider = providerOf(providerParam);
    if (!provider) {
      notify(`${FALLBACK}: unknown provider ${providerParam}`, 'error');
      void back();
      return;
    }
    const name = OAUTH_PROVIDER_NAMES[provider];
    const plan = planLinkCallback(search, name);
    if (plan.kind === 'refused') {
      notify(plan.message, 'error');
      void back();
      return;
    }
    // A promise, not mutate callbacks: those are dropped if the page remounts meanwhile.
    mutateAsync({ provider, body: plan.body })
      .then(() => notify(`${name} account linked`, 'success'))
      .catch((error: unknown) => notify(messageOf(error, FALLBACK), 'error'))
      .finally(() => void back());
  }, [providerParam, search, mutateAsync, navigate, notify]);

  return <LoadingScreen message="Linking your account..." />;
}
