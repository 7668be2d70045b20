import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { runPrepared } from '../db/prepared';
import { SliceIndex, type RankedId, type SlicePage } from './slice-index';
import { plainAndLexemes } from './tsvector-text';

// Keeps this process's in-memory copy of the search slice (slice-index.ts) as current as the
// database: built once in the background (searches use PostgreSQL meanwhile), then brought up to
// date before the next search whenever a change is announced (the public change NOTIFY). Only
// rows written or removed since the last read are read again (migration 0036): a read remembers
// the oldest transaction still running in its snapshot, and the next read takes every row written
// or removed by that transaction or a later one.

/** Rows read per round trip while building (the build yields to requests between them). */
const BUILD_BATCH = 1_000;
/** The removal log keeps a day (pruneSearchSliceLog); a copy older than half that is built anew. */
const REBUILD_AFTER_MS = 12 * 60 * 60 * 1000;
const RETRY_AFTER_MS = 30_000;
/** Normalised queries remembered (websearch_to_tsquery is asked once per query text). */
const QUERY_MEMORY = 10_000;

interface SliceRowText {
  id: number;
  created_us: string;
  search: string;
}

export class SearchSlice {
  private index: SliceIndex | null = null;
  /** The snapshot's oldest running transaction at the last read (xid8 as text). */
  private readFrom = '';
  /**
   * Truncates of the slice the copy was built after. A long transaction anywhere in the cluster
   * holds the snapshot's oldest transaction back, so later reads see their marks again.
   */
  private truncatesSeen = new Set<string>();
  private readAt = 0;
  private stale = false;
  private building: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  private failedAt = 0;
  private readonly lexemesOf = new Map<string, string[] | null>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  /** Starts building the copy if there is none (in the background). */
  warm(): void {
    if (this.index || this.building || Date.now() - this.failedAt < RETRY_AFTER_MS) return;
    this.building = this.build()
      .catch((err: unknown) => {
        this.failedAt = Date.now();
        this.log.warn({ err }, 'search slice could not be read into memory; searches read PostgreSQL');
      })
      .finally(() => {
        this.building = null;
      });
  }

  /** Resolves when no build is running (lets a test wait for the copy, never a sleep). */
  async ready(): Promise<boolean> {
    this.warm();
    await this.building;
    return this.index !== null;
  }

  /** Whether searches can use the copy yet: `not built` until something warms it (workers never do). */
  get state(): 'ready' | 'building' | 'not built' {
    if (this.index) return 'ready';
    return this.building ? 'building' : 'not built';
  }

  /** Something visitors see changed: read the slice's changes before the next search. */
  changed(): void {
    this.stale = true;
  }

  /**
   * The page of the newest `window` public ideas matching `query` (websearch syntax) ranked as
   * ts_rank_cd ranks them; null when the slice holds fewer than `window` matches; undefined when
   * this copy cannot answer (not built yet, or a query beyond plain words) and PostgreSQL must.
   */
  async rankedNewest(query: string, window: number, page: SlicePage): Promise<RankedId[] | null | undefined> {
    if (!this.index) {
      this.warm();
      return undefined;
    }
    const lexemes = await this.lexemes(query);
    if (!lexemes) return undefined;
    if (!(await this.upToDate())) return undefined;
    return this.index?.rankedNewest(lexemes, window, page);
  }

  /** How many of the slice's rows match `query` (plain words only), of how many; undefined as for rankedNewest. */
  async share(query: string): Promise<{ matches: number; rows: number } | undefined> {
    if (!this.index) return undefined;
    const lexemes = await this.lexemes(query);
    if (!lexemes || !(await this.upToDate()) || !this.index) return undefined;
    return { matches: this.index.matchCount(lexemes), rows: this.index.size };
  }

  private async lexemes(query: string): Promise<string[] | null> {
    if (this.lexemesOf.has(query)) return this.lexemesOf.get(query)!;
    const rows = await runPrepared(
      this.db,
      sql<{ q: string }>`SELECT websearch_to_tsquery('english', ${query})::text AS q`.compile(this.db),
    );
    const lexemes = plainAndLexemes(rows[0]?.q ?? '');
    if (this.lexemesOf.size >= QUERY_MEMORY) this.lexemesOf.delete(this.lexemesOf.keys().next().value!);
    this.lexemesOf.set(query, lexemes);
    return lexemes;
  }

