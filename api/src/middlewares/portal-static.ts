import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import { API_BASE } from '@ideamine/shared/limits';
import { withHead } from '../seo/head-html';
import type { PageHead } from '../seo/page-head';

// Serves the built portal at `/`: hashed assets cached for a year, any other page path answered
// with index.html so the portal's router can show it (or its not-found page). Given `headOf`,
// that index.html carries the page's own title, description, canonical link and Open Graph
// tags, with a 404 status for a page that does not exist and a 301 to a page's one address.
// API, health and metrics paths never reach this.

const PORTAL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
};

const NOT_PORTAL = [API_BASE + '/', '/healthz', '/readyz', '/metrics'];

export function portalAvailable(dir: string): boolean {
  return existsSync(path.join(dir, 'index.html'));
}

/** The head of a portal page, given its decoded path. */
export type PageHeadOf = (ctx: Context, path: string) => Promise<PageHead>;

export function portalStatic(dir: string, headOf?: PageHeadOf): Middleware {
  const root = path.resolve(dir);
  return async (ctx, next) => {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      NOT_PORTAL.some((p) => ctx.path.startsWith(p)) ||
      ctx.path === API_BASE
    )
      return next();
    let relative: string;
    try {
      relative = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    const file = path.join(root, relative);
    const inside = file.startsWith(root + path.sep);
    const info = inside ? await stat(file).catch(() => null) : null;
    if (info?.isFile()) return send(ctx, file, info, relative.startsWith('/assets/'));
    // A missing asset is a real 404; any other path is a portal page.
    if (relative.startsWith('/assets/') || path.extname(relative)) return next();
    const index = path.join(root, 'index.html');
    const indexInfo = await stat(index).catch(() => null);
    if (!indexInfo) return next();
    if (!headOf) return send(ctx, index, indexInfo, false);
    return sendPage(ctx, index, indexInfo, await headOf(ctx, relative));
  };
}

/** index.html as built, read once per file version. */
const indexHtmls = new Map<string, { mtimeMs: number; html: string }>();

async function indexHtmlOf(file: string, mtimeMs: number): Promise<string> {
  const cached = indexHtmls.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.html;
  const html = await readFile(file, 'utf8');
  indexHtmls.set(file, { mtimeMs, html });
  return html;
}

async function sendPage(ctx: Context, index: string, info: { mtimeMs: number }, head: PageHead) {
  if (head.redirect) {
    ctx.redirect(head.redirect + (ctx.querystring ? `?${ctx.querystring}` : ''));
    ctx.status = 301;
    return;
  }
  const html = withHead(await indexHtmlOf(index, info.mtimeMs), head);
  ctx.set('Content-Security-Policy', PORTAL_CSP);
  ctx.set('Cache-Control', 'no-cache');
  ctx.status = head.status;
  ctx.type = TYPES['.html']!;
  ctx.body = ctx.method === 'HEAD' ? '' : html;
  ctx.length = Buffer.byteLength(html);
}

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt']);
/** Gzipped text files, made once per file version: the bundle is fixed between deploys. */
const gzipped = new Map<string, { mtimeMs: number; body: Buffer }>();

async function gzipOf(file: string, mtimeMs: number): Promise<Buffer> {
  const cached = gzipped.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.body;
  const body = gzipSync(await readFile(file), { level: 9 });
  gzipped.set(file, { mtimeMs, body });
  return body;
}

async function send(
  ctx: Parameters<Middleware>[0],
  file: string,
  info: { size: number; mtimeMs: number },
  immutable: boolean,
) {
  ctx.set('Content-Security-Policy', PORTAL_CSP);
  ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
  ctx.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  ctx.set('Vary', 'Accept-Encoding');
  ctx.status = 200;
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  if (COMPRESSIBLE.has(path.extname(file)) && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    const body = await gzipOf(file, info.mtimeMs);
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = ctx.method === 'HEAD' ? '' : body;
    ctx.type = type;
    ctx.length = body.length;
    return;
  }
  ctx.body = ctx.method === 'HEAD' ? '' : createReadStream(file);
  ctx.type = type;
  ctx.length = info.size;
}
