import type { SchemaFields } from '@ideamine/shared/contract/pipeline-config';
import { ownValue } from '@ideamine/shared/own';
import { normalizeUrl } from '@ideamine/shared/url';
import { parseDate, type ExtractedItem } from './item';
import { htmlToText } from './text';

// JSON listings by schema: items at a dotted path, fields as dotted paths with '|' fallbacks and
// an optional URL template ({path} placeholders). Hacker News Algolia and Reddit shapes are
// recognised without a schema.

/** For JSON the field specs are dotted paths with '|' fallbacks. */
export type JsonSchemaFields = SchemaFields;

export const HN_ALGOLIA = {
  itemPath: 'hits',
  fields: {
    title: 'title',
    url: 'url|story_url',
    body: 'story_text|comment_text',
    author: 'author',
    published_at: 'created_at',
    url_template: 'https://news.ycombinator.com/item?id={objectID}',
  },
};
export const REDDIT_LISTING = {
  itemPath: 'data.children',
  fields: {
    title: 'data.title',
    body: 'data.selftext',
    author: 'data.author',
    published_at: 'data.created_utc',
    url_template: 'https://www.reddit.com{data.permalink}',
  },
};

export function getPath(value: unknown, path: string): unknown {
  if (!path) return value;
  return path.split('.').reduce<unknown>((v, key) => ownValue(v, key), value);
}

function firstOf(item: unknown, paths: string | undefined): string {
  for (const p of (paths ?? '')
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const v = getPath(item, p);
    if (v !== undefined && v !== null && v !== '') return String(v);
  }
  return '';
}

function fillTemplate(template: string, item: unknown): string {
  return template.replace(/\{([\w.]+)\}/g, (_, p: string) => encodeURI(String(getPath(item, p) ?? '')));
}

export function detectListing(doc: unknown): { itemPath: string; fields: JsonSchemaFields } | null {
  const hits = getPath(doc, 'hits');
  if (Array.isArray(hits) && hits.some((h) => h && typeof h === 'object' && 'objectID' in h)) return HN_ALGOLIA;
  const children = getPath(doc, 'data.children');
  if (Array.isArray(children) && children.some((c) => c && typeof c === 'object' && 'kind' in c)) return REDDIT_LISTING;
  if (Array.isArray(doc) && doc.some((d) => d && typeof d === 'object' && 'title' in d)) {
    return {
      itemPath: '',
      fields: {
        title: 'title|name',
        url: 'url|link',
        body: 'body|description|text|content',
        author: 'author',
        published_at: 'published_at|created_at|date',
      },
    };
  }
  return null;
}

export function parseJsonListing(
  doc: unknown,
  pageUrl: string,
  schema: { itemPath: string; fields: JsonSchemaFields },
): ExtractedItem[] {
  const items = getPath(doc, schema.itemPath);
  if (!Array.isArray(items)) return [];
  const f = schema.fields;
  return items.flatMap((it) => {
    const title = htmlToText(firstOf(it, f.title));
    const link = firstOf(it, f.url) || (f.url_template ? fillTemplate(f.url_template, it) : '');
    const url = link ? normalizeUrl(link, pageUrl) : null;
    if (!title || !url) return [];
    const summary = firstOf(it, f.summary);
    return [
      {
        title,
        url,
        body: htmlToText(firstOf(it, f.body)),
        ...(summary ? { summary: htmlToText(summary) } : {}),
        author: firstOf(it, f.author) || null,
        publishedAt: parseDate(firstOf(it, f.published_at)),
      },
    ];
  });
}
