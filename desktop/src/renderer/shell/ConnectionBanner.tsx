import { Callout } from '@blueprintjs/core';
import { formatTimestamp } from '@ideamine/shared/format';
import { useConnection, useConsole } from '../console-context';

/** Says when the console is offline or still showing cached data, and how old that data is. */
export function ConnectionBanner() {
  const state = useConnection();
  const { settings } = useConsole();
  if (state.kind === 'online') return null;
  if (state.kind === 'starting')
    return state.cachedAt ? (
      <Callout intent="primary" icon="time" compact className="im-section" role="status">
        Showing cached data from {formatTimestamp(state.cachedAt)} while {settings.server_url} answers...
      </Callout>
    ) : null;
  return (
    <Callout intent="warning" icon="offline" className="im-section" role="alert" title="Offline">
      The server at {settings.server_url} cannot be reached (since {formatTimestamp(state.since)}).{' '}
      {state.cachedAt
        ? `Showing data cached at ${formatTimestamp(state.cachedAt)}; the dashboard tabs and the snapshot history work from the cache.`
        : 'Nothing cached for this screen yet.'}
    </Callout>
  );
}
