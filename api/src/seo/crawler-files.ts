import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { escapeMarkup } from '@ideamine/shared/escape';
import { PUBLIC_ROUTES } from '@ideamine/shared/routes';
import type { AppContext } from '@ideamine/server/context';
import { allCategorySlugs, sitemapIdeaFileCount, sitemapIdeas } from '@ideamine/server/queries/page-heads';
import { DEMO_SITE_PATH } from '../routes/meta/demo-site';
import { INDEXED_ROUTES } from './page-head';

// The files search engines ask for: /robots.txt (private pages and the demo's members' area
// are off limits) and the sitemap, an index of one file of list pages and categories plus one
// file per 50,000 idea ids, so each stays under the sitemap limits at any catalogue size.

const gzipAsync = promisify(gzip);

/** The site's address as visitors know it: PUBLIC_URL, or the address this request came to. */
export const publicOrigin = (app: AppContext, ctx: Context) => app.config.publicUrl ?? `${ctx.protocol}://${ctx.host}`;

const robots = (origin: string) =>
  [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /my',
    'Disallow: /dashboard',
    `Disallow: ${DEMO_SITE_PATH}/members/`,
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const url = (loc: string, lastmod?: Date) =>
  `<url><loc>${escapeMarkup(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;

async function sitemapIndex(app: AppContext, origin: string): Promise<string> {
  const files = await sitemapIdeaFileCount(app.readDb);
  const entries = [`${origin}/sitemap-pages.xml`];
  for (let n = 1; n <= files; n += 1) entries.push(`${origin}/sitemap-ideas-${n}.xml`);
  const body = entries.map((loc) => `<sitemap><loc>${escapeMarkup(loc)}</loc></sitemap>`).join('\n');
  return `${XML_HEAD}<sitemapindex ${NS}>\n${body}\n</sitemapindex>\n`;
}

async function pagesSitemap(app: AppContext, origin: string): Promise<string> {
  const lists = PUBLIC_ROUTES.filter((r) => INDEXED_ROUTES.has(r.path) && !r.path.includes('$'));
  const categories = await allCategorySlugs(app.readDb);
  const urls = [
    ...lists.map((r) => url(origin + r.path)),
    ...categories.map((c) => url(`${origin}/categories/${encodeURIComponent(c.slug)}`)),
  ];
  return `${XML_HEAD}<urlset ${NS}>\n${urls.join('\n')}\n</urlset>\n`;
}

async function ideasSitemap(app: AppContext, origin: string, file: number): Promise<string> {
  const ideas = await sitemapIdeas(app.readDb, file);
  const urls = ideas.map((i) => url(`${origin}/ideas/${i.id}/${encodeURIComponent(i.slug)}`, i.updated_at));
  return `${XML_HEAD}<urlset ${NS}>\n${urls.join('\n')}\n</urlset>\n`;
}

async function sendText(ctx: Context, type: string, text: string) {
  ctx.type = type;
  // Search engines revisit these often; an hour's staleness costs nothing.
  ctx.set('Cache-Control', 'public, max-age=3600');
  ctx.set('Vary', 'Accept-Encoding');
  if (text.length > 1024 && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = await gzipAsync(text);
  } else ctx.body = text;
}

const IDEAS_FILE = /^\/sitemap-ideas-([1-9][0-9]{0,5})\.xml$/;

export function crawlerFiles(app: AppContext): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const origin = publicOrigin(app, ctx);
    if (ctx.path === '/robots.txt') return sendText(ctx, 'text/plain', robots(origin));
    if (ctx.path === '/sitemap.xml') return sendText(ctx, 'application/xml', await sitemapIndex(app, origin));
    if (ctx.path === '/sitemap-pages.xml') return sendText(ctx, 'application/xml', await pagesSitemap(app, origin));
    const ideasFile = IDEAS_FILE.exec(ctx.path);
    if (!ideasFile) return next();
    const file = Number(ideasFile[1]);
    if (file > (await sitemapIdeaFileCount(app.readDb))) return next();
    return sendText(ctx, 'application/xml', await ideasSitemap(app, origin, file));
  };
}
