import { createHash } from 'node:crypto';
import { z } from 'zod';
import { idParam } from '@ideamine/shared/contract/common';
import {
  aboutScoresSchema,
  categorySchema,
  highPotentialIdeaSchema,
  highPotentialQuery,
  ideaCardSchema,
  publicIdeaSchema,
  publicIdeasQuery,
  publicSearchQuery,
  publicSlugParams,
  searchResultSchema,
  suggestionSchema,
  suggestionsQuery,
  topVotedQuery,
  trendingKeywordSchema,
  trendingQuery,
  type IdeaCard,
  type PublicSearchQuery,
  type SearchResult,
} from '@ideamine/shared/contract/public';
import { pageQuery } from '@ideamine/shared/contract/common';
import { paginate } from '@ideamine/shared/envelope';
import { PUBLIC } from '@ideamine/shared/permissions';
import { recordView } from '@ideamine/server/commands/engagement';
import { notFound } from '@ideamine/server/errors';
import { presentHighPotentialIdea, presentIdeaCard, presentPublicIdea } from '../../presenters/public-idea';
import { findKnowledge, sourcesOf } from '@ideamine/server/queries/knowledge';
import {
  editorPicks,
  highPotentialIdeas,
  listPublicIdeas,
  searchPublicIdeas,
  topVotedIdeas,
} from '@ideamine/server/queries/public-ideas';
import { suggestions } from '@ideamine/server/queries/suggestions';
import { didYouMean } from '@ideamine/server/queries/did-you-mean';
import { aboutTheScores } from '@ideamine/server/llm/idea-model/about';
import { categoriesWithCounts, trendingKeywords } from '@ideamine/server/queries/trending';
import { ensureIdeaRollups } from '@ideamine/server/queries/idea-rollups';
import type { AuthState } from '../../middlewares/authenticate';
import type { AppContext } from '@ideamine/server/context';
import { defineRoute, JsonText, ok, type RouteInput } from '../define';
import type { CountSource, Total } from '@ideamine/server/queries/paging';

// Everything visitors may call without signing in. Expensive aggregates and anonymous list pages
// are cached for PUBLIC_CACHE_SECONDS; a signed-in caller always reads live data.

const tag = 'Public';

/**
 * Totals of public lists cost a scan on a large table, so signed-in callers share a count for
 * PUBLIC_CACHE_SECONDS, keyed by the filters (never by page or sort). A visitor's whole answer is
 * cached instead (visitorCache), with its count taken live inside it: one cache layer per request,
 * never a cached count inside a cached page. Both are dropped when the data changes.
 */
function sharedCount<T = number>(
  app: AppContext,
  auth: AuthState | null,
  list: string,
  filters: unknown,
): CountSource<T> | undefined {
  if (!auth) return undefined;
  return (count) => app.publicCache.remember(`count:${list}:${JSON.stringify(filters)}`, count);
}

/** Where a caller's public reads go: a visitor's to the read replica (if any), a user's to the primary. */
const readsFor = (app: AppContext, auth: AuthState | null) => (auth ? app.db : app.readDb);

function viewerKey(auth: AuthState | null, ip: string | null, userAgent: string | null): string {
  if (auth) return `u:${auth.user.id}`;
  return `a:${createHash('sha256')
    .update(`${ip ?? ''}|${userAgent ?? ''}`)
    .digest('hex')
    .slice(0, 32)}`;
}

/** One idea for its detail page: public ones for everybody, private ones for their owner and admins. */
async function ideaDetail(input: RouteInput<unknown, unknown, unknown>, id: number, slug?: string) {
  const { app, auth, client } = input;
  const row = await findKnowledge(readsFor(app, auth), id, auth?.user);
  const mayRead = row && row.merged_into_id === null && (auth !== null || row.visibility === 'public');
  if (!row || !mayRead || (slug !== undefined && row.slug !== slug)) throw notFound('Idea');
  const viewToken = await recordView(app.db, id, auth?.user.id ?? null, viewerKey(auth, client.ip, client.userAgent));
  return ok(presentPublicIdea(row, await sourcesOf(readsFor(app, auth), id)), { view_token: viewToken });
}

const trendingFor = (app: AppContext, window: z.infer<typeof trendingQuery>['time_filter'], limit: number) =>
  app.publicCache.remember(`trending:${window}:${limit}`, async () => {
    await ensureIdeaRollups(app.db);
    return trendingKeywords(app.readDb, window, limit);
  });

