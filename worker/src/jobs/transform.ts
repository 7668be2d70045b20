import { sql } from 'kysely';
import { bossDb, chunk, sendMany } from '@ideamine/server/queue/boss';
import { TASKS_PER_MESSAGE } from '@ideamine/shared/jobs';
import type { WorkerContext } from '../context';
import { finalizeJobsIfDone } from '../pipeline/finalize-job';
import { extractItems, NothingToExtract, type SchemaRow } from '../transform/extract';
import type { ExtractedItem } from '../transform/item';
import { truncate } from '../transform/text';
import { dropSummary, filterIdeas, type Filtered } from '../transform/idea-filter';
import { releaseTasks } from '../pipeline/recover';
import { fromFeedItemJson, readInFull } from '../pipeline/feed-items';
import { extractMainText } from '../transform/html';
import { storeIdeas } from '../transform/store-ideas';
import { DROPPED_PREVIEW, recordDropped } from '../pipeline/dropped-items';
import type { FeedItemJson } from '@ideamine/server/db/schema';

// The transform stage: raw pages become knowledge items. Items the idea model's pre-filter
// judges not to be ideas are dropped before they cost an LLM call, and the task records why.
// A batch's ideas are written by store-ideas.ts; its tasks, and the enrich messages for the ideas
// new or changed, in the same transaction.

/** What one raw page yields before the pre-filter. */
interface Extracted {
  items?: ExtractedItem[];
  error?: Error;
  /** Said on the task whatever the pre-filter keeps (a followed feed item's page not used, say). */
  note?: string;
  /** The page of a followed feed item: its one item is the one read in full here. */
  followedItem?: true;
}

interface Result {
  taskId: number;
  jobId: number | null;
  rawDataId: number;
  items: ExtractedItem[];
  /** What the pre-filter dropped, each item with its reason. */
  dropped?: Filtered['dropped'];
  status: 'completed' | 'failed' | 'skipped';
  error?: string;
  skipReason?: string;
}

