import { sql } from 'kysely';
import type { Db } from '../db/database';
import { likePattern, likePrefix } from './paging';
import { publicIdeas } from './public-ideas';

export interface Suggestion {
  text: string;
  type: 'idea' | 'category' | 'keyword';
  id: number | null;
  slug: string | null;
}

/**
 * Search-box suggestions: up to two categories and three trending keywords starting with the text,
 * then public idea titles
 * close to it by trigram similarity. The trigram index finds candidates; only a bounded set is
 * ranked, so a common word stays cheap on a large table.
 */
export async function suggestions(db: Db, q: string, limit: number, keywords: string[]): Promise<Suggestion[]> {
  const prefix = likePrefix(q);
  const categories = await db
    .selectFrom('categories')
    .select(['name', 'slug'])
    .where((eb) => eb.or([eb('name', 'ilike', prefix), eb('slug', 'ilike', prefix)]))
    .orderBy('name')
    .limit(Math.min(2, limit))
    .execute();
  const lower = q.toLowerCase();
  const keywordHits = keywords.filter((k) => k.toLowerCase().startsWith(lower)).slice(0, Math.min(3, limit));
  const candidates = publicIdeas(db)
    .select(['id', 'slug', 'title'])
    .where((eb) => eb.or([eb('title', 'ilike', likePattern(q)), sql<boolean>`title % ${q}`]))
    .limit(200)
    .as('c');
  const ideas = await db
    .selectFrom(candidates)
    .select(['c.id', 'c.slug', 'c.title'])
    .orderBy(sql`similarity(c.title, ${q})`, 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
  const all: Suggestion[] = [
    ...categories.map((c) => ({ text: c.name, type: 'category' as const, id: null, slug: c.slug })),
    ...keywordHits.map((k) => ({ text: k, type: 'keyword' as const, id: null, slug: null })),
    ...ideas.map((i) => ({ text: i.title, type: 'idea' as const, id: i.id, slug: i.slug })),
  ];
  return all.slice(0, limit);
}
