import { Readability } from '@mozilla/readability';
import { load, type CheerioAPI } from 'cheerio';
import { parseHTML } from 'linkedom';
import type { SchemaFields } from '@ideamine/shared/contract/pipeline-config';
import { normalizeUrl } from '@ideamine/shared/url';
import { parseDate, type ExtractedItem } from './item';
import { collapse } from './text';

// HTML pages: items by CSS selectors when the schema names an item selector, otherwise the
// page's main text found by readability as a single item.

/** For HTML the field specs are CSS selectors; url_template does not apply. */
export type HtmlSchemaFields = Omit<SchemaFields, 'url_template'>;

/** 'a.title' reads text; 'a.title@href' reads an attribute. */
function select($: CheerioAPI, scope: ReturnType<CheerioAPI>, spec: string | undefined): string {
  if (!spec) return '';
  const [selector, attr] = spec.split('@');
  const el = selector ? scope.find(selector).first() : scope;
  return collapse(attr ? (el.attr(attr) ?? '') : el.text());
}

export function extractBySelectors(
  html: string,
  pageUrl: string,
  itemSelector: string,
  f: HtmlSchemaFields,
): ExtractedItem[] {
  const $ = load(html);
  return $(itemSelector)
    .toArray()
    .flatMap((node) => {
      const scope = $(node);
      const title = select($, scope, f.title);
      const url = normalizeUrl(select($, scope, f.url) || pageUrl, pageUrl);
      if (!title || !url) return [];
      const summary = select($, scope, f.summary);
      return [
        {
          title,
          url,
          body: select($, scope, f.body),
          ...(summary ? { summary } : {}),
          author: select($, scope, f.author) || null,
          publishedAt: parseDate(select($, scope, f.published_at)),
        },
      ];
    });
}

/** Above this share of text inside links a page is a hub (an index, a list of links), not an idea. */
export const MAX_LINK_DENSITY = 0.5;

function linkDensity(document: {
  body?: { textContent: string | null } | null;
  querySelectorAll(s: string): ArrayLike<{ textContent: string | null }>;
}): number {
  const total = collapse(document.body?.textContent ?? '').length;
  if (total === 0) return 1;
  const links = Array.from(document.querySelectorAll('a')).reduce(
    (n, a) => n + collapse(a.textContent ?? '').length,
    0,
  );
  return links / total;
}

export function extractMainText(html: string, pageUrl: string): ExtractedItem[] {
  const { document } = parseHTML(html);
  if (linkDensity(document) > MAX_LINK_DENSITY) return [];
  const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
  const url = normalizeUrl(canonical ?? pageUrl, pageUrl) ?? pageUrl;
  // Menus, sidebars and the page's footer are never the post. Readability mostly knows, but on
  // the page of a short post it falls back to the whole body and takes the menu for text.
  for (const furniture of Array.from(document.querySelectorAll('nav, aside, body > footer'))) furniture.remove();
  const article = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
  const title = collapse(article?.title || document.querySelector('title')?.textContent || '');
  const body = collapse(article?.textContent ?? document.body?.textContent ?? '');
  if (!title || !body) return [];
  return [
    { title, url, body, author: article?.byline ?? null, summary: collapse(article?.excerpt ?? '') || undefined },
  ];
}
