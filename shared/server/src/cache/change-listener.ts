import pg from 'pg';
import type { Logger } from 'pino';

// Cached reads that change when the data does: database triggers (migration 0025) NOTIFY on
// CHANGE_CHANNEL whenever a statement changes what visitors can see (an idea added, edited,
// scored, hidden, deleted, merged or picked, a vote, a category), whichever process made the
// change: an API process, a worker, psql. Every API process LISTENs on one connection of its own
// and drops its caches at once, so a change shows everywhere within a second, with no broker
// beside PostgreSQL. If the connection drops, the caches are dropped again on reconnecting (a
// notification may have been missed) and the time to live bounds staleness meanwhile.

export const CHANGE_CHANNEL = 'ideamine_public_change';

const RETRY_MS = [250, 1000, 5000];

export interface ChangeListener {
  /** Notifications received so far (lets a test wait for its own change to arrive, never a sleep). */
  received(): number;
  close(): Promise<void>;
}

export async function listenForChanges(
  databaseUrl: string,
  log: Logger,
  onChange: () => void,
): Promise<ChangeListener> {
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;
  let received = 0;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl, application_name: 'ideamine-change-listener' });
    c.on('notification', (n) => {
      if (n.channel !== CHANGE_CHANNEL) return;
      received += 1;
      onChange();
    });
    c.on('error', (err) => {
      log.warn({ err }, 'change listener connection lost; caches expire by their time to live until it is back');
      reconnectSoon(c);
    });
    await c.connect();
    await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    client = c;
    failures = 0;
    onChange(); // whatever changed while not listening
  };

  const reconnectSoon = (broken: pg.Client) => {
    if (closed || client !== broken) return; // an old connection's late error
    client = null;
    broken.end().catch(() => undefined);
    scheduleConnect();
  };

  const scheduleConnect = () => {
    if (closed || retry) return;
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      if (closed) return;
      connect().catch((err: unknown) => {
        log.warn({ err }, 'change listener could not reconnect; retrying');
        scheduleConnect();
      });
    }, delay);
    retry.unref();
  };

  await connect();
  return {
    received: () => received,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
