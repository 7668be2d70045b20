import { useEffect } from 'react';
import { ENGAGEMENT_MIN_MS } from '@ideamine/shared/limits';
import type { ApiClient } from '../../api/client';

/**
 * Reports the time spent on an idea when the visitor leaves it (navigation, tab hidden or
 * closed). Spec s5: only visits over 1000 ms count, so shorter ones are not sent at all.
 */
export function useTimeOnPage(client: ApiClient, ideaId: number, viewToken: string | null): void {
  useEffect(() => {
    if (!viewToken) return;
    const started = performance.now();
    let sent = false;
    const report = () => {
      const elapsed = Math.round(performance.now() - started);
      if (sent || elapsed <= ENGAGEMENT_MIN_MS) return;
      sent = true;
      void fetch(client.url(`/knowledge/${ideaId}/engagement`), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ view_token: viewToken, time_on_page_ms: elapsed }),
        keepalive: true, // survives the page being closed
      }).catch(() => undefined);
    };
    const onHide = () => document.visibilityState === 'hidden' && report();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', report);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', report);
      report();
    };
  }, [client, ideaId, viewToken]);
}
