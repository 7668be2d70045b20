import { sql, type RawBuilder } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database';

// A copy of some public data held in this process's memory (the search slice, the public list)
// and kept as current as the database: built once in the background (reads go to PostgreSQL
// meanwhile), then brought up to date before the next read whenever a change is announced (the
// public change NOTIFY). Only what changed since the last read is read again: each read
// remembers the oldest transaction still running in its snapshot, and the next read takes every
// row written or logged as removed by that transaction or a later one (the tables record the
// writing transaction as xid8, migrations 0036 and 0037).

/** Removal logs keep a day (the worker prunes them); a copy last read more than half that ago is built anew. */
const REBUILD_AFTER_MS = 12 * 60 * 60 * 1000;
const RETRY_AFTER_MS = 30_000;
/** A read never answers without changes announced longer ago than this. */
const STALE_LIMIT_MS = 500;

/** The snapshot's oldest running transaction, as text: where the next read of changes starts. */
export const snapshotXmin = sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`;

/**
 * Reads a whole copy in one repeatable-read snapshot: first `before` (anything else the copy
 * needs from that snapshot), then `query`'s rows `batch` at a time through a cursor, handed to
 * `take`, letting requests run between batches. Resolves to where the next read of changes
 * starts (the snapshot's oldest running transaction).
 */
export function readInSnapshot<Row>(
  db: Db,
  query: RawBuilder<Row>,
  batch: number,
  take: (rows: Row[]) => void,
  before?: (trx: Db, readFrom: string) => Promise<void>,
): Promise<string> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows } = await sql<{ from: string }>`SELECT ${snapshotXmin} AS from`.execute(trx);
      const readFrom = rows[0]!.from;
      await before?.(trx, readFrom);
      await sql`DECLARE copy_rows NO SCROLL CURSOR FOR ${query}`.execute(trx);
      for (;;) {
        const fetched = await sql<Row>`FETCH ${sql.raw(String(batch))} FROM copy_rows`.execute(trx);
        take(fetched.rows);
        if (fetched.rows.length < batch) return readFrom;
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
}

/** What a read of changes did: the next read's start, or that the copy must be built again. */
export type ChangesRead = { readFrom: string } | 'rebuild';

export abstract class MemoryCopy<Copy> {
  private copy: Copy | null = null;
  private readFrom = '';
  private readAt = 0;
  /** Since when the copy has been missing an announced change (null: it has read them all). */
  private behindSince: number | null = null;
  /** Changes announced so far (a count), and how many of them the copy has read. */
  private announced = 0;
  private readUpTo = 0;
  private building: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  private failedAt = 0;
  /** Whether a read answered from the copy while it missed an announced change (PUBLIC_READ_WAIT_MS). */
  private answeredBehind = false;
  private readonly caughtUpListeners: (() => void)[] = [];

  constructor(
    protected readonly db: Db,
    protected readonly log: Logger,
    /** Names the copy in log lines. */
    private readonly what: string,
    /**
     * How long a read waits for a read of changes under way before it answers from the copy as
     * held (never when it misses a change announced over STALE_LIMIT_MS ago).
     * Infinity, the default: every read waits for every change announced before it.
     */
    private readonly readWaitMs = Number.POSITIVE_INFINITY,
  ) {}

  /** Reads the whole copy; `readFrom` is its snapshot's oldest running transaction (snapshotXmin). */
  protected abstract build(): Promise<{ copy: Copy; readFrom: string }>;

  /** Applies to `copy` what was written or removed by transactions from `readFrom` on. */
  protected abstract readChanges(copy: Copy, readFrom: string): Promise<ChangesRead>;

  /** Starts building the copy if there is none (in the background). */
  warm(): void {
    if (this.copy || this.building || Date.now() - this.failedAt < RETRY_AFTER_MS) return;
    this.building = this.buildNow()
      .catch((err: unknown) => {
        this.failedAt = Date.now();
        this.log.warn({ err }, `${this.what} could not be read into memory; reads go to PostgreSQL`);
      })
      .finally(() => {
        this.building = null;
      });
  }

  /** Resolves when no build is running (lets a test wait for the copy, never a sleep). */
  async ready(): Promise<boolean> {
    this.warm();
    await this.building;
    return this.copy !== null;
  }

  /** Whether reads can use the copy yet: `not built` until something warms it (workers never do). */
  get state(): 'ready' | 'building' | 'not built' {
    if (this.copy) return 'ready';
    return this.building ? 'building' : 'not built';
  }

  /**
   * Calls `listener` when a read of changes has finished after some read was answered without
   * them. Such an answer may have been kept by a cache of whole answers (the public cache, for its
   * time to live): the listener drops it, so the copy's half second of staleness stays half a
   * second there too. Without it, a visitor's page answered 10 ms into a slow read of changes
   * showed the list without the new idea for 30 s.
   */
  onCaughtUpAfterStaleAnswer(listener: () => void): void {
    this.caughtUpListeners.push(listener);
  }

  /** Something visitors see changed: read the changes before the next read. */
  changed(): void {
    this.announced += 1;
    this.behindSince ??= Date.now();
  }

  /** The copy as it is, changes announced or not (null while there is none). */
  protected get held(): Copy | null {
    return this.copy;
  }

  /** The copy with every announced change read, or null while there is none (then PostgreSQL answers). */
  protected async current(): Promise<Copy | null> {
    if (!this.copy) {
      this.warm();
      return null;
    }
    // Only the changes announced before this read must be read first: a read that also waited for
    // those announced while it waited could wait for ever while a worker writes without pause.
    const wanted = this.announced;
    const arrived = Date.now();
    while (this.copy && this.readUpTo < wanted) {
      if (!this.refreshing) {
        const covers = this.announced;
        const began = Date.now();
        this.refreshing = this.refresh()
          .then(() => {
            this.readUpTo = Math.max(this.readUpTo, covers);
            // Changes announced since this read began are still to read.
            this.behindSince = this.readUpTo >= this.announced ? null : began;
            this.tellStaleAnswersAreOver();
          })
          .catch((err: unknown) => {
            this.log.warn({ err }, `${this.what}: changes could not be read; building the copy again`);
            this.dropAndRebuild();
            // Reads go to PostgreSQL now, which holds the change: an answer kept without it must go too.
            this.tellStaleAnswersAreOver();
          })
          .finally(() => {
            this.refreshing = null;
          });
      }
      // A large change (a thousand new ideas) takes a read of changes a while: the copy as held
      // answers meanwhile, so visitors are not held up by it, while it is not far behind.
      const left = this.readWaitMs - (Date.now() - arrived);
      const farBehind = Date.now() - (this.behindSince ?? Date.now()) > STALE_LIMIT_MS;
      if (farBehind || left === Number.POSITIVE_INFINITY) await this.refreshing;
      else if (left <= 0 || !(await settlesWithin(this.refreshing, left))) {
        this.answeredBehind = true;
        break;
      }
    }
    return this.copy;
  }

  private tellStaleAnswersAreOver(): void {
    if (!this.answeredBehind) return;
    this.answeredBehind = false;
    for (const listener of this.caughtUpListeners) listener();
  }

  private async buildNow(): Promise<void> {
    // Read whole after every change announced so far.
    const covers = this.announced;
    const began = Date.now();
    const { copy, readFrom } = await this.build();
    this.behindSince = this.announced > covers ? began : null;
    this.readUpTo = Math.max(this.readUpTo, covers);
    this.copy = copy;
    this.readFrom = readFrom;
    this.readAt = Date.now();
  }

  private async refresh(): Promise<void> {
    if (!this.copy) return;
    if (Date.now() - this.readAt > REBUILD_AFTER_MS) return this.dropAndRebuild();
    const read = await this.readChanges(this.copy, this.readFrom);
    if (read === 'rebuild') return this.dropAndRebuild();
    this.readFrom = read.readFrom;
    this.readAt = Date.now();
  }

  /** Drops the copy (reads go to PostgreSQL meanwhile) and builds it anew in the background. */
  protected dropAndRebuild(): void {
    this.copy = null;
    this.warm();
  }
}

/** Whether `work` (which never rejects) settles within `ms`. */
function settlesWithin(work: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void work.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
