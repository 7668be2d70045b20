import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { escapeMarkup } from '@ideamine/shared/escape';
import { normalizeUrl } from '@ideamine/shared/url';
import { withoutFeedFooter } from './feed-footers';
import { htmlOf, wellFormed } from './feed-xml';
import { parseDate, type ExtractedItem } from './item';
import { htmlToText, truncate } from './text';

// RSS 2.0, RSS 1.0 (RDF), Atom and JSON Feed entries as items.

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ['item', 'entry', 'link'].includes(name),
  // An item's text is read as written (htmlOf): it may hold markup, escaped or not.
  stopNodes: ['*.description', '*.content:encoded', '*.content', '*.summary'],
});

type Node = Record<string, unknown>;
const arr = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v ? [v as Node] : []);
const text = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return text((v as Node)['#text'] ?? '');
  return String(v);
};

export class FeedParseError extends Error {}

export function looksLikeFeed(contentType: string, body: string): boolean {
  if (/rss|atom|feed/.test(contentType)) return true;
  const head = body.slice(0, 600);
  return /<(rss|feed|rdf:RDF)[\s>]/.test(head) || /"version"\s*:\s*"https:\/\/jsonfeed\.org/.test(head);
}

/** The feed's page: its URL as fetched, and as a key (the base of its link-less items' keys). */
interface FeedPage {
  url: string;
  key: string | null;
}

export function parseFeed(body: string, pageUrl: string): ExtractedItem[] {
  const page: FeedPage = { url: pageUrl, key: normalizeUrl(pageUrl) };
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{')) return parseJsonFeed(trimmed, page);
  const xml = wellFormed(body);
  if ('error' in xml) throw new FeedParseError(xml.error);
  let doc: Node;
  try {
    doc = parser.parse(xml.xml) as Node;
  } catch (err) {
    throw new FeedParseError(`Malformed feed: ${(err as Error).message}`);
  }
  const rss = doc.rss as Node | undefined;
  const rdf = doc['rdf:RDF'] as Node | undefined;
  const atom = doc.feed as Node | undefined;
  if (rss || rdf) {
    const entries = rss ? arr((rss.channel as Node | undefined)?.item) : arr(rdf?.item);
    return entries.flatMap((e) =>
      item(page, {
        title: text(e.title),
        link: text(arr(e.link)[0]),
        id: text(e.guid),
        html: htmlOf(text(e['content:encoded']) || text(e.description)),
        author: text(e['dc:creator']) || text(e.author),
        date: text(e.pubDate) || text(e['dc:date']),
      }),
    );
  }
  if (atom) {
    return arr(atom.entry).flatMap((e) => {
      const links = arr(e.link);
      const alt = links.find((l) => !l['@rel'] || l['@rel'] === 'alternate') ?? links[0];
      return item(page, {
        title: text(e.title),
        link: alt ? String(alt['@href'] ?? '') : '',
        id: text(e.id),
        html: htmlOf(text(e.content) || text(e.summary)),
        author: text((e.author as Node | undefined)?.name),
        date: text(e.published) || text(e.updated),
      });
    });
  }
  throw new FeedParseError('Not an RSS, Atom or JSON feed');
}

function parseJsonFeed(body: string, page: FeedPage): ExtractedItem[] {
  let doc: Node;
  try {
    doc = JSON.parse(body) as Node;
  } catch (err) {
    throw new FeedParseError(`Malformed JSON feed: ${(err as Error).message}`);
  }
  if (!Array.isArray(doc.items)) throw new FeedParseError('JSON feed without items');
  return (doc.items as Node[]).flatMap((e) =>
    item(page, {
      title: text(e.title),
      link: text(e.url) || text(e.external_url),
      id: text(e.id),
      // content_text and summary are plain text: "3 < 4 <b" is not markup.
      html: text(e.content_html) || escapeMarkup(text(e.content_text) || text(e.summary)),
      author: text((e.author as Node | undefined)?.name) || text(arr(e.authors)[0]?.name),
      date: text(e.date_published) || text(e.date_modified),
    }),
  );
}

function item(
  page: FeedPage,
  e: { title: string; link: string; id: string; html: string; author: string; date: string },
): ExtractedItem[] {
  const body = withoutFeedFooter(htmlToText(e.html));
  // An item without a title is not lost here: its text's opening stands in, and one with no text
  // at all reaches the pre-filter, which records it as dropped ("no text").
  const title = htmlToText(e.title) || truncate(body, 120);
  const url = itemUrl(page, e, title, body);
  if (!url) return [];
  return [{ title, url, body, author: e.author || null, publishedAt: parseDate(e.date) }];
}

/** An id that names a page: an http(s) URL or a path ("/r/ideas/comments/abc"), not "urn:uuid:..." or "t3_abc". */
const LINK_LIKE_ID = /^(?:https?:\/\/|\/)/i;

/**
 * Where an item lives, which is also the key it is stored under: its link, else an id that is a
 * link. An item with neither, or whose link only points back at the feed (a feed of text posts,
 * an RSS guid that is not a permalink, a JSON Feed id), is keyed by its id, else its text, under
 * the feed's URL: with the feed's URL alone, all such items would share one key and all but the
 * last would be lost. Normalised URLs never carry a fragment, so one marks an item without a
 * page of its own, which is never followed.
 */
function itemUrl(page: FeedPage, e: { link: string; id: string }, title: string, body: string): string | null {
  const link = e.link.trim();
  const id = e.id.trim();
  // A link to the feed itself ("#", "") is no link: it would be every such item's key.
  const own = (href: string) => (href ? normalizeUrl(href, page.url) : null);
  const linked = own(link) ?? (LINK_LIKE_ID.test(id) ? own(id) : null);
  if (linked && linked !== page.key) return linked;
  if (!page.key) return null;
  const key = id ? `id:${id}` : `text:${title}\n${body}`;
  return `${page.key}#item-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

/** Whether the item has a page of its own to read (not a key made up for an item without a link). */
export const hasOwnPage = (url: string) => !url.includes('#');
