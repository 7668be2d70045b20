import {
  NOT_FOUND_ROUTE,
  PUBLIC_ROUTES,
  matchPortalRoute,
  redirectTargetOf,
  type PortalRoute,
} from '@ideamine/shared/routes';
import { categoryDescription, categoryTitle, documentTitle, shortDescription } from '@ideamine/shared/page-meta';
import { withoutTrailingSlashes } from '@ideamine/shared/url';
import { categoryHead, publicIdeaHead } from '@ideamine/server/queries/page-heads';
import type { Db } from '@ideamine/server/db/database';

// What a crawler or a chat app's link preview learns from the HTML the server sends, before any
// script runs: the page's title, description, canonical address and Open Graph tags, and a 404
// status for a page that does not exist. Ideas and categories are read from the database; every
// other page takes its title and description from the portal's route table.

export interface PageHead {
  status: 200 | 404;
  /** Set when the page lives at another address (an idea without its slug, or an old slug). */
  redirect?: string;
  title: string;
  description: string;
  /** Absolute; none for pages that should not be indexed at all. */
  canonical: string | null;
  type: 'website' | 'article';
  /** Pages only a signed-in person sees, search results and one-off links stay out of indexes. */
  noindex: boolean;
  publishedAt?: string;
  modifiedAt?: string;
}

/** Public pages a search engine has no use for: sign-in steps, result pages and private links. */
const NOT_INDEXED = new Set(['/login', '/register', '/auth/$provider/callback', '/search', '/shared/$token']);

/** The route-table paths search engines may index: the public pages but those above. */
export const INDEXED_ROUTES = new Set(PUBLIC_ROUTES.map((r) => r.path).filter((path) => !NOT_INDEXED.has(path)));

function notFound(what: string): PageHead {
  return {
    status: 404,
    title: documentTitle(`${what} not found`),
    description: NOT_FOUND_ROUTE.description,
    canonical: null,
    type: 'website',
    noindex: true,
  };
}

function fromRoute(route: PortalRoute, origin: string, path: string): PageHead {
  const indexed = INDEXED_ROUTES.has(route.path);
  return {
    status: 200,
    title: documentTitle(route.title),
    description: route.description,
    canonical: indexed ? origin + path : null,
    type: 'website',
    noindex: !indexed,
  };
}

/** An idea's pages: /ideas/{id} and /ideas/{id}/{slug}, the latter being its one address. */
async function ideaHead(db: Db, origin: string, segments: string[]): Promise<PageHead> {
  const id = /^[1-9][0-9]{0,15}$/.test(segments[1] ?? '') ? Number(segments[1]) : NaN;
  const idea = Number.isSafeInteger(id) ? await publicIdeaHead(db, id) : undefined;
  if (!idea) return notFound('Idea');
  const path = `/ideas/${idea.id}/${idea.slug}`;
  return {
    status: 200,
    redirect: segments[2] === idea.slug ? undefined : path,
    title: documentTitle(idea.title),
    description: shortDescription(idea.summary || idea.title),
    canonical: origin + path,
    type: 'article',
    noindex: false,
    publishedAt: idea.created_at.toISOString(),
    modifiedAt: idea.updated_at.toISOString(),
  };
}

async function categoryPageHead(db: Db, origin: string, slug: string): Promise<PageHead> {
  const category = await categoryHead(db, slug);
  if (!category) return notFound('Category');
  return {
    status: 200,
    redirect: slug === category.slug ? undefined : `/categories/${encodeURIComponent(category.slug)}`,
    title: categoryTitle(category.name),
    description: categoryDescription(category),
    canonical: `${origin}/categories/${category.slug}`,
    type: 'website',
    noindex: false,
  };
}

/** The head the route table alone gives, for when the database cannot be read. */
export function routeHeadOf(origin: string, path: string): PageHead {
  return fromRoute(matchPortalRoute(path) ?? NOT_FOUND_ROUTE, origin, path);
}

/**
 * The head of the portal page at `path` (decoded, no query string), with `origin` the site's
 * public address.
 */
export async function pageHeadOf(db: Db, origin: string, path: string): Promise<PageHead> {
  const route = matchPortalRoute(path);
  if (!route) {
    const target = redirectTargetOf(path);
    return target ? { ...fromRoute(NOT_FOUND_ROUTE, origin, path), redirect: target } : notFound('Page');
  }
  const segments = path.split('/').filter(Boolean);
  if (route.path === '/ideas/$id' || route.path === '/ideas/$id/$slug') return ideaHead(db, origin, segments);
  if (route.path === '/categories/$slug') return categoryPageHead(db, origin, segments[1]!);
  return fromRoute(route, origin, path === '/' ? '/' : withoutTrailingSlashes(path) || '/');
}
