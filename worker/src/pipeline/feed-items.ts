import type { FeedItemJson, FollowFeedItems } from '@ideamine/server/db/schema';
import type { Discovered } from '../crawl/discover';
import { hasOwnPage, looksLikeFeed, parseFeed } from '../transform/feed';
import type { ExtractedItem } from '../transform/item';

// Feed items read in full: most feeds (Hacker News, Reddit, blogs) give a line or two per item,
// too little to judge an idea by. Such an item's link is crawled like any page (robots.txt, the
// shared rate limit, the SSRF guard, conditional GET, the job's page budget), carrying the item
// so its own text still makes the idea when the page cannot be read.

/** Below this many characters of text an item is followed when the job says 'auto'. */
export const SHORT_ITEM_CHARS = 300;

export function followsItem(item: Pick<ExtractedItem, 'body'>, mode: FollowFeedItems): boolean {
  if (mode === 'never') return false;
  return mode === 'always' || item.body.length < SHORT_ITEM_CHARS;
}

export function toFeedItemJson(item: ExtractedItem): FeedItemJson {
  return {
    title: item.title,
    url: item.url,
    body: item.body,
    author: item.author ?? null,
    publishedAt: item.publishedAt ? item.publishedAt.toISOString() : null,
  };
}

export function fromFeedItemJson(item: FeedItemJson): ExtractedItem {
  return {
    title: item.title,
    url: item.url,
    body: item.body,
    author: item.author,
    publishedAt: item.publishedAt ? new Date(item.publishedAt) : null,
  };
}

/** The links of a fetched feed's items that the job follows; none for a page that is not a feed. */
export function feedItemLinks(
  page: { contentType: string; body: string; finalUrl: string },
  mode: FollowFeedItems,
): Discovered[] {
  if (mode === 'never' || !looksLikeFeed(page.contentType, page.body)) return [];
  let items: ExtractedItem[];
  try {
    items = parseFeed(page.body, page.finalUrl);
  } catch {
    return []; // the transform reports a malformed feed on its task
  }
  return items
    .filter((i) => hasOwnPage(i.url) && followsItem(i, mode))
    .map((i) => ({ url: i.url, via: 'feed' as const, feedItem: toFeedItemJson(i) }));
}

/** The item as the idea should read: the feed's title, the page's main text when it says more. */
export function readInFull(feed: ExtractedItem, page: ExtractedItem | undefined): ExtractedItem {
  if (!page || page.body.length <= feed.body.length) return feed;
  return {
    ...feed,
    title: feed.title || page.title,
    body: page.body,
    ...(page.summary ? { summary: page.summary } : {}),
    author: feed.author || page.author || null,
  };
}

/**
 * A followed item whose page could not be read, stored as a one-item JSON Feed: the transform
 * reads it like any feed, so the item's own text still becomes the idea.
 */
export function feedItemFallback(item: FeedItemJson): { contentType: string; body: string } {
  const entry = {
    id: item.url,
    url: item.url,
    title: item.title,
    content_text: item.body,
    ...(item.author ? { authors: [{ name: item.author }] } : {}),
    ...(item.publishedAt ? { date_published: item.publishedAt } : {}),
  };
  return {
    contentType: 'application/feed+json',
    body: JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: item.title, items: [entry] }),
  };
}
