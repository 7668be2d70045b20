import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { normalizeUrl } from '@ideamine/shared/url';
import { withoutFeedFooter } from './feed-footers';
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

export function parseFeed(body: string, pageUrl: string): ExtractedItem[] {
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{')) return parseJsonFeed(trimmed, pageUrl);
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw new FeedParseError(`Malformed feed: ${valid.err.msg} (line ${valid.err.line})`);
  let doc: Node;
  try {
    doc = parser.parse(body) as Node;
  } catch (err) {
    throw new FeedParseError(`Malformed feed: ${(err as Error).message}`);
  }
  const rss = doc.rss as Node | undefined;
  const rdf = doc['rdf:RDF'] as Node | undefined;
  const atom = doc.feed as Node | undefined;
  if (rss || rdf) {
    const entries = rss ? arr((rss.channel as Node | undefined)?.item) : arr(rdf?.item);
    return entries.flatMap((e) =>
      item(pageUrl, {
        title: text(e.title),
        link: text(arr(e.link)[0]) || text(e.guid),
        html: text(e['content:encoded']) || text(e.description),
        author: text(e['dc:creator']) || text(e.author),
        date: text(e.pubDate) || text(e['dc:date']),
      }),
    );
  }
  if (atom) {
    return arr(atom.entry).flatMap((e) => {
      const links = arr(e.link);
      const alt = links.find((l) => !l['@rel'] || l['@rel'] === 'alternate') ?? links[0];
      return item(pageUrl, {
        title: text(e.title),
        link: alt ? String(alt['@href'] ?? '') : '',
        html: text(e.content) || text(e.summary),
        author: text((e.author as Node | undefined)?.name),
        date: text(e.published) || text(e.updated),
      });
    });
  }
  throw new FeedParseError('Not an RSS, Atom or JSON feed');
}

function parseJsonFeed(body: string, pageUrl: string): ExtractedItem[] {
  let doc: Node;
  try {
    doc = JSON.parse(body) as Node;
  } catch (err) {
    throw new FeedParseError(`Malformed JSON feed: ${(err as Error).message}`);
  }
  if (!Array.isArray(doc.items)) throw new FeedParseError('JSON feed without items');
  return (doc.items as Node[]).flatMap((e) =>
    item(pageUrl, {
      title: text(e.title),
      link: text(e.url) || text(e.external_url),
      html: text(e.content_html) || text(e.content_text) || text(e.summary),
      author: text((e.author as Node | undefined)?.name) || text(arr(e.authors)[0]?.name),
      date: text(e.date_published) || text(e.date_modified),
    }),
  );
}

function item(
  pageUrl: string,
  e: { title: string; link: string; html: string; author: string; date: string },
): ExtractedItem[] {
  const url = normalizeUrl(e.link, pageUrl);
  if (!url) return [];
  const body = withoutFeedFooter(htmlToText(e.html));
  // An item without a title is not lost here: its text's opening stands in, and one with no text
  // at all reaches the pre-filter, which records it as dropped ("no text").
  const title = htmlToText(e.title) || truncate(body, 120);
  return [{ title, url, body, author: e.author || null, publishedAt: parseDate(e.date) }];
}
