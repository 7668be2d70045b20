import { describe, expect, it } from 'vitest';
import { extractBySelectors, extractMainText } from './html';
import { FeedParseError, hasOwnPage, parseFeed } from './feed';
import { detectListing, getPath, parseJsonListing } from './json-listing';
import { slugify } from '@ideamine/shared/slug';
import { htmlToText } from './text';

const base = 'https://site.example/list';

describe('feeds', () => {
  it('reads Atom entries with alternate links and HTML content as text', () => {
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>
      <entry><title>First &amp; best</title><link rel="alternate" href="/posts/1"/><link rel="edit" href="/edit/1"/>
      <author><name>Ann</name></author><published>2026-10-01T10:00:00Z</published><content type="html">&lt;p&gt;Hello &lt;b&gt;world&lt;/b&gt;&lt;/p&gt;</content></entry></feed>`;
    const [item] = parseFeed(atom, base);
    expect(item).toEqual({
      title: 'First & best',
      url: 'https://site.example/posts/1',
      body: 'Hello world',
      author: 'Ann',
      publishedAt: new Date('2026-10-01T10:00:00Z'),
    });
  });

  it('reads JSON Feed items', () => {
    const feed = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      items: [
        {
          title: 'J',
          url: 'https://j.example/1',
          content_text: 'Text',
          date_published: '2026-01-02T00:00:00Z',
          authors: [{ name: 'Jo' }],
        },
      ],
    });
    expect(parseFeed(feed, base)).toEqual([
      {
        title: 'J',
        url: 'https://j.example/1',
        body: 'Text',
        author: 'Jo',
        publishedAt: new Date('2026-01-02T00:00:00Z'),
      },
    ]);
  });

  it('keeps every item without a link of its own, each under a key of its own that stays the same', () => {
    const rss = `<rss version="2.0"><channel><title>Text posts</title>
      <item><title>An app that splits rent</title><description>Four of us share a flat.</description></item>
      <item><title>A tide alarm</title><description>For sea kayakers.</description></item>
      <item><title>Permalink guid</title><guid>https://site.example/p/7</guid></item>
      <item><title>Opaque guid</title><guid isPermaLink="false">t3_abc</guid></item>
      <item><title>Another opaque guid</title><guid isPermaLink="false">urn:uuid:1b4e28ba</guid></item>
      <item><title>Links to the feed</title><link>#</link><description>Same page.</description></item>
    </channel></rss>`;
    const items = parseFeed(rss, base);
    expect(items.map((i) => i.title)).toEqual([
      'An app that splits rent',
      'A tide alarm',
      'Permalink guid',
      'Opaque guid',
      'Another opaque guid',
      'Links to the feed',
    ]);
    expect(new Set(items.map((i) => i.url)).size).toBe(6);
    expect(items[2]!.url).toBe('https://site.example/p/7');
    for (const i of [0, 1, 3, 4, 5]) {
      expect(items[i]!.url).toMatch(/^https:\/\/site\.example\/list#item-[0-9a-f]{16}$/);
      expect(hasOwnPage(items[i]!.url)).toBe(false);
    }
    expect(hasOwnPage(items[2]!.url)).toBe(true);
    // Read again (a recrawl), each item has the same key, so it is not stored twice.
    expect(parseFeed(rss, base).map((i) => i.url)).toEqual(items.map((i) => i.url));

    const json = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      items: [
        { id: '1', content_text: 'First post' },
        { id: '2', content_text: 'Second post' },
      ],
    });
    expect(new Set(parseFeed(json, base).map((i) => i.url)).size).toBe(2);

    // A JSON Feed's content_text is plain text, not markup.
    const plain = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      items: [{ id: '3', url: 'https://j.example/3', content_text: 'Use a <b> tag? 3 < 4 & 5 > 4.\nNew line.' }],
    });
    expect(parseFeed(plain, base)[0]!.body).toBe('Use a <b> tag? 3 < 4 & 5 > 4.\nNew line.');
  });

  it("forgives a bare '&' or '<' and reads markup written into an item as its text", () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Careless</title>
      <item><title>AT&T billing</title><link>https://site.example/1</link><description>Our AT&T bill & the fees: 3 < 4.</description></item>
      <item><title>Raw markup</title><link>https://site.example/2</link><description><p>I would pay for an app that <b>splits rent</b>.</p><p>Fairly &amp; quickly.</p></description></item>
      <item><title>Escaped</title><link>https://site.example/3</link><description>&lt;p&gt;Tom &amp;amp; Jerry &lt;/p&gt;</description></item>
      <item><title>CDATA</title><link>https://site.example/4</link><description><![CDATA[<p>R&D <i>costs</i></p>]]></description></item>
    </channel></rss>`;
    expect(parseFeed(rss, base).map((i) => [i.title, i.body])).toEqual([
      ['AT&T billing', 'Our AT&T bill & the fees: 3 < 4.'],
      ['Raw markup', 'I would pay for an app that splits rent.\nFairly & quickly.'],
      ['Escaped', 'Tom & Jerry'],
      ['CDATA', 'R&D costs'],
    ]);
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
      <entry><title>XHTML</title><link href="https://site.example/x"/><id>x</id>
      <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Is there a tool that <em>merges</em> invoices?</p></div></content></entry></feed>`;
    expect(parseFeed(atom, base)[0]!.body).toBe('Is there a tool that merges invoices?');
  });

  it('refuses malformed XML and documents that are not feeds', () => {
    expect(() => parseFeed('<rss><channel><item><title>x</title></channel></rss>', base)).toThrow(FeedParseError);
    expect(() => parseFeed('<html><body>hi</body></html>', base)).toThrow('Not an RSS, Atom or JSON feed');
    expect(() => parseFeed('{"items": 3}', base)).toThrow('JSON feed without items');
  });
});

describe('JSON listings', () => {
  it('reads a field path through own keys only', () => {
    const doc = { data: { title: 'Own title', list: ['a', 'b'] } };
    expect(getPath(doc, 'data.title')).toBe('Own title');
    expect(getPath(doc, 'data.list.1')).toBe('b');
    // A schema's path is operator input: inherited names are not data.
    expect(getPath(doc, 'data.constructor.name')).toBeUndefined();
    expect(getPath(doc, 'data.__proto__')).toBeUndefined();
  });

  it('recognises Hacker News and Reddit shapes and fills URL templates', () => {
    const hn = {
      hits: [
        {
          objectID: '42',
          title: 'Ask HN: <b>x</b>',
          url: null,
          story_text: '<p>body</p>',
          created_at: '2026-01-01T00:00:00Z',
        },
      ],
    };
    const listing = detectListing(hn)!;
    expect(parseJsonListing(hn, base, listing)[0]).toMatchObject({
      title: 'Ask HN: x',
      url: 'https://news.ycombinator.com/item?id=42',
      body: 'body',
    });
    const reddit = {
      data: {
        children: [
          { kind: 't3', data: { title: 'T', selftext: 'S', created_utc: 1700000000, permalink: '/r/a/comments/1/t/' } },
        ],
      },
    };
    const [post] = parseJsonListing(reddit, base, detectListing(reddit)!);
    expect(post).toMatchObject({
      url: 'https://www.reddit.com/r/a/comments/1/t/',
      publishedAt: new Date(1700000000 * 1000),
    });
    expect(detectListing({ something: 'else' })).toBeNull();
  });

  it('skips items without a title or a URL', () => {
    const doc = {
      items: [
        { title: '', url: 'https://a.example' },
        { title: 'No url' },
        { title: 'Ok', url: 'https://b.example/x' },
      ],
    };
    expect(
      parseJsonListing(doc, base, { itemPath: 'items', fields: { title: 'title', url: 'url' } }).map((i) => i.title),
    ).toEqual(['Ok']);
  });
});

describe('HTML', () => {
  const html = `<html><head><title>List</title></head><body>
    <div class="post"><h2><a href="/p/1">One</a></h2><p class="text">First idea text</p><span class="by">amy</span></div>
    <div class="post"><h2><a href="/p/2">Two</a></h2><p class="text">Second</p></div>
    <div class="post"><p class="text">no title</p></div></body></html>`;

  it('extracts items by selectors, reading attributes with @', () => {
    const items = extractBySelectors(html, base, '.post', {
      title: 'h2',
      url: 'h2 a@href',
      body: '.text',
      author: '.by',
    });
    expect(items).toEqual([
      { title: 'One', url: 'https://site.example/p/1', body: 'First idea text', author: 'amy', publishedAt: null },
      { title: 'Two', url: 'https://site.example/p/2', body: 'Second', author: null, publishedAt: null },
    ]);
  });

  it('takes the main text of an article and ignores hub pages full of links', () => {
    const article = `<html><head><title>My idea</title><link rel="canonical" href="https://site.example/idea"></head><body><nav><a href="/">Home</a></nav>
      <article><h1>My idea</h1><p>${'A long paragraph about a product that solves a painful problem for teams. '.repeat(5)}</p></article></body></html>`;
    const [item] = extractMainText(article, base);
    expect(item).toMatchObject({ title: 'My idea', url: 'https://site.example/idea' });
    expect(item!.body).toContain('painful problem');
    expect(item!.body).not.toContain('Home');
    const hub = `<html><body>${Array.from({ length: 30 }, (_, i) => `<a href="/x/${i}">Link number ${i}</a>`).join(' ')}<p>tiny</p></body></html>`;
    expect(extractMainText(hub, base)).toEqual([]);
  });
});

describe('text helpers', () => {
  it('slugifies titles and strips markup', () => {
    expect(slugify('Ünïcode & Friends: 10x faster!')).toBe('unicode-friends-10x-faster');
    expect(slugify('!!!')).toBe('idea');
    expect(htmlToText('<p>a</p><script>evil()</script><p>b&amp;c</p>')).toBe('a\nb&c');
  });
});
