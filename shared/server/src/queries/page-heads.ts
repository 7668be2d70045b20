import { sql } from 'kysely';
import type { Db } from '../db/database';
import { publicIdeas } from './public-ideas';

// What search engines and link previews read: the few fields of a public idea or a category
// that go into a page's <head>, and the public ideas a sitemap lists. Every read is by primary
// key or a primary-key range, so it costs the same at a million ideas as at ten.

/** A sitemap file holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_IDEAS_PER_FILE = 50_000;

export function publicIdeaHead(db: Db, id: number) {
  return publicIdeas(db)
    .select(['id', 'slug', 'title', 'summary', 'categories', 'created_at', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A category by its slug, or by its name as people type it in a link (any case). */
export function categoryHead(db: Db, slugOrName: string) {
  const wanted = slugOrName.toLowerCase();
  return db
    .selectFrom('categories')
    .select(['slug', 'name', 'description'])
    .where((eb) => eb.or([eb('slug', '=', wanted), eb(sql<string>`lower(name)`, '=', wanted)]))
    .orderBy(sql`slug = ${wanted}`, 'desc')
    .executeTakeFirst();
}

export function allCategorySlugs(db: Db) {
  return db.selectFrom('categories').select('slug').orderBy('slug').execute();
}

/**
 * How many idea files the sitemap has: ideas are split by id, file n holding ids
 * ((n-1)*50,000, n*50,000], so a file's address never changes as ideas are added.
 */
export async function sitemapIdeaFileCount(db: Db): Promise<number> {
  const row = await publicIdeas(db)
    .select(sql<string | null>`max(id)`.as('max_id'))
    .executeTakeFirst();
  const highest = Number(row?.max_id ?? 0);
  return Math.max(1, Math.ceil(highest / SITEMAP_IDEAS_PER_FILE));
}

/** The public ideas of one sitemap file (1-based), in id order. */
export function sitemapIdeas(db: Db, file: number) {
  return publicIdeas(db)
    .select(['id', 'slug', 'updated_at'])
    .where('id', '>', (file - 1) * SITEMAP_IDEAS_PER_FILE)
    .where('id', '<=', file * SITEMAP_IDEAS_PER_FILE)
    .orderBy('id')
    .execute();
}
