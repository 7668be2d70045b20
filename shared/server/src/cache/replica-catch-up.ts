import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database';

// Cached public reads and a read replica (DATABASE_READ_URL): a change is announced by NOTIFY
// from the primary as it commits, but the replica shows it only once it has replayed that far.
// A cache dropped at the notification could be refilled from the replica before then and keep
// the old answer for its whole time to live. So after each change the caches are dropped again
// once the replica has replayed past the primary's WAL position at the notification. Changes
// arriving while one wait runs share the next wait. A replica far behind (replaying a bulk load,
// or paused) has the caches dropped every GIVE_UP_MS meanwhile, so what it shows is that old at
// most, and dropped once more when it has replayed the change: a wait that ended at its first
// give-up let a cache refilled from the lagging replica keep the old answer for its whole time to
// live, and the in-memory copies keep it until the next change.

const POLL_MS = 20;
/** While the replica is this far behind, the caches are dropped anyway, once per period. */
const GIVE_UP_MS = 10_000;
/** Polls slow down once the replica is that far behind: it will not catch up in milliseconds. */
const SLOW_POLL_MS = 250;

export interface ReplicaCatchUp {
  /** A change was notified: drop the caches again when the replica has it. */
  changed(): void;
  /** Resolves when no wait is running (lets a test wait, never a sleep). */
  idle(): Promise<void>;
}

export function replicaCatchUp(
  primary: Db,
  replica: Db,
  log: Logger,
  onCaughtUp: () => void,
  giveUpMs = GIVE_UP_MS,
): ReplicaCatchUp {
  let running: Promise<void> | null = null;
  let again = false;

  const waitOnce = async () => {
    // The insert position, not the write position (pg_current_wal_lsn): with synchronous_commit
    // off, a commit announced by NOTIFY may not be written yet, and a wait for the write position
    // ended before the replica had the change (the copies in memory then read it too early).
    const { rows } = await sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`.execute(primary);
    const target = rows[0]!.lsn;
    let droppedAt = Date.now();
    let behind = false;
    for (;;) {
      const { rows: done } = await sql<{ caught_up: boolean | null }>`
        SELECT pg_last_wal_replay_lsn() >= ${target}::pg_lsn AS caught_up`.execute(replica);
      // NULL: the read database is no replica (a primary as its own read URL) and has it already.
      if (done[0]?.caught_up !== false) break;
      if (Date.now() - droppedAt > giveUpMs) {
        if (!behind) log.warn({ target }, 'read replica is far behind; public caches dropped while it catches up');
        behind = true;
        onCaughtUp();
        droppedAt = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, behind ? SLOW_POLL_MS : POLL_MS));
    }
    if (behind) log.info({ target }, 'read replica caught up');
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
