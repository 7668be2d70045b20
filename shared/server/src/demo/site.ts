import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeMarkup } from '@ideamine/shared/escape';
import { demoIdea } from './idea-text';

// A small web site on loopback with everything a crawler meets: article pages, a feed, JSON
// listings in Hacker News and Reddit shapes, robots.txt and a sitemap, and the awkward cases
// (429 with Retry-After, 500s, slow and endless bodies, answers that never start, redirect
// loops, redirects to private addresses, huge and binary bodies, duplicate content, malformed
// feeds).
// `npm run demo` serves it for the real pipeline; the tests crawl it too.

export interface SiteOptions {
  ideas?: number;
  /** Requests per path, counted for assertions. */
  hits?: Map<string, number>;
  /** Delay before answering an idea page, in ms (makes crawls slow enough to interrupt). */
  delayMs?: number;
  /** Archive pages linked from nowhere: only a second sitemap, named in robots.txt, lists them. */
  archived?: number;
  /** Absolute URLs (other sites) that /outbound links to. */
  outbound?: string[];
  /** Idea pages asked for after this many wait unanswered until `release()`: a crawl that cannot end before a test is ready. */
  holdAfter?: number;
}

export interface RunningSite {
  url: string;
  hits: Map<string, number>;
  /** Every request in order, with the time it arrived. */
  log: { path: string; at: number }[];
  /** Answers the idea pages held by `holdAfter`, and those asked for from now on. */
  release(): void;
  close(): Promise<void>;
}

function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeMarkup(title)}</title>${head}</head>
<body><header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
<main><article><h1>${escapeMarkup(title)}</h1>${body}</article></main>
<footer>Demo idea board</footer></body></html>`;
}

const paragraphs = (text: string) =>
  text
    .split('\n\n')
    .map((p) => `<p>${escapeMarkup(p)}</p>`)
    .join('\n');

function ideaPage(n: number): string {
  const idea = demoIdea(n);
  const next = `<p>Related: <a href="/ideas/${n + 1}">next idea</a></p>`;
  return page(idea.title, paragraphs(idea.body) + next, `<link rel="canonical" href="/ideas/${n}">`);
}

const urlset = (urls: string[]) =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((u) => `<url><loc>${u}</loc></url>`).join('')}</urlset>`;

/** A feed item's teaser, as most real feeds give it: the post's first sentence, not the post. */
export function teaser(body: string): string {
  const first = /^[\s\S]*?[.!?](\s|$)/.exec(body)?.[0] ?? body;
  return first.length > 200 ? `${first.slice(0, 197)}...` : first.trim();
}

const feedItemTitle = (n: number) => demoIdea(n).title.replace('Idea', 'Feed idea');

function rss(base: string, count: number, offset: number): string {
  const items = Array.from({ length: count }, (_, i) => {
    const n = offset + i;
    const idea = demoIdea(n);
    return `<item><title>${escapeMarkup(feedItemTitle(n))}</title><link>${base}/feed-items/${n}</link>
<description>${escapeMarkup(`<p>${teaser(idea.body)}</p>`)}</description><pubDate>${new Date(Date.UTC(2026, 9, 1 + (i % 28))).toUTCString()}</pubDate><dc:creator>feed-author</dc:creator></item>`;
  }).join('\n');
  return `<?xml version="1.0"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Demo feed</title><link>${base}/</link>${items}</channel></rss>`;
}

function hnListing(count: number, offset: number) {
  return {
    hits: Array.from({ length: count }, (_, i) => {
      const n = offset + i;
      const idea = demoIdea(n);
      return {
        objectID: String(9000 + n),
        title: `Ask HN: ${idea.title}`,
        url: null,
        story_text: idea.body,
        author: `hn${n}`,
        created_at: '2026-10-05T12:00:00Z',
      };
    }),
  };
}

function redditListing(count: number, offset: number) {
  return {
    kind: 'Listing',
    data: {
      children: Array.from({ length: count }, (_, i) => {
        const n = offset + i;
        const idea = demoIdea(n);
        return {
          kind: 't3',
          data: {
            title: `[Side project] ${idea.title}`,
            selftext: idea.body,
            author: `r${n}`,
            created_utc: 1791000000 + n,
            permalink: `/r/SideProject/comments/${n}/idea/`,
          },
        };
      }),
    },
  };
}