export async function handleTransform(w: WorkerContext, taskIds: number[]): Promise<void> {
  const tasks = await w.db
    .updateTable('transform_tasks')
    .set({
      status: 'active',
      claimed_by: w.workerId,
      attempts: sql`attempts + 1`,
      started_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', 'in', taskIds)
    .where('status', '=', 'pending')
    .returning(['id', 'job_id', 'raw_data_id', 'schema_id', 'keep_urls'])
    .execute();
  if (!tasks.length) return;
  try {
    await transformClaimed(w, tasks);
  } catch (err) {
    await releaseTasks(
      w.db,
      'transform_tasks',
      tasks.map((t) => t.id),
      w.workerId,
    );
    throw err;
  }
}

async function transformClaimed(
  w: WorkerContext,
  tasks: { id: number; job_id: number | null; raw_data_id: number; schema_id: number | null; keep_urls: string[] }[],
): Promise<void> {
  const raws = await w.db
    .selectFrom('raw_data')
    .leftJoin('crawl_tasks as c', 'c.id', 'raw_data.crawl_task_id')
    .select([
      'raw_data.id',
      'raw_data.content',
      'raw_data.content_type',
      'raw_data.url',
      'raw_data.final_url',
      'c.feed_item',
      'c.status as crawl_status',
      'c.error as crawl_error',
      'c.skip_reason as crawl_skip_reason',
    ])
    .where(
      'raw_data.id',
      'in',
      tasks.map((t) => t.raw_data_id),
    )
    .execute();
  const rawById = new Map(raws.map((r) => [r.id, r]));
  const schemaIds = [...new Set(tasks.map((t) => t.schema_id).filter((id): id is number => id !== null))];
  const schemas = schemaIds.length
    ? await w.db.selectFrom('extraction_schemas').selectAll().where('id', 'in', schemaIds).execute()
    : [];
  const schemaById = new Map<number, SchemaRow>(schemas.map((s) => [s.id, s]));

  const extracted = tasks.map((t): Extracted => {
    const raw = rawById.get(t.raw_data_id)!;
    try {
      if (raw.feed_item) return { ...readFeedItem(raw, raw.feed_item), followedItem: true };
      const items = extractItems(
        { content: raw.content, contentType: raw.content_type, url: raw.final_url ?? raw.url },
        t.schema_id ? (schemaById.get(t.schema_id) ?? null) : null,
      );
      return { items };
    } catch (err) {
      return { error: err as Error };
    }
  });
  const followed = await followedItems(
    w,
    tasks.flatMap((t, n) =>
      t.job_id !== null && !extracted[n]!.followedItem ? [[t.job_id, extracted[n]!.items ?? []] as const] : [],
    ),
  );

  // All tasks' items are scored together: the sentence encoder reads them in batches.
  const results = await Promise.all(
    tasks.map(async (t, n): Promise<Result> => {
      const base = { taskId: t.id, jobId: t.job_id, rawDataId: t.raw_data_id };
      const { items: found, error, note, followedItem } = extracted[n]!;
      if (error instanceof NothingToExtract)
        return { ...base, items: [], status: 'skipped', skipReason: error.message };
      if (error) return { ...base, items: [], status: 'failed', error: error.message.slice(0, 1000) };
      // A feed's items followed to their pages become ideas from there, each on its own task. Not
      // the followed item's own task: its item is the one read in full (the feed and its items
      // meet in one batch when a backlog is worked off, after a restart say).
      const all = followedItem ? (found ?? []) : (found ?? []).filter((i) => !followed.has(`${t.job_id}:${i.url}`));
      const readInFull = found && found.length > all.length ? itemsReadInFull(found.length - all.length) : undefined;
      if (!all.length) return { ...base, items: [], status: 'skipped', skipReason: readInFull ?? 'No items found' };
      const { ideas, dropped } = await filterIdeas(all, new Set(t.keep_urls));
      const items = ideas.map((i) => i.item);
      // A page whose items were all dropped is skipped; one that kept some still says what it dropped.
      const reasons = [note, readInFull, dropped.length ? dropSummary(dropped) : undefined].filter(Boolean);
      const skipReason = reasons.length ? reasons.join('; ') : undefined;
      return { ...base, items, dropped, status: items.length ? 'completed' : 'skipped', skipReason };
    }),
  );

  await w.db.transaction().execute(async (trx) => {
    const created = await storeIdeas(trx, results);
    const now = new Date();
    const dropped = new Map(
      results.map((r) => [
        r.taskId,
        (r.dropped ?? []).map((d) => ({ title: truncate(d.item.title, 300), url: d.item.url, reason: d.reason })),
      ]),
    );
    const values = results.map((r) => {
      const all = dropped.get(r.taskId)!;
      return sql`(${r.taskId}::bigint, ${r.status}::text, ${created.get(r.taskId)?.length ?? 0}::int, ${r.error ?? null}::text, ${r.skipReason ?? null}::text, ${JSON.stringify(all.slice(0, DROPPED_PREVIEW))}::jsonb, ${all.length}::int)`;
    });
    await sql`
      UPDATE transform_tasks t SET status = v.status, items_created = v.items_created, error = v.error,
        skip_reason = v.skip_reason, dropped_items = v.dropped_items, dropped_count = v.dropped_count,
        finished_at = ${now}, updated_at = ${now}
      FROM (VALUES ${sql.join(values)}) AS v(id, status, items_created, error, skip_reason, dropped_items, dropped_count)
      WHERE t.id = v.id`.execute(trx);
    await recordDropped(trx, dropped);
    const knowledgeIds = [...new Set(results.flatMap((r) => created.get(r.taskId) ?? []))];
    await sendMany(
      w.boss,
      'enrich',
      chunk(knowledgeIds, TASKS_PER_MESSAGE).map((ids) => ({ knowledgeIds: ids })),
      { db: bossDb(trx) },
    );
  });
  // After the commit, on its own: the job row is locked only briefly, never while ideas are written.
  await finalizeJobsIfDone(w.db, [...new Set(results.map((r) => r.jobId).filter((id): id is number => id !== null))]);
  w.processed.transform += results.length;
}

/**
 * A followed feed item: the page's main text when it was read and says more than the feed, else
 * the feed's own text with why the page was not used.
 */
function readFeedItem(
  raw: {
    content: string;
    content_type: string;
    url: string;
    final_url: string | null;
    crawl_status: string | null;
    crawl_error: string | null;
    crawl_skip_reason: string | null;
  },
  feedItem: FeedItemJson,
): { items: ExtractedItem[]; note?: string } {
  const item = fromFeedItemJson(feedItem);
  if (raw.crawl_status !== 'completed') {
    const why = raw.crawl_error ?? raw.crawl_skip_reason ?? 'not fetched';
    return { items: [item], note: `Kept the feed's text: the page could not be read (${why})` };
  }
  const html = raw.content_type.includes('html') || /^\s*</.test(raw.content);
  const fetched = raw.final_url ?? raw.url;
  const page = html ? extractMainText(raw.content, fetched)[0] : undefined;
  // A page that names its canonical address is the post's home: the idea links there (and a
  // post reached by a feed and by a listing is then one idea).
  const home = (i: ExtractedItem) => (page && page.url !== fetched ? { ...i, url: page.url } : i);
  const full = readInFull(item, page);
  if (full === item) return { items: [home(item)], note: "Kept the feed's text: the page says no more than the feed" };
  return { items: [home(full)] };
}

const itemsReadInFull = (n: number) => `${n} item${n === 1 ? '' : 's'} read in full from their own pages`;

/** Per job, the URLs of feed items followed to their own pages ("jobId:url"): one query per job. */
async function followedItems(w: WorkerContext, byPage: (readonly [number, ExtractedItem[]])[]): Promise<Set<string>> {
  const urlsByJob = new Map<number, Set<string>>();
  for (const [jobId, items] of byPage) {
    const urls = urlsByJob.get(jobId) ?? new Set<string>();
    for (const i of items) urls.add(i.url);
    urlsByJob.set(jobId, urls);
  }
  const out = new Set<string>();
  for (const [jobId, urls] of urlsByJob) {
    if (!urls.size) continue;
    const { rows } = await sql<{ url: string }>`
      SELECT url FROM crawl_tasks
      WHERE job_id = ${jobId} AND feed_item IS NOT NULL AND url = ANY(${[...urls]}::text[])`.execute(w.db);
    for (const r of rows) out.add(`${jobId}:${r.url}`);
  }
  return out;
}
