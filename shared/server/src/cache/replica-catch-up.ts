import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database';

// Cached public reads and a read replica (DATABASE_READ_URL): a change is announced by NOTIFY
// from the primary as it commits, but the replica shows it only once it has replayed that far.
// A cache dropped at the notification could be refilled from the replica before then and keep
// the old answer for its whole time to live. So after each change the caches are dropped again
// once the replica has replayed past the primary's WAL position at the notification. Changes
// arriving while one wait runs share the next wait.

const POLL_MS = 20;
/** Past this the caches are dropped anyway: their time to live bounds what a lagging replica shows. */
const GIVE_UP_MS = 10_000;

export interface ReplicaCatchUp {
  /** A change was notified: drop the caches again when the replica has it. */
  changed(): void;
  /** Resolves when no wait is running (lets a test wait, never a sleep). */
  idle(): Promise<void>;
}

export function replicaCatchUp(primary: Db, replica: Db, log: Logger, onCaughtUp: () => void): ReplicaCatchUp {
  let running: Promise<void> | null = null;
  let again = false;

  const waitOnce = async () => {
    // The insert position, not the write position (pg_current_wal_lsn): with synchronous_commit
    // off, a commit announced by NOTIFY may not be written yet, and a wait for the write position
    // ended before the replica had the change (the copies in memory then read it too early).
    const { rows } = await sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`.execute(primary);
    const target = rows[0]!.lsn;
    const deadline = Date.now() + GIVE_UP_MS;
    for (;;) {
      const { rows: done } = await sql<{ caught_up: boolean | null }>`
        SELECT pg_last_wal_replay_lsn() >= ${target}::pg_lsn AS caught_up`.execute(replica);
      // NULL: the read database is no replica (a primary as its own read URL) and has it already.
      if (done[0]?.caught_up !== false) break;
      if (Date.now() > deadline) {
        log.warn({ target }, 'read replica is more than 10 s behind; public caches dropped without it');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    onCaughtUp();
  };

  const run = (): Promise<void> =>
    waitOnce()
      .catch((err: unknown) => {
        log.warn({ err }, 'could not tell how far the read replica has replayed; public caches dropped');
        onCaughtUp();
      })
      .then(() => {
        if (!again) return;
        again = false;
        return run();
      });

  return {
    changed() {
      if (running) {
        again = true;
        return;
      }
      running = run().finally(() => {
        running = null;
      });
    },
    idle: async () => {
      while (running) await running;
    },
  };
}
