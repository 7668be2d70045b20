import type { Selectable } from 'kysely';
import type { ExtractionSchemasTable } from '@ideamine/server/db/schema';
import { isSitemap } from '../crawl/discover';
import { extractBySelectors, extractMainText } from './html';
import type { ExtractedItem } from './item';
import { looksLikeFeed, parseFeed } from './feed';
import { detectListing, parseJsonListing } from './json-listing';

export type SchemaRow = Selectable<ExtractionSchemasTable>;

export class NothingToExtract extends Error {}

/** Turns one raw page into 0..N items: by the schema when there is one, else by what the page is. */
export function extractItems(
  page: { content: string; contentType: string; url: string },
  schema: SchemaRow | null,
): ExtractedItem[] {
  const { content, contentType, url } = page;
  if (schema?.type === 'feed') return parseFeed(content, url);
  if (schema?.type === 'json')
    return parseJsonListing(parseJson(content), url, { itemPath: schema.item_selector ?? '', fields: schema.fields });
  if (schema?.type === 'html') {
    return schema.item_selector
      ? extractBySelectors(content, url, schema.item_selector, schema.fields)
      : extractMainText(content, url);
  }
  if (isSitemap(contentType, content))
    throw new NothingToExtract('Sitemap: its links were crawled, it holds no ideas itself');
  if (looksLikeFeed(contentType, content)) return parseFeed(content, url);
  if (contentType.includes('json')) {
    const doc = parseJson(content);
    const listing = detectListing(doc);
    if (!listing) throw new NothingToExtract('JSON without a known listing shape; attach a json schema to the job');
    return parseJsonListing(doc, url, listing);
  }
  if (contentType.includes('html') || /^\s*</.test(content)) return extractMainText(content, url);
  throw new NothingToExtract(`Nothing to extract from ${contentType || 'this content'}`);
}

function parseJson(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch (err) {
    throw new Error(`Malformed JSON: ${(err as Error).message}`);
  }
}