/**
 * A search that found nothing, respelt from the words the ideas use (did-you-mean.ts), with the
 * same filters; null when no respelling finds anything.
 */
async function searchRespelt(app: AppContext, auth: AuthState | null, query: PublicSearchQuery) {
  const [categories, keywords] = await Promise.all([
    app.publicCache.remember('categories', () => categoriesWithCounts(app.readDb)),
    trendingFor(app, '30d', 100),
  ]);
  const extraWords = [...categories.map((c) => c.name), ...keywords.map((k) => k.keyword)];
  const db = readsFor(app, auth);
  return didYouMean(db, query.q!, extraWords, async (respelt) => {
    const found = await searchPublicIdeas(
      db,
      { ...query, q: respelt, page: 1, page_size: 1 },
      { slice: app.searchSlice },
    );
    return found.total;
  });
}

/** Search results as JSON text: each card as PostgreSQL wrote it, its rank added as the last field. */
const searchResultsJson = (rows: { card: string; rank: number | null }[]) =>
  `[${rows.map((r) => `${r.card.slice(0, -1)},"rank":${JSON.stringify(r.rank === null ? null : Number(r.rank))}}`).join(',')}]`;

export const publicRoutes = [
  defineRoute({
    id: 'public.ideas.list',
    method: 'GET',
    path: '/public/ideas',
    summary:
      'Public ideas: full-text search, category, profit level, whose (user_filter), sort; pages by number or by cursor (meta.pagination.next_cursor)',
    tag,
    requirement: PUBLIC,
    query: publicIdeasQuery,
    response: z.array(ideaCardSchema),
    visitorCache: true,
    handler: async ({ app, auth, query }) => {
      const callerId = auth?.user.id ?? null;
      const { search, category, profit_level, min_profit_level, user_filter } = query;
      // The caller's own ideas are few and just changed by them: counted live.
      const counts =
        user_filter === 'mine'
          ? undefined
          : sharedCount(app, auth, 'ideas', { search, category, profit_level, min_profit_level, user_filter });
      // A visitor's page comes from this process's copy of the list; a signed-in caller reads live.
      const listing = auth ? undefined : app.publicListing;
      const { cardsJson, total, nextCursor } = await listPublicIdeas(
        readsFor(app, auth),
        query,
        callerId,
        counts,
        listing,
      );
      return ok(new JsonText<IdeaCard[]>(cardsJson), {
        pagination: { ...paginate(total, query.page, query.page_size), next_cursor: nextCursor },
      });
    },
  }),

  defineRoute({
    id: 'public.ideas.top_voted',
    method: 'GET',
    path: '/public/ideas/top-voted',
    summary: 'Community favourites: ideas with at least min_votes votes, highest vote score first',
    tag,
    requirement: PUBLIC,
    query: topVotedQuery,
    response: z.array(ideaCardSchema),
    visitorCache: true,
    handler: async ({ app, auth, query }) => {
      const counts = sharedCount(app, auth, 'top-voted', { min_votes: query.min_votes });
      const { rows, total } = await topVotedIdeas(readsFor(app, auth), query, counts);
      return ok(rows.map(presentIdeaCard), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'public.ideas.by_slug',
    method: 'GET',
    path: '/public/ideas/slug/:id/:slug',
    summary: 'One idea by id and slug (404 when the slug does not match); records a view (meta.view_token)',
    tag,
    requirement: PUBLIC,
    params: publicSlugParams,
    response: publicIdeaSchema,
    handler: (input) => ideaDetail(input, input.params.id, input.params.slug),
  }),

  defineRoute({
    id: 'public.ideas.by_id_slug',
    method: 'GET',
    path: '/public/ideas/:id/:slug',
    summary: 'One idea by id, any slug (old links survive a title change); records a view (meta.view_token)',
    tag,
    requirement: PUBLIC,
    params: publicSlugParams,
    response: publicIdeaSchema,
    handler: (input) => ideaDetail(input, input.params.id),
  }),

  defineRoute({
    id: 'public.ideas.get',
    method: 'GET',
    path: '/public/ideas/:id',
    summary: 'One idea by id; records a view (meta.view_token)',
    tag,
    requirement: PUBLIC,
    params: idParam,
    response: publicIdeaSchema,
    handler: (input) => ideaDetail(input, input.params.id),
  }),

  defineRoute({
    id: 'public.editor_picks',
    method: 'GET',
    path: '/public/editor-picks',
    summary: "Editor's picks, newest pick first",
    tag,
    requirement: PUBLIC,
    query: z.strictObject(pageQuery),
    response: z.array(ideaCardSchema),
    visitorCache: true,
    handler: async ({ app, auth, query }) => {
      const { rows, total } = await editorPicks(readsFor(app, auth), query, sharedCount(app, auth, 'editor-picks', {}));
      return ok(rows.map(presentIdeaCard), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'public.trending_keywords',
    method: 'GET',
    path: '/public/trending-keywords',
    summary: 'Keywords of ideas created in the window (24h, 7d, 30d, 90d), with the trend against the window before',
    tag,
    requirement: PUBLIC,
    query: trendingQuery,
    response: z.array(trendingKeywordSchema),
    // The keywords (or counts) are cached on their own for every caller; not cached twice.
    handler: async ({ app, query }) => {
      const all = await trendingFor(app, query.time_filter, query.limit);
      const start = (query.page - 1) * query.page_size;
      return ok(all.slice(start, start + query.page_size), {
        time_filter: query.time_filter,
        pagination: paginate(all.length, query.page, query.page_size),
      });
    },
  }),

  defineRoute({
    id: 'public.categories',
    method: 'GET',
    path: '/public/categories',
    summary: 'The managed categories with the number of public ideas in each',
    tag,
    requirement: PUBLIC,
    response: z.array(categorySchema),
    // The keywords (or counts) are cached on their own for every caller; not cached twice.
    handler: async ({ app }) =>
      ok(await app.publicCache.remember('categories', () => categoriesWithCounts(app.readDb))),
  }),

  defineRoute({
    id: 'public.search',
    method: 'GET',
    path: '/public/search',
    summary: 'Search public ideas: web search syntax, categories (comma-joined), profit level, dates, sort, paging',
    tag,
    requirement: PUBLIC,
    query: publicSearchQuery,
    response: z.array(searchResultSchema),
    // With trending keywords, the keywords are the cached part and the results are read live.
    visitorCache: (q) => q.include_trending !== 'true',
    handler: async ({ app, auth, query }) => {
      const { q, categories, profit_level, date_from, date_to } = query;
      const counts = sharedCount<Total>(app, auth, 'search', { q, categories, profit_level, date_from, date_to });
      const { rows, total, estimated } = await searchPublicIdeas(readsFor(app, auth), query, {
        counts,
        slice: app.searchSlice,
        listing: app.publicListing,
      });
      const trending = query.include_trending === 'true' ? await trendingFor(app, '30d', 10) : undefined;
      const respelt = total === 0 && q && query.page === 1 ? await searchRespelt(app, auth, query) : null;
      return ok(new JsonText<SearchResult[]>(searchResultsJson(rows)), {
        pagination: paginate(total, query.page, query.page_size, estimated),
        ...(trending ? { trending } : {}),
        ...(respelt ? { did_you_mean: respelt } : {}),
      });
    },
  }),

  defineRoute({
    id: 'public.search.suggestions',
    method: 'GET',
    path: '/public/search/suggestions',
    summary: 'Search-box suggestions: categories, trending keywords and idea titles close to the text',
    tag,
    requirement: PUBLIC,
    query: suggestionsQuery,
    response: z.array(suggestionSchema),
    // The keywords (or counts) are cached on their own for every caller; not cached twice.
    handler: async ({ app, query }) => {
      const keywords = (await trendingFor(app, '30d', 100)).map((k) => k.keyword);
      return ok(await suggestions(app.readDb, query.q, query.limit, keywords));
    },
  }),

  defineRoute({
    id: 'public.high_potential',
    method: 'GET',
    path: '/public/high-potential-ideas',
    summary: 'Ideas with the highest overall score (0-5)',
    tag,
    requirement: PUBLIC,
    query: highPotentialQuery,
    response: z.array(highPotentialIdeaSchema),
    visitorCache: true,
    handler: async ({ app, auth, query }) =>
      ok((await highPotentialIdeas(readsFor(app, auth), query.limit)).map(presentHighPotentialIdea)),
  }),

  defineRoute({
    id: 'public.about_scores',
    method: 'GET',
    path: '/public/about-scores',
    summary: 'How good the scores are: the idea model, its training data and its held-out figures',
    tag,
    requirement: PUBLIC,
    response: aboutScoresSchema,
    visitorCache: true,
    handler: async () => ok(aboutTheScores()),
  }),
];
