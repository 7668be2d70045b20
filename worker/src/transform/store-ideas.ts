import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '@ideamine/server/db/database';
import { slugify } from '@ideamine/shared/slug';
import { domainOf } from '@ideamine/shared/url';
import type { ExtractedItem } from './item';
import { truncate } from './text';

// Writes a transform batch's ideas. Items are keyed by canonical URL; an item whose exact
// content is already known under another URL becomes another source of that idea. The outcome
// is that of writing the pages one after the other, in order; pages that cannot change what
// another finds (no URL or content in common) are written together, a few statements for many
// pages instead of a few per page.

const MAX_BODY = 50_000;
/** Rows per INSERT: far below PostgreSQL's 65,535 parameters with 11 columns a row. */
const ROWS_PER_INSERT = 1000;

/** One page's items, with where they came from. */
export interface PageItems {
  taskId: number;
  jobId: number | null;
  rawDataId: number;
  items: ExtractedItem[];
}

interface Prepared {
  page: PageItems;
  /** The page's items, one per URL. */
  items: ExtractedItem[];
  hashes: string[];
}

interface Twin {
  id: number;
  content_hash: string;
  source_url: string;
}

interface SourceRow {
  knowledge_id: number;
  url: string;
  domain: string;
  raw_data_id: number;
  job_id: number | null;
}

/** Writes the pages' items; returns per task the ids of ideas that are new or whose content changed. */
export async function storeIdeas(trx: Db, pages: PageItems[]): Promise<Map<number, number[]>> {
  const prepared = pages
    .filter((p) => p.items.length)
    .map((page): Prepared => {
      const items = [...new Map(page.items.map((i) => [i.url, i])).values()];
      return { page, items, hashes: items.map(contentHash) };
    });
  const out = new Map<number, number[]>(prepared.map((p) => [p.page.taskId, []]));
  if (!prepared.length) return out;
  await lockContentHashes(
    trx,
    prepared.flatMap((p) => p.hashes),
  );
  const write = async (run: Prepared[], twins: Twin[]) => {
    for (const [taskId, id] of await storePages(trx, run, twins)) out.get(taskId)!.push(id);
  };
  for (const run of runs(prepared)) {
    const twins = await findTwins(
      trx,
      run.flatMap((p) => p.hashes),
    );
    if (run.length === 1 || noTwinRewritten(run, twins)) await write(run, twins);
    else for (const p of run) await write([p], await findTwins(trx, p.hashes));
  }
  return out;
}

/**
 * The pages in runs sharing no URL and no content, in order: within a run no page's writes can
 * change what another finds, so a run is written at once, and the runs one after the other.
 */
function runs(prepared: Prepared[]): Prepared[][] {
  const out: Prepared[][] = [];
  let urls = new Set<string>();
  let hashes = new Set<string>();
  for (const p of prepared) {
    if (!out.length || p.items.some((i) => urls.has(i.url)) || p.hashes.some((h) => hashes.has(h))) {
      out.push([]);
      urls = new Set();
      hashes = new Set();
    }
    out.at(-1)!.push(p);
    for (const i of p.items) urls.add(i.url);
    for (const h of p.hashes) hashes.add(h);
  }
  return out;
}

/**
 * Whether no idea found by one page's content is at the URL of another page's item: that item
 * would rewrite it, and written one after the other the first page might not find it.
 */
function noTwinRewritten(run: Prepared[], twins: Twin[]): boolean {
  const pageOfUrl = new Map<string, number>();
  const pageOfHash = new Map<string, number>();
  for (const [n, p] of run.entries()) {
    for (const i of p.items) pageOfUrl.set(i.url, n);
    for (const h of p.hashes) pageOfHash.set(h, n);
  }
  return twins.every(
    (t) => (pageOfUrl.get(t.source_url) ?? pageOfHash.get(t.content_hash)) === pageOfHash.get(t.content_hash),
  );
}

/**
 * Two batches holding the same content must not both see "new": each takes a transaction lock
 * per content hash, in a fixed order, before looking for twins, so the second waits and then
 * finds the first's idea.
 */
async function lockContentHashes(trx: Db, hashes: string[]): Promise<void> {
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

/** Live ideas with these contents, oldest first (of two with one content, the newest is taken). */
async function findTwins(trx: Db, hashes: string[]): Promise<Twin[]> {
  const { rows } = await sql<Twin>`
    SELECT id, content_hash, source_url FROM knowledge
    WHERE content_hash = ANY(${[...new Set(hashes)]}::text[]) AND deleted_at IS NULL
    ORDER BY id`.execute(trx);
  return rows;
}

/** Writes pages none of which changes what another finds; returns [task id, idea id] of each idea new or changed. */
async function storePages(trx: Db, pages: Prepared[], twins: Twin[]): Promise<[number, number][]> {
  const twinByHash = new Map(twins.map((t) => [t.content_hash, t]));
  const sources: SourceRow[] = [];
  const source = (knowledgeId: number, url: string, page: PageItems): SourceRow => ({
    knowledge_id: knowledgeId,
    url,
    domain: domainOf(url),
    raw_data_id: page.rawDataId,
    job_id: page.jobId,
  });
  const fresh: { item: ExtractedItem; hash: string; page: PageItems }[] = [];
  for (const p of pages) {
    for (const [n, item] of p.items.entries()) {
      const twin = twinByHash.get(p.hashes[n]!);
      if (twin && twin.source_url !== item.url) sources.push(source(twin.id, item.url, p.page));
      else fresh.push({ item, hash: p.hashes[n]!, page: p.page });
    }
  }
  const pageOfUrl = new Map(fresh.map((f) => [f.item.url, f.page]));
  const changed: [number, number][] = [];
  const now = new Date();
  for (let i = 0; i < fresh.length; i += ROWS_PER_INSERT) {
    const rows = await trx
      .insertInto('knowledge')
      .values(
        fresh.slice(i, i + ROWS_PER_INSERT).map(({ item, hash, page }) => ({
          slug: slugify(item.title),
          title: truncate(item.title, 300),
          summary: truncate(item.summary ?? '', 600),
          body: truncate(item.body, MAX_BODY),
          source_url: item.url,
          source_domain: domainOf(item.url),
          content_hash: hash,
          author: item.author ? truncate(item.author, 200) : null,
          published_at: item.publishedAt ?? null,
          job_id: page.jobId,
          raw_data_id: page.rawDataId,
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
    for (const row of rows) {
      const page = pageOfUrl.get(row.source_url)!;
      sources.push(source(row.id, row.source_url, page));
      changed.push([page.taskId, row.id]);
    }
  }
  for (let i = 0; i < sources.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto('knowledge_sources')
      .values(sources.slice(i, i + ROWS_PER_INSERT))
      .onConflict((oc) => oc.column('url').doNothing())
      .execute();
  }
  return changed;
}
