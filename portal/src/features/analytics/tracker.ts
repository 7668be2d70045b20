import type { ApiClient } from '../../api/client';
import { storedConsent } from './consent';

// Page views and product events for /admin/analytics. Nothing is queued or sent without analytics
// consent (spec s5). Events go in batches: every 5 s, at 20 events, and when the page is hidden.

const FLUSH_INTERVAL_MS = 5000;
const FLUSH_AT = 20;
const VISITOR_KEY = 'ideamine.visitor_id';

interface QueuedEvent {
  name: string;
  path: string;
  occurred_at: string;
  properties?: Record<string, string | number | boolean | null>;
}

export function visitorId(): string {
  let id = localStorage.getItem(VISITOR_KEY);
  if (!id) {
    id = crypto.randomUUID().replace(/-/g, '');
    localStorage.setItem(VISITOR_KEY, id);
  }
  return id;
}

export function createTracker(client: ApiClient) {
  const queue: QueuedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const consent = storedConsent();
    const events = queue.splice(0, 50);
    if (!consent?.analytics_enabled || events.length === 0) return;
    await client.post('/analytics/events', { visitor_id: visitorId(), consent, events }).catch(() => undefined); // analytics never disturbs the visitor
  }

  function track(name: string, properties?: QueuedEvent['properties']): void {
    if (!storedConsent()?.analytics_enabled) return;
    queue.push({ name, path: window.location.pathname, occurred_at: new Date().toISOString(), properties });
    if (queue.length >= FLUSH_AT) void flush();
    else if (!timer) timer = setTimeout(() => void flush(), FLUSH_INTERVAL_MS);
  }

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flush();
  });

  return { track, flush };
}

export type Tracker = ReturnType<typeof createTracker>;