  /** Reads the changes announced since the last read; false when the copy had to be dropped. */
  private async upToDate(): Promise<boolean> {
    while (this.stale || this.refreshing) {
      if (!this.refreshing) {
        this.stale = false;
        this.refreshing = this.readChanges()
          .catch((err: unknown) => {
            this.log.warn({ err }, 'search slice changes could not be read; building the copy again');
            this.dropAndRebuild();
          })
          .finally(() => {
            this.refreshing = null;
          });
      }
      await this.refreshing;
    }
    return this.index !== null;
  }

  private dropAndRebuild(): void {
    this.index = null;
    this.warm();
  }

  private async build(): Promise<void> {
    const index = new SliceIndex();
    const { readFrom, truncatesSeen } = await this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const from = await snapshotStart(trx);
        const { rows: truncates } = await sql<{ by: string }>`
          SELECT removed_by::text AS by FROM search_recent_gone WHERE id IS NULL AND removed_by >= ${from}::xid8`.execute(
          trx,
        );
        const done = { readFrom: from, truncatesSeen: new Set(truncates.map((t) => t.by)) };
        // Oldest first, so the index's slots run in age order (slice-index.ts).
        await sql`
          DECLARE slice_rows NO SCROLL CURSOR FOR
          SELECT id, ${createdUs} AS created_us, search::text AS search FROM search_recent
          ORDER BY created_at, id`.execute(trx);
        for (;;) {
          const { rows } = await sql<SliceRowText>`FETCH ${sql.raw(String(BUILD_BATCH))} FROM slice_rows`.execute(trx);
          for (const row of rows) index.put(sliceRow(row));
          if (rows.length < BUILD_BATCH) return done;
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
    this.index = index;
    this.readFrom = readFrom;
    this.truncatesSeen = truncatesSeen;
    this.readAt = Date.now();
    this.log.info({ ideas: index.size }, 'search slice read into memory');
  }

  private async readChanges(): Promise<void> {
    if (!this.index) return;
    if (Date.now() - this.readAt > REBUILD_AFTER_MS) return this.dropAndRebuild();
    // One statement, one snapshot: the changed rows and where the next read starts. The outer
    // join keeps a row (of touched = null) when nothing changed.
    const { rows } = await sql<
      { read_from: string; touched: boolean | null; truncated_by: string | null } & Partial<SliceRowText>
    >`
      WITH touched AS (
        SELECT id, NULL AS truncated_by FROM search_recent WHERE written_by >= ${this.readFrom}::xid8
        UNION SELECT id, CASE WHEN id IS NULL THEN removed_by::text END
        FROM search_recent_gone WHERE removed_by >= ${this.readFrom}::xid8)
      SELECT s.read_from, c.touched, c.truncated_by, c.id, c.created_us, c.search
      FROM (SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS read_from) s
      LEFT JOIN (
        SELECT true AS touched, t.truncated_by, t.id, ${createdUs} AS created_us, r.search::text AS search
        FROM touched t LEFT JOIN search_recent r ON r.id = t.id) c ON true`.execute(this.db);
    const index = this.index;
    for (const row of rows) {
      if (!row.touched) continue;
      if (row.truncated_by) {
        if (this.truncatesSeen.has(row.truncated_by)) continue;
        return this.dropAndRebuild();
      }
      if (row.id === null || row.id === undefined) continue;
      if (row.search === null || row.search === undefined) index.remove(row.id);
      else index.put(sliceRow(row as SliceRowText));
    }
    this.readFrom = rows[0]!.read_from;
    this.readAt = Date.now();
  }
}

const createdUs = sql`(extract(epoch FROM created_at) * 1000000)::bigint::text`;

const sliceRow = (row: SliceRowText) => ({ id: row.id, createdUs: Number(row.created_us), search: row.search });

async function snapshotStart(db: Db): Promise<string> {
  const { rows } = await sql<{ xmin: string }>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`.execute(
    db,
  );
  return rows[0]!.xmin;
}
