import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { bossDb, chunk, sendMany } from '@ideamine/server/queue/boss';
import { TASKS_PER_MESSAGE } from '@ideamine/shared/jobs';
import type { WorkerContext } from '../context';
import { domainOf } from '@ideamine/shared/url';
import { finalizeJobsIfDone } from '../pipeline/finalize-job';
import { extractItems, NothingToExtract, type SchemaRow } from '../transform/extract';
import type { ExtractedItem } from '../transform/item';
import { slugify } from '@ideamine/shared/slug';
import { truncate } from '../transform/text';
import { dropSummary, filterIdeas, type Filtered } from '../transform/idea-filter';
import { releaseTasks } from '../pipeline/recover';

// The transform stage: raw pages become knowledge items. Items the idea model's pre-filter
// judges not to be ideas are dropped before they cost an LLM call, and the task records why.
// Items are keyed by canonical URL; an item whose exact
// content is already known under another URL becomes another source of that idea.

const MAX_BODY = 50_000;
/** A page's dropped items are recorded up to here (a feed can hold hundreds; the summary counts them all). */
const MAX_DROPPED_ITEMS = 200;

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
    .select(['id', 'content', 'content_type', 'url', 'final_url'])
    .where(
      'id',
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

  const results = tasks.map((t): Result => {
    const raw = rawById.get(t.raw_data_id)!;
    const base = { taskId: t.id, jobId: t.job_id, rawDataId: t.raw_data_id };
    try {
      const all = extractItems(
        { content: raw.content, contentType: raw.content_type, url: raw.final_url ?? raw.url },
        t.schema_id ? (schemaById.get(t.schema_id) ?? null) : null,
      );
      if (!all.length) return { ...base, items: [], status: 'skipped', skipReason: 'No items found' };
      const { ideas, dropped } = filterIdeas(all, new Set(t.keep_urls));
      const items = ideas.map((i) => i.item);
      // A page whose items were all dropped is skipped; one that kept some still says what it dropped.
      const skipReason = dropped.length ? dropSummary(dropped) : undefined;
      return { ...base, items, dropped, status: items.length ? 'completed' : 'skipped', skipReason };
    } catch (err) {
      if (err instanceof NothingToExtract) return { ...base, items: [], status: 'skipped', skipReason: err.message };
      return { ...base, items: [], status: 'failed', error: (err as Error).message.slice(0, 1000) };
    }
  });

  await w.db.transaction().execute(async (trx) => {
    await lockContentHashes(
      trx,
      results.flatMap((r) => r.items.map(contentHash)),
    );
    const changedIds: number[] = [];
    const created = new Map<number, number>();
    for (const r of results) {
      const ids = await upsertItems(trx, r);
      changedIds.push(...ids);
      created.set(r.taskId, ids.length);
    }
    const now = new Date();
    for (const r of results) {
      await trx
        .updateTable('transform_tasks')
        .set({
          status: r.status,
          items_created: created.get(r.taskId) ?? 0,
          error: r.error ?? null,
          skip_reason: r.skipReason ?? null,
          dropped_items: JSON.stringify(
            (r.dropped ?? []).slice(0, MAX_DROPPED_ITEMS).map((d) => ({
              title: truncate(d.item.title, 300),
              url: d.item.url,
              reason: d.reason,
            })),
          ),
          finished_at: now,
          updated_at: now,
        })
        .where('id', '=', r.taskId)
        .execute();
    }
    const knowledgeIds = [...new Set(changedIds)];
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
 * Two batches holding the same content must not both see "new": each takes a transaction lock
 * per content hash, in a fixed order, before looking for twins, so the second waits and then
 * finds the first's idea.
 */
async function lockContentHashes(trx: WorkerContext['db'], hashes: string[]): Promise<void> {
  const keys = [...new Set(hashes.map((h) => BigInt(`0x${h.slice(0, 15)}`).toString()))].sort();
  if (!keys.length) return;
  await sql`SELECT count(pg_advisory_xact_lock(k)) FROM (SELECT unnest(${keys}::bigint[]) AS k ORDER BY 1) s`.execute(
    trx,
  );
}

const contentHash = (i: ExtractedItem) =>
  createHash('sha256')
    .update(`${i.title.toLowerCase().trim()}\n${i.body.toLowerCase().replace(/\s+/g, ' ').trim()}`)
    .digest('hex');

/** Writes one page's items; returns the ids of ideas that are new or whose content changed. */
async function upsertItems(trx: WorkerContext['db'], r: Result): Promise<number[]> {
  if (!r.items.length) return [];
  const items = [...new Map(r.items.map((i) => [i.url, i])).values()];
  const hashes = items.map(contentHash);
  const twins = await trx
    .selectFrom('knowledge')
    .select(['id', 'content_hash', 'source_url'])
    .where('content_hash', 'in', hashes)
    .where('deleted_at', 'is', null)
    .execute();
  const twinByHash = new Map(twins.map((t) => [t.content_hash, t]));

  const fresh: { item: ExtractedItem; hash: string }[] = [];
  for (const [n, item] of items.entries()) {
    const twin = twinByHash.get(hashes[n]!);
    if (twin && twin.source_url !== item.url) {
      await addSource(trx, twin.id, item.url, r);
    } else {
      fresh.push({ item, hash: hashes[n]! });
    }
  }
  if (!fresh.length) return [];
  const now = new Date();
  const rows = await trx
    .insertInto('knowledge')
    .values(
      fresh.map(({ item, hash }) => ({
        slug: slugify(item.title),
        title: truncate(item.title, 300),
        summary: truncate(item.summary ?? '', 600),
        body: truncate(item.body, MAX_BODY),
        source_url: item.url,
        source_domain: domainOf(item.url),
        content_hash: hash,
        author: item.author ? truncate(item.author, 200) : null,
        published_at: item.publishedAt ?? null,
        job_id: r.jobId,
        raw_data_id: r.rawDataId,
      })),
    )
    .onConflict((oc) =>
      oc
        .column('source_url')
        .doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          summary: eb.ref('excluded.summary'),
          body: eb.ref('excluded.body'),
          content_hash: eb.ref('excluded.content_hash'),
          raw_data_id: eb.ref('excluded.raw_data_id'),
          enriched_at: null,
          analyzed_at: null,
          updated_at: now,
        }))
        .where('knowledge.content_hash', '<>', (eb) => eb.ref('excluded.content_hash')),
    )
    .returning(['id', 'source_url'])
    .execute();
  for (const row of rows) await addSource(trx, row.id, row.source_url, r);
  return rows.map((row) => row.id);
}

async function addSource(trx: WorkerContext['db'], knowledgeId: number, url: string, r: Result): Promise<void> {
  await trx
    .insertInto('knowledge_sources')
    .values({ knowledge_id: knowledgeId, url, domain: domainOf(url), raw_data_id: r.rawDataId, job_id: r.jobId })
    .onConflict((oc) => oc.column('url').doNothing())
    .execute();
}
