import { describe, expect, it } from 'vitest';
import { parseFeed } from './feed';
import { withoutFeedFooter } from './feed-footers';

// The footers as Reddit's Atom feeds and hnrss.org's RSS feeds write them, HTML-escaped inside
// the entry's content or description.

const base = 'https://www.reddit.com/r/SomebodyMakeThis/.rss';
const esc = (html: string) => html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const redditEntry = (html: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>SomebodyMakeThis</title>` +
  `<entry><title>An app that splits rent by room size</title><link href="https://www.reddit.com/r/SomebodyMakeThis/comments/abc/" />` +
  `<content type="html">${esc(html)}</content></entry></feed>`;

const redditFooter =
  ' &#32; submitted by &#32; <a href="https://www.reddit.com/user/flatmate"> /u/flatmate </a> <br/>' +
  ' <span><a href="https://www.reddit.com/r/SomebodyMakeThis/comments/abc/">[link]</a></span> &#32;' +
  ' <span><a href="https://www.reddit.com/r/SomebodyMakeThis/comments/abc/">[comments]</a></span>';

describe('withoutFeedFooter', () => {
  it("drops Reddit's submitted-by, link and comments lines and keeps the post", () => {
    const html =
      '<!-- SC_OFF --><div class="md"><p>Four of us share a flat and the big room pays the same.</p>' +
      '<p>I would pay for an app that splits it fairly.</p></div><!-- SC_ON -->' +
      redditFooter;
    const [item] = parseFeed(redditEntry(html), base);
    expect(item!.body).toBe(
      'Four of us share a flat and the big room pays the same.\nI would pay for an app that splits it fairly.',
    );
  });

  it('drops the submitted-by line that names the subreddit too, as Reddit writes it today', () => {
    // As r/careerquestions/.rss wrote it in 2026: "submitted by /u/name to r/sub", one line.
    const footer =
      ' &#32; submitted by &#32; <a href="https://www.reddit.com/user/flatmate"> /u/flatmate </a> &#32; to &#32;' +
      ' <a href="https://www.reddit.com/r/SomebodyMakeThis/"> r/SomebodyMakeThis </a> <br/>' +
      ' <span><a href="https://www.reddit.com/r/SomebodyMakeThis/comments/abc/">[link]</a></span> &#32;' +
      ' <span><a href="https://www.reddit.com/r/SomebodyMakeThis/comments/abc/">[comments]</a></span>';
    const html =
      '<!-- SC_OFF --><div class="md"><p>Four of us share a flat and the big room pays the same.</p></div><!-- SC_ON -->' +
      footer;
    const [item] = parseFeed(redditEntry(html), base);
    expect(item!.body).toBe('Four of us share a flat and the big room pays the same.');
    expect(withoutFeedFooter('A post.\nsubmitted by /u/someone to /r/movies')).toBe('A post.');
  });

  it('leaves a Reddit link post with no words of its own empty', () => {
    const [item] = parseFeed(redditEntry(redditFooter.trim()), base);
    expect(item!.body).toBe('');
  });

  it("drops hnrss.org's URL, points and comments lines", () => {
    const description =
      '<p>We re-type every supplier invoice into our books by hand. Is there a tool that does it?</p><hr>' +
      '<p>Comments URL: <a href="https://news.ycombinator.com/item?id=1">https://news.ycombinator.com/item?id=1</a></p>' +
      '<p>Points: 12</p><p># Comments: 3</p>';
    const rss =
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Ask HN</title><link>https://news.ycombinator.com/</link>` +
      `<item><title>Ask HN: Invoice entry tool?</title><link>https://news.ycombinator.com/item?id=1</link>` +
      `<description>${esc(description)}</description></item></channel></rss>`;
    const [item] = parseFeed(rss, 'https://hnrss.org/ask');
    expect(item!.body).toBe('We re-type every supplier invoice into our books by hand. Is there a tool that does it?');
  });

  it("keeps a post's own lines that only look alike in the middle, and text with no footer", () => {
    const text = 'Points: 3\nThe real post ends here.';
    expect(withoutFeedFooter(text)).toBe(text);
    expect(withoutFeedFooter('Article URL: https://example.com/a\nComments URL: https://x.test/1\nPoints: 5')).toBe('');
    expect(withoutFeedFooter('Just a post.')).toBe('Just a post.');
  });
});
