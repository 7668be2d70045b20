import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { MemoryCopy, readInSnapshot, snapshotXmin, type ChangesRead } from '../cache/memory-copy';
import { SliceIndex, type RankedId, type SlicePage } from './slice-index';
import { QueryLexemes } from './query-lexemes';

// This process's in-memory copy of the search slice (slice-index.ts), kept as current as the
// database as every MemoryCopy is (cache/memory-copy.ts): the slice's rows record the transaction
// that wrote them and removed rows are logged (migration 0036), so a read of changes takes only
// the rows written or removed since the last read.

/** Rows read per round trip while building (the build yields to requests between them). */
const BUILD_BATCH = 1_000;

interface SliceRowText {
  id: number;
  created_us: string;
  search: string;
}

interface SliceCopy {
  index: SliceIndex;
  /**
   * Truncates of the slice the copy was built after. A long transaction anywhere in the cluster
   * holds the snapshot's oldest transaction back, so later reads see their marks again.
   */
  truncatesSeen: Set<string>;
}

export class SearchSlice extends MemoryCopy<SliceCopy> {
  private readonly queryLexemes: QueryLexemes;

  /** `readWaitMs`: see MemoryCopy (by default a read waits for every change announced before it). */
  constructor(db: Db, log: Logger, readWaitMs?: number) {
    super(db, log, 'search slice', readWaitMs);
    this.queryLexemes = new QueryLexemes(db);
  }

  /**
   * The page of the newest `window` public ideas matching `query` (websearch syntax) ranked as
   * ts_rank_cd ranks them; null when the slice holds fewer than `window` matches; undefined when
   * this copy cannot answer (not built yet, or a query beyond plain words) and PostgreSQL must.
   */
  async rankedNewest(query: string, window: number, page: SlicePage): Promise<RankedId[] | null | undefined> {
    const found = await this.answering(query);
    return found?.index.rankedNewest(found.lexemes, window, page);
  }

  /** How many of the slice's rows match `query` (plain words only), of how many; undefined as for rankedNewest. */
  async share(query: string): Promise<{ matches: number; rows: number } | undefined> {
    const found = await this.answering(query);
    return found && { matches: found.index.matchCount(found.lexemes), rows: found.index.size };
  }

  /** The up-to-date index and the query's words, or undefined when the copy cannot answer it. */
  private async answering(query: string): Promise<{ index: SliceIndex; lexemes: string[] } | undefined> {
    const copy = await super.current();
    if (!copy) return undefined;
    const lexemes = await this.queryLexemes.of(query);
    return lexemes ? { index: copy.index, lexemes } : undefined;
  }

  protected async build(): Promise<{ copy: SliceCopy; readFrom: string }> {
    const copy: SliceCopy = { index: new SliceIndex(), truncatesSeen: new Set() };
    const readFrom = await readInSnapshot(
      this.db,
      // Oldest first, so the index's slots run in age order (slice-index.ts).
      sql<SliceRowText>`SELECT id, ${createdUs} AS created_us, search::text AS search FROM search_recent
        ORDER BY created_at, id`,
      BUILD_BATCH,
      (rows) => {
        for (const row of rows) copy.index.put(sliceRow(row));
      },
      async (trx, from) => {
        const { rows } = await sql<{ by: string }>`
          SELECT removed_by::text AS by FROM search_recent_gone WHERE id IS NULL AND removed_by >= ${from}::xid8`.execute(
          trx,
        );
        for (const t of rows) copy.truncatesSeen.add(t.by);
      },
    );
    this.log.info({ ideas: copy.index.size }, 'search slice read into memory');
    return { copy, readFrom };
  }

  protected async readChanges({ index, truncatesSeen }: SliceCopy, readFrom: string): Promise<ChangesRead> {
    // One statement, one snapshot: the changed rows and where the next read starts. The outer
    // join keeps a row (of touched = null) when nothing changed.
    const { rows } = await sql<
      { read_from: string; touched: boolean | null; truncated_by: string | null } & Partial<SliceRowText>
    >`
      WITH touched AS (
        SELECT id, NULL AS truncated_by FROM search_recent WHERE written_by >= ${readFrom}::xid8
        UNION SELECT id, CASE WHEN id IS NULL THEN removed_by::text END
        FROM search_recent_gone WHERE removed_by >= ${readFrom}::xid8)
      SELECT s.read_from, c.touched, c.truncated_by, c.id, c.created_us, c.search
      FROM (SELECT ${snapshotXmin} AS read_from) s
      LEFT JOIN (
        SELECT true AS touched, t.truncated_by, t.id, ${createdUs} AS created_us, r.search::text AS search
        FROM touched t LEFT JOIN search_recent r ON r.id = t.id) c ON true`.execute(this.db);
    for (const row of rows) {
      if (!row.touched) continue;
      if (row.truncated_by) {
        if (truncatesSeen.has(row.truncated_by)) continue;
        return 'rebuild';
      }
      if (row.id === null || row.id === undefined) continue;
      if (row.search === null || row.search === undefined) index.remove(row.id);
      else index.put(sliceRow(row as SliceRowText));
    }
    return { readFrom: rows[0]!.read_from };
  }
}

const createdUs = sql`(extract(epoch FROM created_at) * 1000000)::bigint::text`;

const sliceRow = (row: SliceRowText) => ({ id: row.id, createdUs: Number(row.created_us), search: row.search });
