import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeMarkup } from '@ideamine/shared/escape';
import { demoPosts, type DemoPost } from './real-posts';
import { teaser } from './site';

// The demo: real public posts (real-posts.json) published the ways real sources publish them,
// so one run of the pipeline goes through every transform path on real text:
// - a forum of HTML threads, 20 to a page with "next" links, found by crawling and by the sitemap;
// - an Atom feed whose entries are teasers linking to the full post (the pipeline follows them);
// - a Hacker News-style JSON listing (the Algolia API's shape) and a Reddit-style JSON listing;
// - robots.txt with a disallowed members' section and the sitemap.
// Every page names the post's origin (its Reddit permalink) as canonical, so an idea links to the
// real post. `routeDemoSite` answers one request; `startRealDemoSite` serves it on loopback, and
// the API serves it under /demo-site for "Load the demo".

export const THREADS_PER_PAGE = 20;

export type DemoChannel = 'forum' | 'feed' | 'hn' | 'reddit';

/** Which channel publishes a post: two in five go to the forum, one in five to each listing. */
export function channelOf(index: number): DemoChannel {
  return (['forum', 'forum', 'feed', 'hn', 'reddit'] as const)[index % 5]!;
}

export function postsOf(channel: DemoChannel): DemoPost[] {
  return demoPosts().filter((_, i) => channelOf(i) === channel);
}

/** The paths a crawl starts from, one job each, with the extraction schema a job needs (if any). */
export const DEMO_ENTRY_POINTS: readonly DemoEntryPoint[] = [
  { path: '/forum', tag: 'demo-forum', schema: null, maxDepth: 10, exclude: [] },
  // robots.txt names the forum's sitemap for every job on the site: the feed's job leaves it to the forum's.
  { path: '/feed.atom', tag: 'demo-feed', schema: null, maxDepth: 1, exclude: ['/forum', '/sitemap\\.xml$'] },
  { path: '/api/hn.json', tag: 'demo-hn', schema: 'Hacker News (Algolia API)', maxDepth: 0, exclude: [] },
  { path: '/api/reddit.json', tag: 'demo-reddit', schema: 'Reddit listing', maxDepth: 0, exclude: [] },
];

