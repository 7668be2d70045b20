import { escapeMarkup } from '@ideamine/shared/escape';
import type { FeedItem, WatchlistRow } from '@ideamine/server/queries/watchlists';

// A watchlist's matches as a feed for feed readers: Atom 1.0 (RFC 4287) and JSON Feed 1.1.
// Entries are ideas, newest match first; each links to the idea's page on the portal.

/** Escaped, and without the control characters XML 1.0 cannot hold at all. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const escapeXml = (text: string) => escapeMarkup(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ''));

const ideaUrl = (origin: string, item: FeedItem) => `${origin}/ideas/${item.id}/${item.slug}`;

function describe(item: FeedItem): string {
  const label = item.profit_potential ? `Profit potential: ${item.profit_potential}. ` : '';
  return `${label}${item.summary || item.title} (from ${item.source_domain})`;
}

export function atomFeed(w: WatchlistRow, items: FeedItem[], origin: string, selfUrl: string): string {
  const updated = (items[0]?.matched_at ?? w.created_at).toISOString();
  const entries = items.map(
    (item) => `  <entry>
    <id>${escapeXml(`${origin}/ideas/${item.id}`)}</id>
    <title>${escapeXml(item.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeXml(ideaUrl(origin, item))}"/>
    <updated>${item.matched_at.toISOString()}</updated>
    <published>${item.created_at.toISOString()}</published>
${item.categories.map((c) => `    <category term="${escapeXml(c)}"/>`).join('\n')}
    <summary>${escapeXml(describe(item))}</summary>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${escapeXml(selfUrl)}</id>
  <title>${escapeXml(`Ideamine watchlist: ${w.name}`)}</title>
  <subtitle>New ideas matching your watchlist</subtitle>
  <link rel="self" type="application/atom+xml" href="${escapeXml(selfUrl)}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(`${origin}/my/watchlists`)}"/>
  <updated>${updated}</updated>
  <author><name>Ideamine</name></author>
${entries.join('\n')}
</feed>
`;
}

export function jsonFeed(w: WatchlistRow, items: FeedItem[], origin: string, selfUrl: string): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: `Ideamine watchlist: ${w.name}`,
    description: 'New ideas matching your watchlist',
    home_page_url: `${origin}/my/watchlists`,
    feed_url: selfUrl,
    items: items.map((item) => ({
      id: String(item.id),
      url: ideaUrl(origin, item),
      external_url: item.source_url,
      title: item.title,
      content_text: describe(item),
      date_published: item.created_at.toISOString(),
      date_modified: item.matched_at.toISOString(),
      tags: item.categories,
      _ideamine: {
        profit_potential: item.profit_potential,
        profit_score: item.profit_score === null ? null : Number(item.profit_score),
        matched_at: item.matched_at.toISOString(),
      },
    })),
  });
}