export async function startDemoSite(opts: SiteOptions = {}): Promise<RunningSite> {
  const ideas = opts.ideas ?? 40;
  const archived = opts.archived ?? 0;
  const hits = opts.hits ?? new Map<string, number>();
  const log: RunningSite['log'] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let ideaRequests = 0;
  let base = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    log.push({ path, at: Date.now() });
    const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(body);
    };
    const html = (body: string) => send(200, 'text/html; charset=utf-8', body);

    if (path === '/robots.txt') {
      const archive = archived ? `Sitemap: ${base}/archive-sitemap.xml\n` : '';
      return send(200, 'text/plain', `User-agent: *\nDisallow: /private/\n\nSitemap: ${base}/sitemap.xml\n${archive}`);
    }
    if (path === '/') {
      const links = Array.from(
        { length: ideas },
        (_, i) => `<li><a href="/ideas/${i + 1}">${escapeMarkup(demoIdea(i + 1).title)}</a></li>`,
      ).join('');
      return html(
        page(
          'Demo idea board',
          `<ul>${links}</ul><p><a href="/about">About</a> <a href="/private/secret">Members</a> <a href="/dup/a">A</a> <a href="/dup/b">B</a></p>`,
          `<link rel="alternate" type="application/rss+xml" href="/feed.xml">`,
        ),
      );
    }
    const idea = /^\/ideas\/(\d+)$/.exec(path);
    if (idea) {
      const n = Number(idea[1]);
      if (n < 1 || n > ideas) return send(404, 'text/html', page('Not found', '<p>No such idea.</p>'));
      // Idea pages never change: they carry an ETag and answer a matching If-None-Match with 304.
      const etag = `"idea-${n}"`;
      if (req.headers['if-none-match'] === etag) return send(304, 'text/html', '', { etag });
      const answer = () => send(200, 'text/html; charset=utf-8', ideaPage(n), { etag });
      const delayed = () => (opts.delayMs ? void setTimeout(answer, opts.delayMs) : answer());
      ideaRequests += 1;
      if (opts.holdAfter !== undefined && ideaRequests > opts.holdAfter) return void released.then(delayed);
      return delayed();
    }
    if (path === '/about') return html(page('About us', '<p>We are two people. Write to us.</p>'));
    if (path === '/private/secret') return html(page('Members only', '<p>Secret.</p>'));
    if (path === '/dup/a' || path === '/dup/b') return html(ideaPage(1).replace('/ideas/1"', `${path}"`));
    if (path === '/feed.xml') return send(200, 'application/rss+xml', rss(base, 10, 1000));
    // The posts the feed's items link to, in full (the feed gives a teaser only).
    const item = /^\/feed-items\/(\d+)$/.exec(path);
    if (item && Number(item[1]) >= 1000 && Number(item[1]) < 1010) {
      const n = Number(item[1]);
      return html(page(feedItemTitle(n), paragraphs(demoIdea(n).body)));
    }
    if (path === '/hn.json') return send(200, 'application/json', JSON.stringify(hnListing(20, 2000)));
    if (path === '/reddit.json') return send(200, 'application/json', JSON.stringify(redditListing(20, 3000)));
    if (path === '/sitemap.xml')
      return send(200, 'application/xml', urlset(Array.from({ length: ideas }, (_, i) => `${base}/ideas/${i + 1}`)));
    if (path === '/archive-sitemap.xml' && archived)
      return send(
        200,
        'application/xml',
        urlset(Array.from({ length: archived }, (_, i) => `${base}/archive/${i + 1}`)),
      );
    const arch = /^\/archive\/(\d+)$/.exec(path);
    if (arch && Number(arch[1]) >= 1 && Number(arch[1]) <= archived) {
      const idea = demoIdea(500 + Number(arch[1]));
      return html(page(idea.title, paragraphs(idea.body)));
    }
    if (path === '/outbound') {
      const links = (opts.outbound ?? [])
        .map((u) => `<li><a href="${escapeMarkup(u)}">${escapeMarkup(u)}</a></li>`)
        .join('');
      return html(page('Elsewhere', `<ul>${links}</ul>`));
    }
    if (path === '/malformed.xml') return send(200, 'application/rss+xml', '<rss><channel><item><title>Broken');
    if (path === '/flaky') {
      return hits.get(path) === 1 ? send(429, 'text/plain', 'slow down', { 'retry-after': '1' }) : html(ideaPage(7));
    }
    if (path === '/always-500') return send(500, 'text/plain', 'boom');
    if (path === '/missing') return send(404, 'text/plain', 'gone');
    if (path === '/loop-a') return send(302, 'text/plain', '', { location: '/loop-b' });
    if (path === '/loop-b') return send(302, 'text/plain', '', { location: '/loop-a' });
    if (path === '/to-private')
      return send(302, 'text/plain', '', { location: 'http://169.254.169.254/latest/meta-data/' });
    if (path === '/huge') return send(200, 'text/html', Buffer.alloc(12 * 1024 * 1024, 'a'));
    if (path === '/binary') return send(200, 'application/octet-stream', Buffer.from([0, 1, 2, 3, 0, 255]));
    if (path === '/no-type') {
      res.writeHead(200);
      return res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    }
    if (path === '/stall') return; // takes the request and never answers: no status line, no headers
    if (path === '/slow') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body>');
      const timer = setInterval(() => res.write('.'), 200); // trickles forever
      res.on('close', () => clearInterval(timer));
      return;
    }
    send(404, 'text/html', page('Not found', '<p>No such page.</p>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    hits,
    log,
    release,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