export interface DemoEntryPoint {
  path: string;
  tag: string;
  schema: string | null;
  maxDepth: number;
  exclude: string[];
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'post';
const postId = (p: DemoPost) => p.provenance.post_id;
const threadPath = (p: DemoPost) => `/forum/t/${postId(p)}/${slug(p.title)}`;
const blogPath = (p: DemoPost) => `/blog/${postId(p)}`;

/** Reddit's markdown links ([text](url)) as the anchors a forum would show; the rest as plain text. */
const withLinks = (text: string) =>
  escapeMarkup(text).replace(/\[([^[\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2">$1</a>');

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => `<p>${withLinks(p.trim())}</p>`)
    .join('\n');

// Links are absolute (from the site's base), so the site works under a path prefix too. Each
// channel links only within itself (the forum to its index and members' area, feed posts to
// nothing), so each demo job reads its own channel and no post is found twice.
function page(title: string, body: string, opts: { head?: string; nav?: string; footer?: boolean } = {}): string {
  const footer = opts.footer === false ? '' : `<footer><p>${ATTRIBUTION}</p></footer>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeMarkup(title)}</title>${opts.head ?? ''}</head>
<body><header>${opts.nav ?? ''}</header>
<main>${body}</main>${footer}</body></html>`;
}

const ATTRIBUTION = 'Posts from Reddit (umbrae/reddit-top-2.5-million, PDDL 1.0), republished for the Ideamine demo.';

/**
 * A post's own page: only the post is text. Where it came from (canonical) and when it was
 * posted are in the head, as many sites give them: on a page of a short post, the text extractor
 * would take a visible byline or footer for part of the post.
 */
function postPage(p: DemoPost, nav = ''): string {
  const origin = escapeMarkup(p.provenance.permalink);
  return page(p.title, `<article><h1>${escapeMarkup(p.title)}</h1>\n${paragraphs(p.body)}</article>`, {
    head: `<link rel="canonical" href="${origin}"><meta property="article:published_time" content="${p.posted_at}"><meta name="description" content="${escapeMarkup(teaser(p.body))}">`,
    nav,
    footer: false,
  });
}

const forumNav = (base: string) =>
  `<nav><a href="${base}/forum">Forum</a> <a href="${base}/members/">Members</a></nav>`;

function forumIndex(base: string, pageNo: number): string | null {
  const threads = postsOf('forum');
  const pages = Math.max(1, Math.ceil(threads.length / THREADS_PER_PAGE));
  if (pageNo < 1 || pageNo > pages) return null;
  const rows = threads
    .slice((pageNo - 1) * THREADS_PER_PAGE, pageNo * THREADS_PER_PAGE)
    .map(
      (p) =>
        `<li><a href="${base}${threadPath(p)}">${escapeMarkup(p.title)}</a> <small>${escapeMarkup(p.community)}</small></li>`,
    )
    .join('\n');
  const prev = pageNo > 1 ? `<a rel="prev" href="${base}/forum?page=${pageNo - 1}">Previous page</a>` : '';
  const next = pageNo < pages ? `<a rel="next" href="${base}/forum?page=${pageNo + 1}">Next page</a>` : '';
  return page(`Forum, page ${pageNo} of ${pages}`, `<h1>Forum</h1><ol>${rows}</ol><nav>${prev} ${next}</nav>`, {
    nav: forumNav(base),
  });
}

function atom(base: string): string {
  const entries = postsOf('feed')
    .map(
      (p) => `<entry><id>${base}${blogPath(p)}</id><title>${escapeMarkup(p.title)}</title>
<link href="${base}${blogPath(p)}"/><updated>${p.posted_at}</updated><author><name>${escapeMarkup(p.community)}</name></author>
<summary>${escapeMarkup(teaser(p.body))}</summary></entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Demo community: latest posts</title><id>${base}/feed.atom</id><updated>2013-12-31T00:00:00Z</updated><link href="${base}/"/>${entries}</feed>`;
}

function hnListing() {
  return {
    hits: postsOf('hn').map((p) => ({
      objectID: postId(p),
      title: p.title,
      // The post's real home: the idea links there, not to a Hacker News id it never had.
      url: p.provenance.permalink,
      story_text: p.body,
      author: p.community,
      created_at: p.posted_at,
    })),
  };
}

function redditListing() {
  return {
    kind: 'Listing',
    data: {
      children: postsOf('reddit').map((p) => ({
        kind: 't3',
        data: {
          title: p.title,
          selftext: p.body,
          subreddit: p.community.replace(/^r\//, ''),
          author: p.community,
          created_utc: Date.parse(p.posted_at) / 1000,
          permalink: new URL(p.provenance.permalink).pathname,
        },
      })),
    },
  };
}

const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="utf-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((u) => `<url><loc>${escapeMarkup(u)}</loc></url>`).join('')}</urlset>`;

export interface DemoAnswer {
  status: number;
  type: string;
  body: string;
}

/** Answers one request to the demo site whose root is `base` (an absolute URL without a trailing slash). */
export function routeDemoSite(base: string, pathAndQuery: string): DemoAnswer {
  const url = new URL(pathAndQuery, 'http://demo');
  const path = url.pathname;
  const html = (body: string): DemoAnswer => ({ status: 200, type: 'text/html; charset=utf-8', body });
  const notFound = (): DemoAnswer => ({
    status: 404,
    type: 'text/html; charset=utf-8',
    body: page('Not found', '<h1>Not found</h1><p>No such page on the demo site.</p>'),
  });

  if (path === '/robots.txt')
    return {
      status: 200,
      type: 'text/plain',
      body: `User-agent: *\nDisallow: /members/\n\nSitemap: ${base}/sitemap.xml\n`,
    };
  if (path === '/' || path === '')
    return html(
      page(
        'Demo community',
        `<h1>Demo community</h1><p>Real posts where people say what they need, and the noise around them.</p>
<ul><li><a href="${base}/forum">Forum</a></li><li><a href="${base}/feed.atom">Latest posts (Atom)</a></li><li><a href="${base}/members/">Members</a></li></ul>`,
        { head: `<link rel="alternate" type="application/atom+xml" href="${base}/feed.atom">` },
      ),
    );
  if (path === '/forum') {
    const index = forumIndex(base, Number(url.searchParams.get('page') ?? '1'));
    return index ? html(index) : notFound();
  }
  const thread = /^\/forum\/t\/(\w+)(\/[\w-]*)?$/.exec(path);
  if (thread) {
    const p = postsOf('forum').find((x) => postId(x) === thread[1]);
    return p ? html(postPage(p, forumNav(base))) : notFound();
  }
  const blog = /^\/blog\/(\w+)$/.exec(path);
  if (blog) {
    const p = postsOf('feed').find((x) => postId(x) === blog[1]);
    return p ? html(postPage(p)) : notFound();
  }
  if (path.startsWith('/members/')) return html(page('Members', '<h1>Members</h1><p>Sign in to see members.</p>'));
  if (path === '/feed.atom') return { status: 200, type: 'application/atom+xml; charset=utf-8', body: atom(base) };
  if (path === '/api/hn.json') return { status: 200, type: 'application/json', body: JSON.stringify(hnListing()) };
  if (path === '/api/reddit.json')
    return { status: 200, type: 'application/json', body: JSON.stringify(redditListing()) };
  if (path === '/sitemap.xml')
    return {
      status: 200,
      type: 'application/xml',
      body: urlset(postsOf('forum').map((p) => `${base}${threadPath(p)}`)),
    };
  return notFound();
}

export interface RunningDemoSite {
  url: string;
  close(): Promise<void>;
}

/** Serves the demo site on a free loopback port (`npm run demo`, tests). */
export async function startRealDemoSite(): Promise<RunningDemoSite> {
  let base = '';
  const server = http.createServer((req, res) => {
    const answer = routeDemoSite(base, req.url ?? '/');
    res.writeHead(answer.status, { 'content-type': answer.type });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
